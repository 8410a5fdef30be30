"""The build step that pyproject.toml cannot say: compile the gettext catalogs.

Babel compiles each generator/locale/LANG/LC_MESSAGES/citytrip.po into the .mo file the package
reads (generator/language.py), whenever the package is built or installed, editable or not
(`pip install -e .` runs build_py too). The .mo files are build products and are not committed.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "generator" / "locale"


def compile_catalogs() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/citytrip.po")):
        with po.open("rb") as stream:
            catalog = read_po(stream, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as stream:
            write_mo(stream, catalog, use_fuzzy=False)


class BuildWithCatalogs(build_py):
    def run(self):
        compile_catalogs()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})

"""Where the data the package ships lives: the cities (`maps/`), the print and site templates
(`templates/`) and the Pyodide pin (`package.json`).

The repository keeps them at its top level (the design's layout); `generator/_shipped/` holds links
to them, which a wheel carries as files (pyproject.toml, package-data). So
`importlib.resources` finds them in a checkout with an editable install and in an installed wheel
alike, and a user's own city folder still works by its path (generator/data/cities.py).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from generator.errors import UsageError


def shipped(name: str) -> Path:
    """The shipped file or folder `name` ("maps", "templates", "package.json") as a real path: in
    a checkout, the repository's own (the link resolved, so messages name `maps/…`)."""
    place = files("generator").joinpath("_shipped", name)
    if not isinstance(place, Path):
        # A zipped install (zipimport) gives no folder to read cities and fonts from.
        raise UsageError(f"citytrip's {name} are inside a zip file ({place}); install citytrip unzipped "
                         "(pip install or pipx install do)")
    return place.resolve()

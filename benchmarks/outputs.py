"""Everything a user sees, written by one checkout, with a manifest of its bytes: the check that a
refactor changed nothing (issue 39: "byte-identical before and after").

    .venv/bin/python benchmarks/outputs.py OUT [--work 0.5]

writes into OUT, by the `citytrip` commands a user runs: the dailies of DATES with their minis;
both cities' kits in English, Dutch and French; every game's score pad and player aid in every
language on both papers; a small site (Antwerpen, one date, in English). Then OUT/manifest.txt,
one line per file: its SHA-256 and its path. To compare two commits, run it in a worktree of each
(`git worktree add /tmp/before REV`) and `diff` the manifests. Takes about a minute and a half.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.cli import main as citytrip  # noqa: E402

DATES = (("brugge", "2026-12-05"), ("antwerpen", "2026-12-07"), ("brugge", "2026-12-10"))
CITIES = ("brugge", "antwerpen")
LANGUAGES = ("en", "nl", "fr")
PAPERS = ("a4", "letter")
GAMES = (("citytrip", None), ("bruges", None), ("bruges", "fr"), ("bigcity", None))
SITE_DATE = "2026-12-07"


def commands(out: Path, work: float) -> list[list[str]]:
    """The commands, each writing into its own part of `out`."""
    runs = [["daily", "--city", city, "--date", day, "--work", str(work), "--out", str(out / "daily")]
            for city, day in DATES]
    runs += [["kit", "--city", city, "--lang", lang, "--count", "2", "--out", str(out / "kits" / f"{city}-{lang}")]
             for city in CITIES for lang in LANGUAGES]
    for game, variant in GAMES:
        for kind in ("scorepad", "reference"):
            for lang in LANGUAGES:
                for paper in PAPERS:
                    name = f"{game}{'-' + variant if variant else ''}-{kind}-{paper}-{lang}.pdf"
                    runs.append([kind, "--game", game, *(["--variant", variant] if variant else []), "--paper", paper,
                                 "--lang", lang, "--out", str(out / "pads" / name)])
    runs.append(["site", "--city", "antwerpen", "--from", SITE_DATE, "--work", str(work), "--out", str(out / "site")])
    return runs


def manifest(out: Path) -> str:
    lines = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.name != "manifest.txt"):
        lines.append(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.relative_to(out).as_posix()}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="an empty or new folder")
    parser.add_argument("--work", type=float, default=0.5, help="the dailies' search work (default 0.5)")
    args = parser.parse_args()
    if args.out.exists() and any(args.out.iterdir()):
        parser.error(f"{args.out} is not empty: the manifest would list other files")
    for command in commands(args.out, args.work):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            code = citytrip(command)
        if code != 0:
            print(f"`citytrip {' '.join(command)}` failed with exit code {code}", file=sys.stderr)
            return code
        print(f"citytrip {' '.join(command[:3])} …", flush=True)
    text = manifest(args.out)
    (args.out / "manifest.txt").write_text(text, encoding="utf-8")
    print(f"{len(text.splitlines())} files; manifest in {args.out / 'manifest.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

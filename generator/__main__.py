"""Entry point of the `citytrip` command (also `python -m generator`)."""

from generator.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

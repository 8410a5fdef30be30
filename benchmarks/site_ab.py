"""Two built sites' repeat visits, alternated (run by hand, not a timed test):

    .venv/bin/python benchmarks/site_ab.py SITE_A SITE_B [--rounds 8] [--city antwerpen --date 2026-11-30]

For comparing a change to the page's start on a busy machine, where benchmarks/site.py's absolute
times wander: each site gets a first visit (unthrottled; its worker keeps the snapshot), then
`--rounds` repeat visits with the page's CPU slowed 4 times as on the phone profile (no network
throttling: a repeat visit sends nothing), the two sites alternated and their order swapped each
round, so that the machine's load falls on both alike. Printed per site: the snapshot's restore
(from Pyodide's loader to CPython restored, play.js's marks) and the time to `ready`, median and all.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from chromium_pages import CHROMIUM_ARGS, PHONE, chromium, served  # noqa: E402

MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
PHONE_CPU = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", type=Path, nargs=2, help="two folders written by `citytrip site`")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--city", default="antwerpen")
    parser.add_argument("--date", default="2026-11-30")
    args = parser.parse_args()
    for site in args.sites:
        if not (site / args.city / args.date / "index.html").is_file():
            parser.error(f"{site} holds no daily page of {args.city} on {args.date}")
    from playwright.sync_api import sync_playwright

    where = f"{args.city}/{args.date}/"
    times = {site: {"restore": [], "ready": []} for site in args.sites}
    with contextlib.ExitStack() as stack:
        browser = stack.enter_context(sync_playwright()).chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        bases = {site: stack.enter_context(served(site, [])) for site in args.sites}
        contexts = {site: browser.new_context(viewport=PHONE) for site in args.sites}
        for site in args.sites:  # the first visit: the worker keeps the snapshot
            page = contexts[site].new_page()
            page.goto(f"{bases[site]}/{where}")
            page.wait_for_selector("body[data-snapshot=kept]", timeout=180_000)
            page.close()
        for round_ in range(args.rounds):
            for site in args.sites if round_ % 2 == 0 else args.sites[::-1]:
                page = contexts[site].new_page()
                contexts[site].new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})
                page.goto(f"{bases[site]}/{where}")
                page.wait_for_selector("body[data-state=ready]", timeout=180_000)
                if page.get_attribute("body", "data-engine") != "snapshot":
                    raise SystemExit(f"{site}: a repeat visit did not restore the snapshot")
                marks = page.evaluate(MARKS)
                times[site]["restore"].append(marks["citytrip-pyodide"] - marks["citytrip-loader"])
                times[site]["ready"].append(page.evaluate("() => performance.now()"))
                page.close()
        browser.close()
    for site, measured in times.items():
        print(f"{site}: " + "; ".join(f"{name} median {statistics.median(values):.0f} ms (all {[round(v) for v in values]})"
                                      for name, values in measured.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

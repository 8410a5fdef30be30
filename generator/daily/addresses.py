"""Where each puzzle's page lives on the site, and the address a printed QR code holds.

One place for the site's layout of folders, used by the site builder (the pages) and by the daily
(its QR code): `brugge/2026-12-01/` for the daily puzzle, `brugge/2026-12-01/mini.html` for its
mini. A printed QR code holds the page's address with the puzzle code in its fragment
(`…/brugge/2026-12-01/#code=CT2/…`): the fragment never reaches the server, and the page checks
that the code is its own puzzle's.
"""

from __future__ import annotations

import datetime as dt
import re

from generator.errors import UsageError, shown

# http(s), a host, an optional port and path; nothing a QR code or an HTML attribute would mangle
# (no spaces, quotes, angle brackets, query or fragment: the page's fragment is the site's own).
_BASE_URL = re.compile(r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?$")
MAX_BASE_URL = 80  # the page address and the code must fit a QR code of 0.5-mm modules in 33 mm


def checked_base_url(text: str) -> str:
    """The site's address as given to --base-url, without a trailing slash; UsageError otherwise."""
    url = str(text).strip()
    if len(url) > MAX_BASE_URL or not _BASE_URL.match(url) or "'" in url:
        raise UsageError(
            f"--base-url {shown(text)} is not a web address like https://example.org/citytrip "
            f"(http or https, at most {MAX_BASE_URL} characters, no spaces, quotes, '?' or '#')"
        )
    return url.rstrip("/")


def page_folder(city_key: str, day: dt.date) -> str:
    """The folder of a date's pages, relative to the site's root: "brugge/2026-12-01"."""
    return f"{city_key}/{day.isoformat()}"


def page_path(city_key: str, day: dt.date, mini: bool) -> str:
    """A puzzle page's file, relative to the site's root."""
    return f"{page_folder(city_key, day)}/{'mini.html' if mini else 'index.html'}"


def page_link(city_key: str, day: dt.date, mini: bool) -> str:
    """A puzzle page's address relative to the site's root, as links write it (a folder's
    index.html is its folder)."""
    return f"{page_folder(city_key, day)}/{'mini.html' if mini else ''}"


def page_address(base_url: str, city_key: str, day: dt.date, mini: bool, code: str) -> str:
    """The full address a printed QR code holds: the page, with the puzzle code in the fragment."""
    return f"{base_url}/{page_link(city_key, day, mini)}#code={code}"

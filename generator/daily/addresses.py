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


MAX_RESULTS_URL = 200


def checked_results_url(text: str) -> str:
    """The results service's address as given to `citytrip site --results-url` (where `citytrip
    serve` answers; the page posts to URL/api/v1/plays), without a trailing slash; UsageError
    otherwise. The same shape as a site's address: the page writes it into a request, never into
    markup, but a query or fragment would break the API's paths."""
    url = str(text).strip()
    if len(url) > MAX_RESULTS_URL or not _BASE_URL.match(url) or "'" in url:
        raise UsageError(
            f"--results-url {shown(text)} is not the address of a results service like https://results.example.org "
            f"or http://127.0.0.1:8000 (where `citytrip serve` answers: http or https, a host, an optional port and "
            f"path, at most {MAX_RESULTS_URL} characters, no spaces, quotes, '?' or '#')"
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


# The city's pages for games on paper (issue 37), written by `citytrip site`: the table page turns
# the action cards for a group playing on printed fill-in sheets, the levels page plays the city's
# solo levels. The kit's sheets and player aid point to them (QR codes, the README).
TABLE_PAGE = "table.html"
LEVELS_PAGE = "levels.html"


def table_address(base_url: str, city_key: str) -> str:
    """The address of a city's table page: "https://example.org/citytrip/brugge/table.html"."""
    return f"{base_url}/{city_key}/{TABLE_PAGE}"


def levels_address(base_url: str, city_key: str) -> str:
    """The address of a city's solo levels page: "https://example.org/citytrip/brugge/levels.html"."""
    return f"{base_url}/{city_key}/{LEVELS_PAGE}"


def site_base_url(text: str | None, city_key: str) -> str | None:
    """--base-url of a printing command (sheets, kit, reference), checked; None without it. The
    site has pages for the shipped cities only: a city of one's own (a folder) is refused."""
    if text is None:
        return None
    url = checked_base_url(text)
    if "/" in city_key or "\\" in city_key:
        raise UsageError(
            f"--base-url points to the city's pages on the site that `citytrip site` builds, which has pages "
            f"for the shipped cities only (brugge, antwerpen), not for {shown(city_key)}: leave --base-url out")
    return url

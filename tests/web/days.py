"""The dates the site tests use: the weekday sets the kind of game (generator/daily/deal.py)."""

import datetime as dt

MONDAY = dt.date(2026, 11, 30)  # basic game, 20 cards, two directions, one race assignment
FRIDAY = dt.date(2026, 12, 4)  # advanced game: bonus actions and choice locations
SATURDAY = dt.date(2026, 12, 5)  # a late-week target (issue 35); on the site without its mini

SITE_DAYS = (MONDAY, FRIDAY, SATURDAY)  # the dates of the site the tests build

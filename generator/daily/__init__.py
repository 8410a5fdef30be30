"""The daily solo puzzle: a pure function of (city, date, generator version)."""

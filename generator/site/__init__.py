"""The static website: one page per daily puzzle and mini, played with the rules engine in the browser."""

"""The results service (`citytrip serve`, docs/results.md): real players' plays of the dailies,
each replayed by the rules engine before it is stored.

One job per module: `published` knows which puzzles the generator publishes for a date (and deals
them once), `judge` turns a posted play into a verdict or a refusal, `store` keeps plays and
published puzzles through SQLAlchemy (SQLite or PostgreSQL), `limits` counts plays per address,
and `app` is the Starlette application that hands them to each other; `server` runs it on
uvicorn. Only this package imports Starlette, uvicorn, SQLAlchemy and psycopg.
"""

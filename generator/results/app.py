"""The Starlette application of `citytrip serve`: the JSON API under /api/v1 (docs/results.md)
and, with a site folder, the built site beside it.

Each request's work (the engine's replay, the database) runs in Starlette's thread pool; the
dates the server has not solved yet are made in one worker process (`Dealer`), so a minute of
solver work never holds up the plays of other dates.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import json
import multiprocessing
import signal
import threading
import time
from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from generator.daily.deal import GENERATOR_VERSION
from generator.data.cities import shipped_cities
from generator.errors import CitytripError, shown
from generator.results.judge import NotDealtYet, Refused, judge
from generator.results.limits import RateLimit
from generator.results.published import KINDS, Published, make_published, version_of
from generator.results.store import Store

MAX_BODY = 8 * 1024
FIGURES_AGE = 1.0  # seconds a day's figures are answered from memory (a busy day's page asks often)
API = "/api/v1"


@dataclass
class Settings:
    db: str = "results.sqlite"
    work: float = 40.0
    plays_per_minute: int = 30
    allow_origins: tuple[str, ...] = ()
    site: str | None = None
    fixed_today: dt.date | None = None  # the date taken as today (tests); None: the UTC date

    def today(self) -> dt.date:
        return self.fixed_today or dt.datetime.now(dt.UTC).date()
    deal_ahead: bool = True
    cities: tuple[str, ...] = ()


class Dealer:
    """Makes the published puzzles the store lacks, one at a time, in a worker process."""

    def __init__(self, store: Store, work: float) -> None:
        self.store, self.work = store, work
        self.pending: set[tuple] = set()
        self.lock = threading.Lock()
        self.pool = None  # a multiprocessing pool of one spawned process, made at the first need
        self.closing = False
        # A published puzzle never changes once stored: each process keeps those it has read.
        self.known: dict[tuple, Published] = {}
        self.codes: dict[str, Published] = {}

    def _keep(self, published: Published | None) -> Published | None:
        if published is not None and len(self.codes) < 10_000:
            self.known[(published.city, published.day, published.kind)] = published
            self.codes[published.code] = published
        return published

    def lookup(self, city: str, day: dt.date, kind: str) -> Published | None:
        known = self.known.get((city, day, kind))
        return known or self._keep(self.store.published(city, day, kind, version_of(kind, self.work)))

    def by_code(self, code: str) -> Published | None:
        """The published puzzle of this very code, at this server's versions."""
        known = self.codes.get(code)
        return known or self._keep(self.store.by_code(code, tuple(version_of(kind, self.work) for kind in KINDS)))

    def request(self, city: str, day: dt.date, kind: str) -> None:
        key = (city, day, kind)
        with self.lock:
            if key in self.pending or self.closing:
                return
            if self.pool is None:
                self.pool = multiprocessing.get_context("spawn").Pool(1, initializer=_ignore_interrupts)
            self.pending.add(key)
            self.pool.apply_async(make_published, (city, day, kind, self.work),
                                  callback=lambda made: self._done(key, made),
                                  error_callback=lambda problem: self._done(key, None, problem))

    def _done(self, key: tuple, made: Published | None, problem: BaseException | None = None) -> None:
        try:
            if made is not None:
                self.store.add_published(made)
            elif not self.closing:  # reported, and asked again by the next play of that date
                print(f"citytrip serve: could not make the {key[2]} of {key[0]} for {key[1]}: {problem!r}", flush=True)
        finally:
            with self.lock:
                self.pending.discard(key)

    def ahead(self, cities: tuple[str, ...], today: dt.date) -> None:
        """Deal today's and tomorrow's puzzles of `cities` that the store lacks."""
        for day in (today, today + dt.timedelta(days=1)):
            for city in cities:
                for kind in KINDS:
                    if self.lookup(city, day, kind) is None:
                        self.request(city, day, kind)

    def close(self) -> None:
        """Stop the worker, dropping a date half made (the next start makes it again)."""
        with self.lock:
            self.closing = True
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle


def error(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers or None)


def create_app(settings: Settings) -> Starlette:
    store = Store(settings.db)
    dealer = Dealer(store, settings.work)
    limit = RateLimit(settings.plays_per_minute)
    origins = set(settings.allow_origins)
    recent: dict[tuple, tuple[float, dict]] = {}  # the day's figures, at most FIGURES_AGE old

    async def body_of(request: Request) -> bytes | None:
        """The request's body, None when it is over MAX_BODY (read no further than that)."""
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return None
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                return None
            chunks.append(chunk)
        return b"".join(chunks)

    def foreign_origin(request: Request) -> str | None:
        """A browser's Origin that is neither this server nor an --allow-origin."""
        origin = request.headers.get("origin")
        if origin is None or origin in origins:
            return None
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        return None if origin == own else origin

    async def post_play(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not limit.allow(address):
            return error(429, f"too many plays from one address: at most {settings.plays_per_minute} a minute",
                         **{"Retry-After": "60"})
        origin = foreign_origin(request)
        if origin is not None:
            return error(403, f"plays from the page at {shown(origin)} are not taken (not an --allow-origin)")
        body = await body_of(request)
        if body is None:
            return error(413, f"the body is over {MAX_BODY // 1024} KB; a play is a code, a plan and an id")
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as problem:
            return error(422, f"the body is not JSON: {problem}")
        try:
            return await run_in_threadpool(record, data)
        except NotDealtYet as wait:
            dealer.request(*wait.key)
            return error(503, str(wait), **{"Retry-After": "60"})
        except Refused as refused:
            return error(refused.status, str(refused))
        except CitytripError as refused:  # the code's or the plan's own message
            return error(422, str(refused))

    def record(data: object) -> Response:
        verdict = judge(data, settings.today(), dealer.lookup, dealer.by_code)
        created, play, standing = store.record(verdict.play)
        answer = {
            "counted": not play.revealed,
            "city": play.city, "date": play.day.isoformat(), "kind": play.kind,
            "score": play.score, "won": play.won, "medal": play.medal,
            "par": verdict.published.par, "target": verdict.published.target,
            "standing": standing,
        }
        if not created:
            answer["message"] = "already counted: only the first play of a puzzle by a player counts"
        return JSONResponse(answer, status_code=201 if created else 200)

    async def get_day(request: Request) -> Response:
        city = request.path_params["city"]
        kind = request.query_params.get("kind", "daily")
        if kind not in KINDS:
            return error(422, f"kind {shown(kind)} is not daily or mini")
        if city not in shipped_cities():
            return error(404, f"unknown city {shown(city)} (known: {', '.join(shipped_cities())})")
        try:
            day = dt.date.fromisoformat(request.path_params["date"])
        except ValueError:
            return error(422, f"date {shown(request.path_params['date'])} is not YYYY-MM-DD")

        def figures() -> dict | None:
            published = dealer.lookup(city, day, kind)
            return None if published is None else store.day(published)

        key = (city, day, kind)
        cached = recent.get(key)
        if cached is not None and cached[0] > time.monotonic() - FIGURES_AGE:
            found = cached[1]
        else:
            found = await run_in_threadpool(figures)
            if found is not None:
                if len(recent) > 1000:
                    recent.clear()
                recent[key] = (time.monotonic(), found)
        if found is None:
            return error(404, f"no {kind} of {city} for {day} has been played here")
        return JSONResponse(found)

    async def export(request: Request) -> Response:
        bounds = []
        for name in ("from", "to"):
            text = request.query_params.get(name)
            try:
                bounds.append(dt.date.fromisoformat(text) if text else None)
            except ValueError:
                return error(422, f"{name}={shown(text)} is not a date YYYY-MM-DD")

        def table() -> str:
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["date", "city", "kind", "version", "score", "won", "medal", "plan", "received"])
            for row in store.export(*bounds):
                writer.writerow([row["day"].isoformat(), row["city"], row["kind"], row["version"], row["score"],
                                 int(row["won"]), row["medal"] or "", row["plan"].replace("\n", " | "),
                                 row["received"].isoformat(timespec="seconds") + "Z"])
            return out.getvalue()

        text = await run_in_threadpool(table)
        return Response(text, media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="citytrip-plays.csv"'})

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "generator_version": GENERATOR_VERSION, "today": settings.today().isoformat()})

    routes = [
        Route(f"{API}/plays", post_play, methods=["POST"]),
        Route(f"{API}/days/{{city}}/{{date}}", get_day, methods=["GET"]),
        Route(f"{API}/export.csv", export, methods=["GET"]),
        Route(f"{API}/health", health, methods=["GET"]),
    ]
    if settings.site:
        routes.append(Mount("/", StaticFiles(directory=settings.site, html=True)))
    middleware = [Middleware(CORSMiddleware, allow_origins=sorted(origins), allow_methods=["GET", "POST"],
                             allow_headers=["content-type"], max_age=3600)] if origins else []

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        if settings.deal_ahead:
            dealer.ahead(settings.cities or tuple(shipped_cities()), settings.today())
        yield
        dealer.close()
        store.close()

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.store = store
    return app

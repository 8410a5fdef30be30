"""Run the results service on uvicorn (the one place that starts it): in this process, or in
several worker processes, each of which builds the application from the settings passed in
its environment."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os

import uvicorn

from generator.results.app import Settings, create_app

ENVIRONMENT = "CITYTRIP_SERVE_SETTINGS"


def serve(settings: Settings, host: str, port: int, workers: int = 1) -> None:
    # proxy_headers: behind a proxy on this machine (--forwarded-allow-ips' default, 127.0.0.1),
    # the rate limit counts the player's address from X-Forwarded-For, not the proxy's.
    options = dict(host=host, port=port, log_level="warning", proxy_headers=True, server_header=False,
                   access_log=False)
    if workers <= 1:
        uvicorn.run(create_app(settings), **options)
        return
    data = dataclasses.asdict(settings)
    data["fixed_today"] = settings.fixed_today.isoformat() if settings.fixed_today else None
    os.environ[ENVIRONMENT] = json.dumps(data)
    uvicorn.run("generator.results.server:app_from_environment", factory=True, workers=workers, **options)


def app_from_environment():
    """The application of one worker process, from the settings `serve` left in the environment."""
    data = json.loads(os.environ[ENVIRONMENT])
    if data["fixed_today"]:
        data["fixed_today"] = dt.date.fromisoformat(data["fixed_today"])
    data["allow_origins"] = tuple(data["allow_origins"])
    data["cities"] = tuple(data["cities"])
    return create_app(Settings(**data))

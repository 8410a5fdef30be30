"""Run the results service on uvicorn (the one place that starts it)."""

from __future__ import annotations

import uvicorn

from generator.results.app import Settings, create_app


def serve(settings: Settings, host: str, port: int) -> None:
    app = create_app(settings)
    # proxy_headers: behind a proxy on this machine (--forwarded-allow-ips' default, 127.0.0.1),
    # the rate limit counts the player's address from X-Forwarded-For, not the proxy's.
    uvicorn.run(app, host=host, port=port, log_level="warning", proxy_headers=True, server_header=False,
                access_log=False)

"""A stub Discord for running the real ``boardhost run`` process offline (tests/bot/discord_layer/test_shutdown_on_signal.py).

:class:`StubDiscord` serves, on 127.0.0.1, the few REST routes a bot uses to log in and sync
its commands (``/api/v10/users/@me``, ``/oauth2/applications/@me``, ``PUT
/applications/{id}/commands``) and a gateway websocket that says HELLO, waits for IDENTIFY,
sends READY with no guilds and answers heartbeats. Unknown routes answer 404 (recorded).

The bot process is started with ``python -m tests.bot.discord_layer.stub_discord BASE_URL ARGS…``: it
points discord.py at ``BASE_URL`` (``Route.BASE`` and the default gateway) and runs
``bot.cli.main(ARGS)``, i.e. ``boardhost ARGS``, exiting with its status.
"""

from __future__ import annotations

import asyncio
import json
import sys

from aiohttp import WSMsgType, web

APP_ID = "100000000000000001"
BOT_USER = {
    "id": APP_ID,
    "username": "boardhost",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
    "flags": 0,
}


def _json(data, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only for exactly "application/json" (no charset)
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


class StubDiscord:
    def __init__(self) -> None:
        self.requests: list[tuple[str, str]] = []
        self.identified = asyncio.Event()
        self.closed = asyncio.Event()
        self.close_code: int | None = None
        self._runner: web.AppRunner | None = None
        self.base = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        self.requests.append((request.method, path))
        if request.method == "GET" and path == "/users/@me":
            return _json(BOT_USER)
        if request.method == "GET" and path == "/oauth2/applications/@me":
            return _json(
                {
                    "id": APP_ID,
                    "name": "boardhost",
                    "description": "",
                    "icon": None,
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": BOT_USER,
                    "team": None,
                    "verify_key": "0" * 64,
                    "flags": 0,
                }
            )
        if request.method == "PUT" and path == f"/applications/{APP_ID}/commands":
            return _json([])
        return _json({"message": "Unknown route (stub)", "code": 0}, status=404)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        seq = 0
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if data.get("op") == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif data.get("op") == 2:  # identify
                seq += 1
                await ws.send_str(
                    json.dumps(
                        {
                            "op": 0,
                            "t": "READY",
                            "s": seq,
                            "d": {
                                "v": 10,
                                "user": BOT_USER,
                                "guilds": [],
                                "session_id": "stub-session",
                                "resume_gateway_url": self.base.replace("http", "ws") + "/gateway",
                                "application": {"id": APP_ID, "flags": 0},
                                "shard": [0, 1],
                            },
                        }
                    )
                )
                self.identified.set()
        self.close_code = ws.close_code
        self.closed.set()
        return ws


def _run(argv: list[str]) -> int:
    import discord.gateway
    import discord.http
    import yarl

    base, args = argv[0], argv[1:]
    discord.http.Route.BASE = base + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http", "ws", 1) + "/gateway")
    from bot.cli import main

    return main(args)


if __name__ == "__main__":
    sys.exit(_run(sys.argv[1:]))

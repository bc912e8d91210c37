"""Several bot processes on one PostgreSQL database and the same tables.

Each worker (tests/bot/stores/pg_worker.py) is a separate Python process with its own Service and
connection pool, playing random legal moves on the SAME two tables as the others, opening
new games when one ends. Afterwards, from the database alone:

* 0 double-applies: every logged action belongs to exactly one acknowledged move, and no
  (game, seq) was acknowledged twice;
* 0 lost acknowledged moves: every acknowledged (game, seq, seat, action) is in the log;
* every game's log is 1..version without a gap, its snapshot is at that version and equals
  a replay of the log from the setup.

The kill test stops one worker with SIGKILL while its move's transaction is open (game row
locked, nothing committed): the others carry on, and the dead worker's move is not stored.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import asyncpg
import pytest

from engines import registry

ROOT = Path(__file__).resolve().parents[3]


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


async def _spawn(url: str, schema: str, seed: int, moves: int, hang_after: int | None = None):
    args = [
        sys.executable,
        "-m",
        "tests.bot.stores.pg_worker",
        url,
        schema,
        "--tables",
        "t0,t1",
        "--moves",
        str(moves),
        "--seed",
        str(seed),
    ]
    if hang_after is not None:
        args += ["--hang-after", str(hang_after)]
    return await asyncio.create_subprocess_exec(
        *args,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def _run_together(procs, on_line) -> list[list[dict]]:
    """Wait until every worker is connected, start them at once, collect their lines."""

    for p in procs:
        ready = json.loads(await asyncio.wait_for(p.stdout.readline(), 60))
        assert ready == {"ready": True}
    for p in procs:
        p.stdin.write(b"go\n")
        await p.stdin.drain()

    async def lines(i, proc):
        out = []
        async for raw in proc.stdout:
            line = json.loads(raw)
            out.append(line)
            await on_line(i, line)
        return out

    return await asyncio.wait_for(asyncio.gather(*(lines(i, p) for i, p in enumerate(procs))), 60)


async def _check(url: str, schema: str, acks: list[dict], *, exact: bool) -> dict:
    """The invariants (module docstring) over the database; returns counts for messages."""

    engine = registry.get("high-low")
    con = await asyncpg.connect(url, server_settings={"search_path": f'"{schema}"'})
    try:
        games = await con.fetch("SELECT pk, options, seed, status, version FROM games ORDER BY pk")
        logged = {}
        for g in games:
            rows = await con.fetch("SELECT seq, seat, action FROM actions WHERE game_pk = $1 ORDER BY seq", g["pk"])
            seats = await con.fetch(
                "SELECT seat FROM seats WHERE game_pk = $1 AND seat_order IS NOT NULL ORDER BY seat_order", g["pk"]
            )
            if g["status"] == "lobby":
                assert rows == []
                continue
            # the log is 1..version, no gap, no extra
            assert [r["seq"] for r in rows] == list(range(1, g["version"] + 1)), g["pk"]
            state = engine.setup([s["seat"] for s in seats], json.loads(g["options"]), g["seed"])
            for r in rows:
                state = engine.apply(state, r["seat"], engine.action_from_json(json.loads(r["action"]))).state
                logged[(g["pk"], r["seq"])] = (r["seat"], json.loads(r["action"]))
            snap = await con.fetchrow("SELECT version, state FROM snapshots WHERE game_pk = $1", g["pk"])
            assert snap["version"] == g["version"]
            assert json.loads(snap["state"]) == json.loads(json.dumps(engine.state_to_json(state)))
            assert (g["status"] == "over") == engine.is_over(state)
    finally:
        await con.close()
    keys = [(a["pk"], a["seq"]) for a in acks]
    assert len(keys) == len(set(keys)), "one (game, seq) acknowledged twice: a double apply"
    lost = [a for a in acks if logged.get((a["pk"], a["seq"])) != (a["seat"], a["action"])]
    assert lost == [], f"acknowledged moves missing from the log: {lost[:3]}"
    if exact:  # every logged action was acknowledged to exactly one caller
        assert set(logged) == set(keys)
    return {"games": len(games), "logged": len(logged), "acked": len(acks)}


async def test_three_processes_on_the_same_tables_and_a_kill_9_mid_move(pg_schema):
    url, schema = pg_schema
    # worker 0 is killed after its 8th acknowledged move, inside the 9th move's transaction
    procs = [await _spawn(url, schema, 10, moves=1000, hang_after=8)]
    procs += [await _spawn(url, schema, seed, moves=30) for seed in (11, 12)]
    killed = asyncio.Event()

    async def on_line(i, line):
        if i == 0 and line.get("in_tx"):
            procs[0].send_signal(signal.SIGKILL)
            killed.set()

    try:
        outs = await _run_together(procs, on_line)
    except BaseException:  # never leave a worker (and its open transaction) behind a failed test
        for p in procs:
            if p.returncode is None:
                p.kill()
        raise
    assert killed.is_set()
    assert await procs[0].wait() == -signal.SIGKILL
    for p in procs[1:]:
        assert await p.wait() == 0, (await p.stderr.read()).decode()[-2000:]
    acks = [line for out in outs for line in out if "seq" in line]
    # the survivors finished all their moves after the kill (the dead worker's row lock went
    # with its connection)
    assert len([a for a in outs[0] if "seq" in a]) == 8
    assert all(out[-1].get("done") for out in outs[1:])
    assert len(acks) == 8 + 2 * 30
    # 0 double-applies, 0 lost acknowledged moves, state = replay of the log; exact: the dead
    # worker's open move left no trace
    counts = await _check(url, schema, acks, exact=True)
    assert counts["logged"] == 68
    # the processes really raced: the survivors had moves refused as "the board changed"
    assert sum(out[-1]["refused"] for out in outs[1:]) > 0, "no lost race: concurrency was not exercised"

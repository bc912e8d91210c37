"""``boardhost simulate``: whole games with AI seats through the service and a real store."""

from __future__ import annotations

import asyncio
import os
import sqlite3

import pytest
from PIL import Image

from bot.cli import main
from bot.simulate import simulate
from tests import fakegame


def test_cli_simulates_factory_manager_with_board_images(tmp_path, capsys):
    out = tmp_path / "sim"
    code = main(["simulate", "--players", "2", "--seed", "3", "--out", str(out), "--every", "30"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "factory-manager: 2 AI seats, seed 3" in printed
    assert "1. AI " in printed and "Ranking:" in printed  # AI seats named as in the bot
    boards = sorted(p for p in os.listdir(out) if p.startswith("board-"))
    assert len(boards) >= 3  # every 30th post of a ~90-move game, and the last
    for name in (boards[0], boards[-1]):
        data = (out / name).read_bytes()
        assert len(data) < 1_000_000
        with Image.open(out / name) as im:
            assert max(im.size) <= 1600
    transcript = (out / "transcript.txt").read_text()
    assert transcript.startswith("[v1] Factory Manager begins. Seat order: AI ")
    assert "Ranking:\n1. AI " in transcript and "ai-" not in transcript
    # the store holds the finished game and its whole log
    con = sqlite3.connect(out / "simulate.db")
    status, version = con.execute("SELECT status, version FROM games").fetchone()
    (logged,) = con.execute("SELECT COUNT(*) FROM actions").fetchone()
    con.close()
    assert status == "over" and version == logged > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_a_whole_game_for_each_player_count(tmp_path, players):
    report = asyncio.run(simulate("factory-manager", players, 100 + players, str(tmp_path), render=False))
    assert report.moves > 0
    assert sorted(line.seat for line in report.ranking) == [f"ai-{i}" for i in range(1, players + 1)]
    places = [line.place for line in report.ranking]
    assert places[0] == 1 and places == sorted(places)
    scores = [line.score for line in report.ranking]
    assert scores == sorted(scores, reverse=True)  # Factory Manager ranks by Elektro first


def test_simulate_refuses_a_bad_player_count(tmp_path, capsys):
    assert main(["simulate", "--players", "6", "--out", str(tmp_path)]) == 2
    assert "2 to 5 players, not 6" in capsys.readouterr().err
    assert main(["simulate", "no-such-game", "--out", str(tmp_path)]) == 2
    assert "no game called `no-such-game`" in capsys.readouterr().err


def test_simulate_a_test_game_writes_every_board(tmp_path):
    fakegame.install()
    try:
        report = asyncio.run(simulate("high-low", 3, 1, str(tmp_path)))
    finally:
        fakegame.uninstall()
    # 4 rounds x (1 call + 3 plays) = 16 moves, one AI move per post: 16 boards
    assert report.moves == 16
    assert len(report.boards) == 16
    assert all(os.path.exists(p) for p in report.boards)


@pytest.mark.parametrize("every", ["0", "-3"])
def test_every_below_one_is_refused_with_one_sentence(tmp_path, capsys, every):
    assert main(["simulate", "--out", str(tmp_path / "sim"), "--every", every]) == 2
    err = capsys.readouterr().err
    assert err == f"--every takes a whole number of posts, 1 or more (1 writes every board), not {every}.\n"
    assert not (tmp_path / "sim").exists()  # refused before anything was written


def test_an_output_folder_that_cannot_be_written_is_one_sentence(tmp_path, capsys):
    (tmp_path / "file").write_text("not a folder")
    out = tmp_path / "file" / "sim"
    assert main(["simulate", "--out", str(out)]) == 2
    assert (
        capsys.readouterr().err
        == f"Cannot write the output folder {out} (Not a directory); choose another with --out.\n"
    )


def test_simulate_writes_the_summary_and_hand_images_players_see(tmp_path, capsys):
    out = tmp_path / "sim"
    # Transport at 2: each player holds tiles (a hand); its renderer draws a phone summary.
    # --every 10000: only the last post's images (the game is far shorter than 10000 posts)
    assert main(["simulate", "transport", "--players", "2", "--seed", "5", "--out", str(out), "--every", "10000"]) == 0
    printed = capsys.readouterr().out
    files = sorted(os.listdir(out))
    boards = [f for f in files if f.startswith("board-")]
    summaries = [f for f in files if f.startswith("summary-")]
    hands = [f for f in files if f.startswith("hand-")]
    last = boards[-1][len("board-") : len("board-") + 4]  # the final version, 4 digits
    assert [s[len("summary-") : -len(".png")] for s in summaries] == [last]
    # one hand image per seat at the last post, named after the seat as the bot names it
    assert hands == [f"hand-{last}-AI1.png", f"hand-{last}-AI2.png"]
    assert "1 summary image, 2 hand images" in printed
    for name in summaries + hands:
        with Image.open(out / name) as im:
            assert im.format == "PNG" and max(im.size) <= 1600

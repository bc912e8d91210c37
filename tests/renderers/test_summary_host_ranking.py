"""The phone summary of a finished game ranks as the posted ranking does (renderers.summary.
host_ranked): the host's tiers, a seat the AI took over last with its tag, places 1, 1, 3."""

from __future__ import annotations

from engines.i18n import render
from renderers.summary import SeatSummary, Summary, host_ranked


def test_a_resigned_player_ranks_last_on_the_image_as_in_the_posted_ranking():
    # Transport ranked by points: bob 3 before alice 1; bob resigned, so the host ranks him last
    # (the Czech play-through: the text said "2. alice — 1 bod / 3. bob — 3 body (vzdal(a))")
    s = Summary(
        title="Transport",
        over=True,
        seats=[
            SeatSummary(name="AI 1", seat="AI 1", score="6"),
            SeatSummary(name="bob (AI)", seat="bob (AI)", score="3"),
            SeatSummary(name="alice", seat="alice", score="1"),
        ],
    )
    view = {"ranking": [["AI 1"], ["alice"], ["bob (AI)"]], "resigned": ["bob (AI)"], "handover": {}}
    host_ranked(s, view)
    assert [(x.name, x.place, render(x.note, "en")) for x in s.seats] == [
        ("AI 1", 1, ""),
        ("alice", 2, ""),
        ("bob (AI)", 3, "resigned"),
    ]


def test_tied_seats_share_a_place_and_the_next_counts_them_and_a_vote_out_is_tagged_so():
    s = Summary(title="x", over=True, seats=[SeatSummary(name=n) for n in ("a", "b", "c", "d")])
    view = {"ranking": [["b", "a"], ["d"], ["c"]], "resigned": ["c"], "handover": {"c": "voted_out"}}
    host_ranked(s, view)
    assert [(x.name, x.place, render(x.note, "en")) for x in s.seats] == [
        ("b", 1, ""),
        ("a", 1, ""),
        ("d", 3, ""),
        ("c", 4, "voted out"),
    ]


def test_a_game_still_running_or_without_the_hosts_ranking_keeps_the_renderers_order():
    seats = [SeatSummary(name="a", place=None), SeatSummary(name="b")]
    running = Summary(title="x", over=False, seats=list(seats))
    host_ranked(running, {"ranking": [["b"], ["a"]]})
    assert [x.name for x in running.seats] == ["a", "b"]
    unhosted = Summary(title="x", over=True, seats=list(seats))
    host_ranked(unhosted, {})
    assert [x.name for x in unhosted.seats] == ["a", "b"]

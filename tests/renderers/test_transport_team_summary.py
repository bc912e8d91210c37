"""Transport with 4 players is played in two teams (red + yellow against blue + green) and
ranked by team: the phone summary must show on each card the points that rank it (the
team's, as the channel's final ranking does), not the seat's own points only."""

from __future__ import annotations

import random

from engines import registry
from renderers.transport import summary

SEATS = ["Jiří", "Jūratė", "Łukasz", "Ona"]


def test_four_player_cards_show_the_team_points_that_rank_them():
    engine = registry.get("transport")
    state = engine.setup(list(SEATS), None, 4)
    r = random.Random(4)
    while not engine.is_over(state):
        p = engine.to_act(state)[0]
        state = engine.apply(state, p, engine.ai.choose(state, p, r)).state
    view = engine.view(state, None)
    teams, points = view["teams"], view["points"]
    s = summary(view)
    for team in teams:
        total = sum(points.get(p, 0) for p in team)  # a team scores its two seats' points
        for p in team:
            card = next(c for c in s.seats if c.name == p)
            assert card.score == f"{total} pt" + ("" if total == 1 else "s")
            own = points.get(p, 0)
            assert f"own {own} pt" + ("" if own == 1 else "s") in card.facts
    # and the places follow those scores: no card ranked below one with fewer points
    shown = [(c.place, int(c.score.split()[0])) for c in s.seats]
    assert shown == sorted(shown, key=lambda x: (x[0], -x[1]))
    assert all(a[1] >= b[1] for a, b in zip(shown, shown[1:]))

"""The rendered text stored with each logged action (``actions.text``), and how a viewer reads it.

Written once, at commit, from the state the move was played in, so ``/game history``, the
export and catch-up posts read each move in constant time instead of replaying the log.
Nothing here imports discord.

The stored text is a JSON object (:func:`move_text`)::

    {"notation": "nominate g19",
     "public": ["<the sentence everyone but the mover reads>", "<public event>", ...],
     "own": "<the mover's own sentence>",          # only when it differs (a hidden choice)
     "private": {"<seat>": ["<private event>", ...]}}  # only when there are any

Each sentence and event is stored as :func:`engines.i18n.to_json` gives it: a structured
text (``{"t": msgid, "p": params, …}``) that reads back as a :class:`engines.i18n.Text`, so
a viewer reads it in their language; a row stored before texts were structured holds plain
English strings, which read back as they are.

A row written before this format holds plain text (the describe sentence, then the public
events, one per line) or nothing (``None``: the game predates stored texts; the service then
replays the log for it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engines.base import ActionModel
from engines.i18n import from_json, to_json

__all__ = ["MoveText", "move_text", "read_move_text"]


@dataclass
class MoveText:
    """One logged move as stored: ``public`` (the sentence everyone else reads, then the
    public events), ``own`` (the mover's own sentence when the move hides a choice from the
    others, else None), ``private`` (seat -> private events), ``notation``."""

    public: list[str] = field(default_factory=list)
    own: str | None = None
    private: dict[str, list[str]] = field(default_factory=dict)
    notation: str = ""

    @property
    def hidden(self) -> bool:
        """The move hides a choice from everyone but its mover."""

        return self.own is not None

    def sentence(self, mover_is_viewer: bool) -> str:
        """The move's sentence for a viewer: the mover reads their own choice, everyone else
        (players and spectators) what the engine tells them."""

        if mover_is_viewer and self.own is not None:
            return self.own
        return self.public[0] if self.public else ""

    def events(self) -> list[str]:
        """The public events of the move (after its sentence)."""

        return self.public[1:]


def move_text(engine: Any, before: Any, seat: str, action: ActionModel, outcome: Any) -> str:
    """The JSON text stored with ``seat``'s ``action`` played on ``before`` (module docstring):
    the sentence as the engine tells it to the other players and spectators
    (``engine.describe_to(before, seat, action, None)``), the mover's own sentence when that
    differs, the public and private events of ``outcome``."""

    public_sentence = engine.describe_to(before, seat, action, None)
    own = engine.describe_to(before, seat, action, seat)
    private: dict[str, list[str]] = {}
    public = [to_json(public_sentence)]
    for ev in outcome.events:
        if ev.visible_to is None:
            public.append(to_json(ev.text))
        else:
            for p in ev.visible_to:
                private.setdefault(p, []).append(to_json(ev.text))
    data: dict[str, Any] = {"notation": engine.notation(before, action), "public": public}
    if to_json(own) != public[0]:
        data["own"] = to_json(own)
    if private:
        data["private"] = private
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_move_text(text: str | None) -> MoveText | None:
    """The stored text of a move as a :class:`MoveText` (None when nothing was stored)."""

    if text is None:
        return None
    if text.startswith("{"):
        data = json.loads(text)
        return MoveText(
            public=[from_json(t) for t in data.get("public") or []],
            own=from_json(data.get("own")),
            private={k: [from_json(t) for t in v] for k, v in (data.get("private") or {}).items()},
            notation=data.get("notation", ""),
        )
    return MoveText(public=text.split("\n"))

"""History and export: the logged moves of a game as a viewer may read them, and the whole
game as JSON (read back by ``boardhost replay``)."""

from __future__ import annotations

from typing import Any

from bot.movelog import MoveText, read_move_text
from bot.service.moves import UseCase
from bot.service.results import NOTHING_TO_EXPORT, OVER, HistoryLine, TableRef, UserError, UserRef
from bot.store import GameRow

__all__ = ["History"]


class History(UseCase):
    """The history part of :class:`bot.service.Service`."""

    #: the ``format`` field of an export (``boardhost replay`` checks it)
    EXPORT_FORMAT = "boardhost-export/1"

    async def history(
        self, table: TableRef, limit: int | None = 20, viewer: UserRef | None = None, game_pk: int | None = None
    ) -> list[HistoryLine]:
        """The last ``limit`` (None: all) logged actions of the table's current game (or of
        game ``game_pk``), oldest first, undone moves and undo markers included, each as
        ``viewer`` (a user id; None: a spectator) may read it: a hidden choice is named only
        to its mover. Reads the text stored with each action at commit: constant time per
        move; a game logged before texts were stored is replayed once instead."""

        game = await self._history_game(table, game_pk)
        if game is None or game.version == 0:
            return []
        t = await self.tables.load(game)
        mine = t.seat_of(str(viewer)) if viewer is not None else None
        me = mine.seat if mine is not None else None
        rows = [r for r in await self.store.actions(game.pk, limit=limit) if r.seq <= game.version]
        texts = await self.tables.move_texts(t, rows)
        out = []
        for row in rows:
            mt = texts.get(row.seq) or MoveText()
            own = me is not None and row.seat == me
            events = mt.events() + (mt.private.get(me, []) if me is not None else [])
            notation = mt.notation if (own or not mt.hidden) else ""
            out.append(
                HistoryLine(
                    row.seq,
                    row.seat,
                    notation,
                    mt.sentence(own),
                    events=events,
                    flag=row.flag,
                    undone=row.undone,
                    created=row.created,
                    hidden=mt.hidden,
                )
            )
        return out

    async def export(self, table: TableRef, viewer: UserRef | None = None) -> dict:
        """The table's current game as a JSON-able dict (``/game export``, read back by
        ``boardhost replay``): game id, title, options, settings, status, version, the seats
        in seat order, and every logged action (seq, seat, action JSON, notation, the
        sentence and events as ``viewer`` reads them, flag, undone, created). Nothing hidden
        while the game runs: no seed, and a choice hidden from ``viewer`` has ``action`` and
        ``notation`` null; once the game is over the seed, every action and the ranking are
        included. UserError: no started game at the table."""

        game = await self.tables.current_game(str(table))
        t = await self.tables.load(game) if game is not None else None
        if t is None or not any(s.seat_order is not None for s in t.seats):
            raise UserError(NOTHING_TO_EXPORT)
        game = t.game
        over = game.status == OVER
        rows = {r.seq: r for r in await self.store.actions(game.pk) if r.seq <= game.version}
        lines = await self.history(table, limit=None, viewer=viewer, game_pk=game.pk)
        actions = []
        for line in lines:
            row = rows[line.seq]
            shown = over or not line.hidden or bool(line.notation)  # the viewer's own hidden move: shown
            if over and line.hidden and not line.notation:  # over: the choice is no longer hidden
                full = read_move_text(row.text)
                line = HistoryLine(
                    line.seq,
                    line.seat,
                    full.notation if full else "",
                    full.sentence(True) if full else line.text,
                    line.events,
                    line.flag,
                    line.undone,
                    line.created,
                    line.hidden,
                )
            actions.append(
                {
                    "seq": line.seq,
                    "seat": line.seat,
                    "action": row.action if shown else None,
                    "notation": line.notation or None,
                    "text": line.text,
                    "events": line.events,
                    "flag": line.flag,
                    "undone": line.undone,
                    "created": line.created,
                }
            )
        out: dict[str, Any] = {
            "format": self.EXPORT_FORMAT,
            "game": game.game_id,
            "title": t.engine.title,
            "table": game.table_id,
            "number": game.pk,
            "status": game.status,
            "version": game.version,
            "options": dict(game.options),
            "settings": self.tables.settings_of(game).model_dump(mode="json"),
            "seats": [
                {
                    "seat": s.seat,
                    "order": s.seat_order,
                    "user": s.user_id,
                    "ai": s.is_ai,
                    "resigned": s.resigned,
                    "handover": s.handover if s.resigned else None,
                }
                for s in t.in_order()
            ],
            "seed": game.seed if over else None,
            "actions": actions,
        }
        if over:
            state = await self.tables.state(t)
            out["ranking"] = [
                {
                    "place": r.place,
                    "seat": r.seat,
                    "score": r.score,
                    "score_text": r.score_text,
                    "resigned": r.resigned,
                    "handover": r.handover,
                }
                for r in t.ranking(state)
            ]
        return out

    async def _history_game(self, table: TableRef, game_pk: int | None) -> GameRow | None:
        if game_pk is None:
            return await self.tables.current_game(str(table))
        game = await self.store.get_game(game_pk)
        if game is None or game.table_id != str(table):
            return None
        return self.tables.cached_game(game.table_id, game.pk) or game

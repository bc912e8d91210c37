"""Kanban EV with SpeedCharger: the state (player aid by Jarrod Moore, "the aid").

``State`` holds the factory board (:class:`Board`, ``state.board``) and one
:class:`PlayerBoard` per seat (``state.player_boards``, in seat order). During a work turn
the board holds the :class:`WorkTurn`, during a meeting the :class:`Meeting`.

Stored games: every field keeps, as its alias, the short key the first release stored
(``"b"`` for the board, ``"ps"`` for the player boards, ``"banked"``, ``"gtiles"``, ``"t"``,
``"m"``, ...). Models read both the alias and the field name and write the alias
(``serialize_by_alias``), so the JSON in a database is the same before and after the models
were introduced: games saved by either version load in the other, and no migration is
needed. The ``view()`` keys a renderer reads are these same short keys (the engine dumps
the models by alias), so the board image's contract is unchanged too.
``tests/engines/kanban_ev/test_stored_state.py`` loads two states saved in the old format.

Position codes: department index * 2 + (0 upper, 1 lower) workstation; 10 = Sandra's desk.
Seat indices (``who``, ``order``, ``spoken``, factory goal takers) are 0-based positions in
``State.players``; ``-1`` in ``order`` is Sandra.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator

#: models read the field name or the stored short key, and write the short key
_STORED = ConfigDict(validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)


class Options(BaseModel):
    """Variants: Mean (default) or Nice Sandra; the SpeedCharger mini-expansion (default on)."""

    sandra: Literal["mean", "nice"] = "mean"
    speedcharger: bool = True


class WorkTurn(BaseModel):
    """The work turn in progress (Kanban EV, working: at most 4 shifts a turn)."""

    model_config = _STORED

    who: int  #: seat index of the worker
    dept: str  #: department of the workstation
    second_dept: str = Field("", alias="dept2")  #: Administration's other department ("" none yet)
    workstation_shifts: int = Field(alias="ws")  #: shifts the workstation gives this turn
    workstation_used: int = Field(alias="ws_used")  #: of those, spent so far
    spent: int  #: shifts spent this turn (workstation + banked)
    used: list[str]  #: once-per-turn actions done: "order", "voucher", "charge", "rd_charger"
    claimed: int  #: cars claimed (the pace car moves once per car at the end of the turn)
    #: choices owed before anything else, first first: ``["cert"]``, ``["award", dept]``,
    #: ``["route", [conveyor nodes of the pushed chain]]``
    pending: list[list[Any]]
    recycled: list[str]  #: parts taken from recycling this turn (cannot be given back)
    #: banked shifts, books and vouchers gained this turn ("shift", "book", "voucher"):
    #: usable only from the end of the turn
    gained: dict[str, int] = Field(alias="new")
    #: a design was selected this turn (Design refills at its end); stored only when true
    selected_design: bool = Field(False, alias="design", exclude_if=lambda v: not v)


class Meeting(BaseModel):
    """The meeting in progress (Kanban EV, meeting)."""

    model_config = _STORED

    played: list[str]  #: per seat, the goal played this meeting ("" none yet)
    spoken: dict[str, list[int]]  #: goal -> seats with a speech token on it, in order
    passes: int  #: passes in a row
    played_now: bool = Field(alias="now")  #: the seat to act played its goal this turn


class Board(BaseModel):
    """The factory board, its supplies and the calendar."""

    model_config = _STORED

    day: int
    week: int
    cycle: int
    meeting_marker: bool = Field(alias="meeting")  #: under the meeting room: a meeting after work
    pace_car: int = Field(alias="pace")  #: test-track space of the pace car
    #: the 4 spaces behind the pace car, front first: car model or "" for a gap
    behind_pace_car: list[str] = Field(alias="queue")
    car_supply: dict[str, int] = Field(alias="cars")  #: model -> cars left in the supply
    conveyor: dict[str, str]  #: conveyor node -> car model or ""
    assembly_lines: dict[str, list[str]] = Field(alias="assembly")  #: model -> parts provided
    demand_tiles: list[str] = Field(alias="demand")  #: the 2 face-up demand tiles (models)
    demand_tokens: list[int] = Field(alias="demand_tok")  #: speech tokens on each
    demand_stack: list[str]  #: face-down demand tiles (hidden order)
    warehouses: dict[str, int] = Field(alias="wh")  #: part -> parts in its warehouse
    part_supply: dict[str, int] = Field(alias="supply")  #: part -> parts in the supply
    recycling: list[str]  #: parts in recycling (all different)
    kanban_deck: list[str] = Field(alias="kdeck")  #: Kanban order deck (hidden order, top first)
    #: model -> its 6 upgrade spaces (part or "")
    upgrade_spaces: dict[str, list[str]] = Field(alias="upg")
    part_values: dict[str, int] = Field(alias="value")  #: part -> value marker
    double_upgraded: list[str] = Field(alias="doubled")  #: parts whose marker was flipped
    #: 2 rows x 4 face-up designs ("" = gap, index 3 = rightmost)
    design_rows: list[list[str]] = Field(alias="rows")
    #: [top-row stack, bottom-row stack, central stack], first = top (only the top is public)
    design_stacks: list[list[str]] = Field(alias="stacks")
    goal_deck: list[str] = Field(alias="gdeck")  #: performance goals (hidden order)
    goal_discard: list[str] = Field(alias="gdiscard")
    meeting_room: list[str] = Field(alias="room")  #: performance goals in the meeting room
    final_goal: str = Field(alias="final")  #: the final goal tile
    #: "grey" | "beige" | "cert" -> its 2 tiles as [value, tokens left, [seats who took one]]
    factory_goals: dict[str, list[list[Any]]] = Field(alias="fgoals")
    award_tiles: dict[str, list[str]] = Field(alias="awards")  #: dept -> face-down award tiles
    award_tokens: dict[str, int] = Field(alias="award_tok")  #: dept -> speech tokens on its stack
    charger_supply: int = Field(alias="chargers")  #: charger tokens left
    generic_supply: int = Field(alias="generic")  #: generic speech tokens left
    voucher_supply: int = Field(alias="vouchers")  #: parts vouchers left
    sandra: int  #: Sandra's position code
    positions: list[int] = Field(alias="pos")  #: seat -> position code (-1 = none yet)
    order: list[int]  #: who acts this phase, in order (seat index, -1 = Sandra)
    turn_index: int = Field(alias="idx")  #: index in ``order`` of whose turn it is
    turn: WorkTurn | None = Field(None, alias="t")  #: the work turn in progress
    current_meeting: Meeting | None = Field(None, alias="m")  #: the meeting in progress
    nominations: list[str] = Field(alias="nom")  #: per seat, the goal nominated ("" not yet)
    setup_pick: str = Field(alias="pick")  #: setup picks: "part" or "design" next
    training_stamp: int = Field(alias="stamp")  #: arrival counter (ties on a training space)
    draws: int  #: random draws so far (each draw is seeded by this counter)
    #: seat id -> final scoring breakdown (empty until the game is over)
    final_scores: dict[str, dict[str, int]] = Field(alias="result")

    @field_validator("turn", "current_meeting", mode="before")
    @classmethod
    def _empty_is_none(cls, v: Any) -> Any:
        """The stored format writes "no turn / no meeting" as ``{}``."""

        return None if v == {} else v

    @field_serializer("turn", "current_meeting", mode="wrap")
    def _none_is_empty(self, v: Any, handler) -> Any:
        return {} if v is None else handler(v)


class PlayerBoard(BaseModel):
    """One player's board, tokens, hand and score."""

    model_config = _STORED

    pp: int  #: production points (PP)
    banked_shifts: int = Field(alias="banked")  #: shift bank (max 10)
    books: int  #: max 6
    vouchers: int  #: parts vouchers (max 6)
    vouchers_pending: int = Field(alias="vpend")  #: received this turn, placed at its end
    speech_tokens: int = Field(alias="speech")  #: own speech tokens on the board
    generic_tokens: int = Field(alias="generic")  #: generic speech tokens beside the board
    garage_set: str = Field(alias="gset")  #: "basic" | "expert" ("" not chosen yet)
    #: garage -> index of its tile in the set (empty until arranged; garage 5's is 4)
    garage_tiles: list[int] = Field(alias="gtiles")
    garages: list[str]  #: 5 garages: car model or ""
    designs: list[str]  #: design cards on the board
    upgraded: list[str]  #: upgraded (flipped) designs
    tested: list[str]  #: upgraded designs that are tested
    parts: list[str]  #: car parts on the board
    chargers: list[str]  #: departments with a charger token
    double_upgrade_used: bool = Field(alias="dbl")
    goals: list[str]  #: performance goals in hand
    kanban_cards: list[str] = Field(alias="kanban")  #: Kanban order cards in hand
    training: list[int] = Field(alias="train")  #: per department, the training-track space
    #: per department, the arrival stamp of the training disc (later = higher in the stack)
    training_stamps: list[int] = Field(alias="stamp")
    #: certification marker: section * 4 + space (0-based), -1 before setup
    certification: int = Field(alias="cert")


class State(BaseModel):
    """The whole game."""

    model_config = _STORED

    players: list[str]
    seed: int
    sandra_mode: str
    speedcharger: bool
    phase: str
    board: Board = Field(alias="b")
    player_boards: list[PlayerBoard] = Field(alias="ps")

"""Visiting Kaunas state: the typed pydantic models of a game (rules 003)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from . import data as D

SIDES = ("a", "b")
UP = ("up1", "up2", "up3")
DOWN = ("down1", "down2", "down3")


class Options(BaseModel):
    """Visiting Kaunas has no variants."""


class Die(BaseModel):
    v: int
    use: str = ""  # "" unassigned, "event", "action"
    card: str = ""  # board position for an event die (up1…down3)
    cid: str = ""  # the card id there at assignment
    zone: str = ""
    done: bool = False


class PlayerState(BaseModel):
    coins: int = D.START_COINS
    street: list[list[str]] = Field(default_factory=lambda: [[D.START_BUILDING], []])
    upgrades: dict[str, list[str]] = Field(default_factory=dict)  # "a1" -> upgrade ids
    tourists: dict[str, int] = Field(default_factory=dict)  # "a1:midday" -> standing tourists
    lying: dict[str, int] = Field(default_factory=dict)  # moved during the current event
    supply: int = D.TOURISTS
    grande: str = ""  # "" = not in the city, else "a1:midday"
    grande_moved: bool = False
    column: int = 0  # column ship position (0-based)
    row: int = 0  # row ship position (0-based)


class State(BaseModel):
    seed: int
    players: list[str]
    first: int = 0
    first_rolls: list[list[int]] = Field(default_factory=list)
    turn: int = 0
    active: int = 0
    phase: str = "buy"
    grid: list[list[str]]  # rows × columns; "" = empty spot
    bdeck: list[str]
    edeck: list[str]  # index 0 = top
    down: list[str]  # 3 face-down cards; "" = empty
    up: list[list[str]]  # 3 face-up stacks; last = top
    discard: list[str] = Field(default_factory=list)
    stakes: dict[str, int] = Field(default_factory=dict)  # coins on face-down cards
    udeck: list[str]
    uface: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)
    dice: list[Die] = Field(default_factory=list)
    current: int = -1  # die being resolved (multi-step actions)
    reveals_left: int = 0
    used_rows: list[int] = Field(default_factory=list)
    used_columns: list[int] = Field(default_factory=list)
    taking: str = ""  # building the active player must place
    after_build: str = ""  # "roll" | "offers" | "resolve"
    offers: dict[str, list[int]] = Field(default_factory=dict)  # seat -> [row, column]
    to_refill: list[list[int]] = Field(default_factory=list)
    moving: str = ""  # event card whose tourists are moving / card waiting for a cover
    move_zone: str = ""
    move_n: int = 0
    movers: dict[str, int] = Field(default_factory=dict)  # seat -> tourists still to move
    moved: int = 0  # meeples moved in the current event, all players together
    pl: dict[str, PlayerState]

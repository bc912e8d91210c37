"""The transport-free service layer: tables, lobby, seats, moves, AI seats (docs/architecture.md).

Everything a caller needs is importable from here (``from bot.service import Service,
UserError, Result, …``); the modules inside are the service's own parts.
"""

from bot.service.core import Service
from bot.service.parsing import engine_for, option_values, parse_options, parse_settings
from bot.service.results import (
    BOARD_CHANGED,
    LOBBY_CHANGED,
    NO_GAME,
    Board,
    Hand,
    HistoryLine,
    Notice,
    PrivateMessage,
    RankLine,
    Result,
    SeatInfo,
    StaleVersion,
    TableInfo,
    TableSummary,
    UndoRequest,
    UserError,
    rank_lines,
    ranked_view,
)

__all__ = [
    "BOARD_CHANGED",
    "LOBBY_CHANGED",
    "NO_GAME",
    "Board",
    "Hand",
    "HistoryLine",
    "Notice",
    "PrivateMessage",
    "RankLine",
    "Result",
    "SeatInfo",
    "Service",
    "StaleVersion",
    "TableInfo",
    "TableSummary",
    "UndoRequest",
    "UserError",
    "option_values",
    "engine_for",
    "parse_options",
    "parse_settings",
    "rank_lines",
    "ranked_view",
]

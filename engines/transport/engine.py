"""Transport, the conveyor-belt tile game (id ``transport``): the engine, the contract over
:mod:`engines.transport.rules` (which lists the rule interpretations)."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import repeat
from operator import is_

from engines.base import (
    ActionModel,
    Choice,
    Engine,
    Event,
    IllegalAction,
    Outcome,
    default_parse,
    event,
    normalize,
    shuffled,
)
from engines.copying import built
from engines.i18n import from_json, texts, to_json
from engines.transport import data
from engines.transport import hexes as hx
from engines.transport import rules as R
from engines.transport import text as words
from engines.transport.actions import (
    ACTIONS,
    SWAP_HAND,
    Connect,
    Insert,
    Lift,
    Load,
    Move,
    SwapHand,
    SwapPallets,
    Wrench,
    _lift,
    _load,
    _move,
    _swap_pallets,
    insert_wrenches,
    wrench_actions,
)
from engines.transport.ai import TransportAI
from engines.transport.hexes import field_of, grid_of, key, parse_key
from engines.transport.rules import put
from engines.transport.state import FieldDict, Options, State
from engines.transport.text import (
    REGION_LABELS,
    RULES_SUMMARY,
    SHAPE_NAMES,
    code,
    colour,
    next_to,
    place_name,
    region_of,
    tile_name,
)

from .search import HOOKS as SEARCH_HOOKS

_T, _Tn, Tp = texts("transport")
#: the game's texts, one shared Text per distinct sentence and parameters (texts are
#: immutable; the builder asks the same questions for hundreds of moves). Parameters must be
#: hashable: tuples, not lists. The events of ``apply`` use the plain ``_T``: nearly every one
#: names new cells (one in ten was met again), and each memoized one was a long-lived object
#: more for the garbage collector to go through.
T = lru_cache(maxsize=8192)(_T)
Tn = lru_cache(maxsize=1024)(_Tn)


class Transport(Engine):
    """Transport, 2-4 players, 4 players in two teams (seats 1+3 against 2+4)."""

    id = "transport"
    title = "Transport"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    action_models = ACTIONS
    AI = TransportAI
    search = SEARCH_HOOKS
    has_hands = True
    rules_summary = RULES_SUMMARY

    def __init__(self) -> None:
        super().__init__()
        self._memo: tuple | None = None  # see _board
        self._cells: tuple | None = None  # see _cell
        self._legal: tuple | None = None  # see _legal_key

    def _board(self, state: State) -> tuple[dict, dict]:
        """``(grid_of(state), hexes.frontier(grid))``, remembered for the last field seen: a
        host lists the legal actions and then applies one on the same state, and ``apply``
        leaves the grid and frontier of the state it returns (derived from the old ones in
        the changed cells only). Used only when the field holds the very same (frozen) cells
        under the same keys, so the answer is always exact. Callers must not change them."""

        memo = self._memo_of(state)
        return memo[2], memo[3]

    def _memo_of(self, state: State) -> tuple:
        """The remembered ``(keys, cells, grid, frontier, parcel moves or None, parcel
        searches or None, field, its version)`` of ``state``'s field (see :meth:`_board`,
        :meth:`_remember`)."""

        memo = self._memo
        field = state.field
        if memo is not None:
            if memo[6] is field and memo[7] is not None:
                # the very FieldDict seen, unchanged since (it counts its changes in place)
                if memo[7] == field.version:
                    return memo
            elif memo[0] is not None and self._same(memo, field):
                return memo
        grid = grid_of(state)
        return self._remember(field, grid, hx.frontier(grid))

    @staticmethod
    def _same(memo: tuple, field: dict) -> bool:
        """Whether ``field`` holds the very cells of the field of ``memo``, under the same keys."""

        return memo[0] == tuple(field) and all(map(is_, memo[1], field.values()))

    def _remember(
        self, field: dict, grid: dict, front: dict, moves: list | None = None, searches: dict | None = None
    ) -> tuple:
        """Keep ``(grid, frontier)`` as those of ``field`` (a plain dict: its keys and its very
        cells; a :class:`FieldDict`: itself, as long as it is not changed in place, its
        version), ``moves``, the grid's :func:`hexes.parcel_moves` when known, and
        ``searches``, parcel cell -> its :func:`hexes.parcel_search` on the grid, for the
        parcels known. Returns the memo (one tuple, replaced whole: threads may share the
        engine)."""

        if type(field) is FieldDict:
            memo = (None, None, grid, front, moves, searches, field, field.version)
        else:
            memo = (tuple(field), tuple(field.values()), grid, front, moves, searches, field, None)
        self._memo = memo
        return memo

    @staticmethod
    def _legal_key(state: State, player: str) -> tuple:
        """Everything :meth:`legal_actions` reads besides the field: the step, the seat, its
        hand, and how many parcels and tiles are left. Two states with the same key and the
        same field have the same legal actions."""

        return (state.phase, player, tuple(state.hands[player]), len(state.bag), len(state.stack))

    # ----- setup -------------------------------------------------------------------------
    def setup(self, players, options=None, seed: int = 0) -> State:
        """Transport, "Voorbereiding": start layout for the player count, one colour, pallet
        and score tile per player, shuffled stack, parcels in the bag, 4 tiles per hand."""

        self.check_players(players)
        self.options(options)
        n = len(players)
        colours = list(data.COLOURS[:n])
        grid = {}
        for tid, q, r, rot in data.START_LAYOUTS[n]:
            if tid.startswith("P"):
                tid = colours[int(tid[1:]) - 1]
            grid[(q, r)] = [tid, rot, None]
        stack = shuffled([t for t, _s, _i in data.stack_tiles()], seed, "stack")
        bag = [list(p) for p in shuffled(data.parcel_list(), seed, "bag")]
        hands = {}
        for p in players:
            hands[p] = stack[: data.HAND_SIZE]
            stack = stack[data.HAND_SIZE :]
        state = State(
            players=list(players),
            seed=seed,
            colours=colours,
            field=field_of(grid),
            stack=stack,
            hands=hands,
            bag=bag,
            scored={p: [] for p in players},
        )
        R.start_turn(state, grid, [])
        return state

    # ----- contract ------------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        return [] if state.phase == "over" else [state.players[state.current]]

    def legal_actions(self, state: State, player: str) -> list[ActionModel]:
        """Every legal action of ``player`` now, in a stable order (see module doc)."""

        if state.phase == "over" or player != state.players[state.current]:
            return []
        memo = self._memo_of(state)
        grid = memo[2]
        out = self._list(state, player, memo)
        # remembered for check: the host applies one of these very objects next
        self._legal = (grid, self._legal_key(state, player), out)
        return list(out)

    def _list(self, state: State, player: str, memo: tuple) -> list[ActionModel]:
        """:meth:`legal_actions` of the seat to act, from the memo of the state's field
        (:meth:`_memo_of`)."""

        grid, front = memo[2], memo[3]
        if state.phase == "play":
            out = R.connect_options(state, grid, player, front=front)
            if not out or len(state.stack) >= data.HAND_SIZE:
                out.append(SWAP_HAND)
            return out
        if state.phase == "load":
            return [_load(p) for p in hx.empty_loading(grid)]
        if state.phase == "wrench":
            out = []
            for p, moves, inserts in hx.wrench_groups(grid, front=front):
                out += wrench_actions(p, moves)
                if inserts:
                    out += insert_wrenches(p, inserts)
            return out
        if state.phase == "lift":
            out = [_lift(c, p, k) for c, p, k in hx.lift_moves(grid, front=front)]
            out += [_swap_pallets(a, b) for a, b in hx.lift_swaps(grid)]
            return out
        if state.phase == "move":
            moves = memo[4] if memo[4] is not None else hx.parcel_moves(grid)
            return [_move(a, b) for a, b in moves]
        return []

    def _is_legal(self, state: State, player: str, action: ActionModel) -> bool:
        """``action in legal_actions(state, player)`` (``action`` canonical), checking the
        proposed move on its own cells instead of listing every option."""

        if state.phase == "over" or player != state.players[state.current]:
            return False
        phase = state.phase
        grid, front = self._board(state)
        if phase == "play" and isinstance(action, (Connect, Insert)):
            if action.tile not in state.hands[player]:
                return False
            shape, icon = hx.SHAPE[action.tile], hx.ICON[action.tile]
            pal = hx.pallets(grid)
            if isinstance(action, Connect):
                at = parse_key(action.at)
                if at is None or at in grid or not hx.placement_fits(shape, hx.side_masks(grid, at), action.rotation):
                    return False
                if not icon:
                    return True
                g = dict(grid)
                g[at] = [action.tile, action.rotation, None]
                also = None
            else:
                to = parse_key(action.pallet_to)
                if action.pallet not in pal or (action.pallet, action.rotation, to) not in hx.insertions(
                    grid, action.tile, hx.pallet_slots(grid, {action.pallet: pal[action.pallet]}, front)
                ):
                    return False
                if not icon:
                    return True
                g = R.after_insert(grid, action.tile, action.pallet, action.rotation, to, pal)
                at, also = pal[action.pallet], to
                pal = {**pal, action.pallet: to}
            # connect_options' icon check with the same hints (the answer is icon_possible's)
            places = hx.placements(grid, action.tile, front=front) if icon == "wrench" else []
            return hx.IconCheck(grid, len(state.bag), pal, front).possible(
                g, icon, R.hints(icon, at, places, also), pal
            )
        if phase == "play" and isinstance(action, SwapHand):
            return len(state.stack) >= data.HAND_SIZE or not R.connect_options(
                state, grid, player, first_only=True, front=front
            )
        if phase == "load" and isinstance(action, Load):
            return hx.loading_ok(grid, parse_key(action.at))
        if phase == "wrench" and isinstance(action, Wrench):
            pallet_to = None if action.pallet_to is None else parse_key(action.pallet_to)
            if action.pallet_to is not None and pallet_to is None:
                return False
            return hx.wrench_ok(grid, parse_key(action.at), parse_key(action.to), action.rotation, pallet_to)
        if phase == "lift" and isinstance(action, Lift):
            return hx.lift_ok(grid, action.pallet, parse_key(action.to), action.facing)
        if phase == "lift" and isinstance(action, SwapPallets):
            return (action.a, action.b) in hx.lift_swaps(grid)
        if phase == "move" and isinstance(action, Move):
            frm = parse_key(action.at)
            if frm is None or frm not in grid or grid[frm][2] is None:
                return False
            return parse_key(action.to) in hx.parcel_destinations(grid, frm)
        return False

    def apply(self, state: State, player: str, action: ActionModel) -> Outcome:
        """:meth:`Engine.apply`, the field's memo looked up once for the check and the step
        (a seat that may not act now gets :meth:`Engine.apply`'s refusal)."""

        if state.phase == "over" or player != state.players[state.current]:
            return super().apply(state, player, action)  # it refuses
        memo = self._memo_of(state)
        action = self._checked(state, player, action, memo)
        new = self.copy_state(state)
        events: list[Event] = []
        self._step(new, player, action, events, memo)  # ``new`` holds the very field of ``state``
        return Outcome(new, events)

    def check(self, state: State, player: str, action: ActionModel) -> ActionModel:
        """The action in its canonical form (the lowest of equal rotations) if the rules allow
        it, checked on its own cells (no list of every legal action); else :class:`IllegalAction`
        with the specific reason."""

        return self._checked(state, player, action, self._memo_of(state))

    def _checked(self, state: State, player: str, action: ActionModel, memo: tuple) -> ActionModel:
        """:meth:`check`, ``memo`` being :meth:`_memo_of` the state."""

        listed = self._legal
        if listed is not None and any(map(is_, listed[2], repeat(action))):
            # one of the very objects legal_actions listed: legal if listed for this state
            # (the same grid, so the same field, and the same key)
            if listed[0] is memo[2] and listed[1] == self._legal_key(state, player):
                return action
        action = R.canonical(state, action)
        if not self._is_legal(state, player, action):
            raise IllegalAction(R.why_not(state, player, action))
        return action

    def copy_state(self, state: State) -> State:
        """A shallow copy whose mutable parts are copied; the (frozen) field cells are shared,
        and so are the lists that are only ever replaced, never changed in place: the
        ``[low, high]`` pairs of the bag, the scored ``[top, bottom]`` pairs and the entries
        of ``recent``. Built without pydantic's copy (the fields are the state's own, already
        valid); the copied fields count as set, as when assigned."""

        d = state.__dict__.copy()
        d["players"] = list(state.players)
        d["colours"] = list(state.colours)
        d["stack"] = list(state.stack)
        d["hands"] = {p: list(h) for p, h in state.hands.items()}
        d["bag"] = list(state.bag)
        d["scored"] = {p: list(v) for p, v in state.scored.items()}
        d["recent"] = list(state.recent)
        return built(State, d, state.__pydantic_fields_set__ | _COPIED)

    def _apply(self, new: State, player: str, action: ActionModel, events: list[Event]) -> None:
        """Carry out one step (see :mod:`engines.transport.rules`) on the copy ``new``."""

        self._step(new, player, action, events, self._memo_of(new))

    def _step(self, new: State, player: str, action: ActionModel, events: list[Event], memo: tuple) -> None:
        """:meth:`_apply`, ``memo`` being :meth:`_memo_of` the state before (``new`` still holds
        its very field)."""

        T = _T  # noqa: N806 (the plain texts, see T above; named T for the catalogs' extraction)
        before, front = memo[2], memo[3]
        put(new, "changed", R.cells_of(new, action))
        touched = [parse_key(k) for k in new.changed]
        known = hx.searches_after(memo[5], touched)  # the parcel searches still valid after it
        grid = dict(before)  # cells are replaced, never changed in place (``before`` is memoized)
        hand = new.hands[player]
        moves = None  # the parcel moves of the new grid, when after_main found them
        found: list = []  # the frontier of the new grid, once asked for

        def after() -> dict:
            """The frontier of ``grid`` as the step leaves it (asked for at the turn's start,
            the step's last change), from that of ``before``."""

            if not found:
                found.append(hx.frontier_after(before, front, grid, touched))
            return found[0]

        if isinstance(action, Connect):
            hand.remove(action.tile)
            grid[parse_key(action.at)] = [action.tile, action.rotation, None]
            events.append(
                event(
                    type="connect",
                    text=T(
                        "{seat} connects {tile} at {cell}, rotation {rotation}.",
                        seat=player,
                        tile=tile_name(action.tile),
                        cell=code(action.at),
                        rotation=action.rotation,
                    ),
                )
            )
            moves = R.icon(new, grid, action.tile, events, after, known)
        elif isinstance(action, Insert):
            hand.remove(action.tile)
            ppos = hx.pallets(grid)[action.pallet]
            g = R.after_insert(grid, action.tile, action.pallet, action.rotation, parse_key(action.pallet_to))
            grid.clear()
            grid.update(g)
            events.append(
                event(
                    type="connect",
                    text=T(
                        "{seat} connects {tile} at {cell} in place of the {colour} pallet, "
                        "rotation {rotation}; the pallet moves to {to}.",
                        seat=player,
                        tile=tile_name(action.tile),
                        cell=code(key(ppos)),
                        colour=colour(action.pallet),
                        rotation=action.rotation,
                        to=code(action.pallet_to),
                    ),
                )
            )
            moves = R.icon(new, grid, action.tile, events, after, known)
        elif isinstance(action, SwapHand):
            # a forced swap in a stuck game ends it (rules.stuck): checked before the swap
            forced = not R.connect_options(new, grid, player, first_only=True, front=front)
            old = list(hand)
            new.hands[player] = new.stack[: data.HAND_SIZE]
            rest = new.stack[data.HAND_SIZE :] + old
            put(new, "swaps", new.swaps + 1)
            put(new, "stack", shuffled(rest, new.seed, "swap", new.swaps))
            events.append(event(type="swap", text=T("{seat} swaps their whole hand for 4 new tiles.", seat=player)))
            events.append(
                event(
                    type="swap-private",
                    text=T("Your new hand: {tiles}.", tiles=tuple(tile_name(t) for t in new.hands[player])),
                    visible_to=[player],
                )
            )
            if forced and R.stuck(new, grid):
                R.end_game(new, events, words.stuck_reason(player))
            else:
                moves = R.after_main(new, grid, events, after, known)
        elif isinstance(action, Load):
            low, high = new.bag.pop(0)
            parcel = (low, high) if len(new.players) == 4 else (high, low)
            at = parse_key(action.at)
            grid[at] = [grid[at][0], grid[at][1], parcel]
            events.append(
                event(
                    type="load",
                    text=T(
                        "{seat} puts a new parcel showing {top} ({bottom} underneath) on the loading tile at {cell}.",
                        seat=player,
                        top=parcel[0],
                        bottom=parcel[1],
                        cell=code(action.at),
                    ),
                )
            )
            moves = R.after_main(new, grid, events, after, known)
        elif isinstance(action, Wrench):
            frm, to = parse_key(action.at), parse_key(action.to)
            cell = grid.pop(frm)
            if action.pallet_to is None:
                grid[to] = [cell[0], action.rotation, cell[2]]
                events.append(
                    event(
                        type="wrench",
                        text=T(
                            "{seat} moves {tile} from {cell} to {to}, rotation {rotation}.",
                            seat=player,
                            tile=tile_name(cell[0]),
                            cell=code(action.at),
                            to=code(action.to),
                            rotation=action.rotation,
                        ),
                    )
                )
            else:
                pallet, pto = grid[to][0], parse_key(action.pallet_to)
                grid[to] = [cell[0], action.rotation, cell[2]]
                grid[pto] = [pallet, hx.DIRS.index((to[0] - pto[0], to[1] - pto[1])), None]
                events.append(
                    event(
                        type="wrench",
                        text=T(
                            "{seat} moves {tile} from {cell} to {to} in place of the {colour} pallet, "
                            "rotation {rotation}; the pallet moves to {pallet_to}.",
                            seat=player,
                            tile=tile_name(cell[0]),
                            cell=code(action.at),
                            to=code(action.to),
                            colour=colour(pallet),
                            rotation=action.rotation,
                            pallet_to=code(action.pallet_to),
                        ),
                    )
                )
            moves = R.after_main(new, grid, events, after, known)
        elif isinstance(action, Lift):
            pal = hx.pallets(grid)
            cell = grid.pop(pal[action.pallet])
            grid[parse_key(action.to)] = [cell[0], action.facing, None]
            events.append(
                event(
                    type="lift",
                    text=T(
                        "{seat} moves the {colour} pallet to {cell}.",
                        seat=player,
                        colour=colour(action.pallet),
                        cell=code(action.to),
                    ),
                )
            )
            moves = R.after_main(new, grid, events, after, known)
        elif isinstance(action, SwapPallets):
            pal = hx.pallets(grid)
            pa, pb = pal[action.a], pal[action.b]
            grid[pa], grid[pb] = [action.b, grid[pa][1], grid[pa][2]], [action.a, grid[pb][1], grid[pb][2]]
            events.append(
                event(
                    type="lift",
                    text=T(
                        "{seat} swaps the {a} and {b} pallets.", seat=player, a=colour(action.a), b=colour(action.b)
                    ),
                )
            )
            moves = R.after_main(new, grid, events, after, known)
        elif isinstance(action, Move):
            R.move_parcel(new, grid, player, action, events, after)
        put(new, "field", field_of(grid, new.field, touched))
        self._remember(new.field, grid, after(), moves if new.phase == "move" else None, known)
        put(new, "recent", (new.recent + [to_json(e.text) for e in events if e.public and e.type != "draw"])[-4:])

    # ----- text ---------------------------------------------------------------------------
    def parse(self, state, text: str) -> ActionModel:
        """Default notation, also accepting spaces after commas in cells (``1, -2``);
        :class:`~engines.base.NotationError` for text that names no move."""

        cleaned = re.sub(r"\s*,\s*", ",", normalize(text)).replace("(", "").replace(")", "")
        return default_parse(self.action_models, cleaned)

    def describe(self, state: State, action: ActionModel) -> str:
        if isinstance(action, Connect):
            return T(
                "Connect {tile} at {cell}, rotation {rotation}.",
                tile=tile_name(action.tile) if action.tile in hx.SHAPE else code(action.tile),
                cell=code(action.at),
                rotation=action.rotation,
            )
        if isinstance(action, Insert):
            return T(
                "Put {tile} in place of the {colour} pallet (rotation {rotation}), pallet to {to}.",
                tile=tile_name(action.tile) if action.tile in hx.SHAPE else code(action.tile),
                colour=colour(action.pallet),
                rotation=action.rotation,
                to=code(action.pallet_to),
            )
        if isinstance(action, SwapHand):
            return T("Swap your whole hand for 4 new tiles.")
        if isinstance(action, Load):
            return T("Put the new parcel on the loading tile at {cell}.", cell=code(action.at))
        if isinstance(action, Wrench):
            tile = code(state.field[action.at].tile if action.at in state.field else "?")
            if action.pallet_to is not None:
                pallet = colour(state.field[action.to].tile) if action.to in state.field else code("?")
                return T(
                    "Wrench: move {tile} from {cell} to {to} in place of the {colour} pallet "
                    "(rotation {rotation}), pallet to {pallet_to}.",
                    tile=tile,
                    cell=code(action.at),
                    to=code(action.to),
                    colour=pallet,
                    rotation=action.rotation,
                    pallet_to=code(action.pallet_to),
                )
            return T(
                "Wrench: move {tile} from {cell} to {to}, rotation {rotation}.",
                tile=tile,
                cell=code(action.at),
                to=code(action.to),
                rotation=action.rotation,
            )
        if isinstance(action, Lift):
            return T(
                "Forklift: move the {colour} pallet to {cell}.", colour=colour(action.pallet), cell=code(action.to)
            )
        if isinstance(action, SwapPallets):
            return T("Forklift: swap the {a} and {b} pallets.", a=colour(action.a), b=colour(action.b))
        if isinstance(action, Move):
            p = state.field.get(action.at)
            n = p.parcel[0] if p and p.parcel else code("?")
            dest = state.field.get(action.to)
            if dest and hx.SHAPE[dest.tile] == "pallet":
                return T(
                    "Move the parcel at {cell} ({n}) to {to} onto the {colour} pallet.",
                    cell=code(action.at),
                    n=n,
                    to=code(action.to),
                    colour=colour(dest.tile),
                )
            return T("Move the parcel at {cell} ({n}) to {to}.", cell=code(action.at), n=n, to=code(action.to))
        return super().describe(state, action)

    # ----- the move builder -----------------------------------------------------------------
    #: the first question of a turn's main step: the tile first, then what to do with it
    TILE_Q = T("Which tile of your hand do you play, or do you swap your hand?")

    def choices(self, state: State, action: ActionModel) -> list[Choice]:
        """The builder asks for the tile first (as named on the hand image), then how to play
        it (connect at an open end, or in a pallet's place), then the cell (what it is next
        to; cells grouped by side of the field when there are many), then the rotation (its
        belt edges). Icon and parcel steps ask for the tile, pallet or parcel first."""

        f = state.field
        kind = action.type  # not isinstance: pydantic's instance check is slow, and this runs per move
        if kind == "swap_hand":
            return [Choice(self.TILE_Q, "swap", T("Swap your hand"), T("Swap your whole hand for 4 new tiles."))]
        if kind == "connect":
            t = action.tile
            return [
                Choice(self.TILE_Q, t, tile_name(t), self._tile_detail(t)),
                Choice(
                    T("How do you play {tile}?", tile=code(t)),
                    "connect",
                    T("Connect it at an open end"),
                    T("On a free cell next to the field"),
                ),
                self._cell(f, T("Where do you connect {tile}?", tile=code(t)), action.at),
                self._rotation(t, action.rotation),
            ]
        if kind == "insert":
            t = action.tile
            pallet_at = next((k for k, c in f.items() if c.tile == action.pallet), "")
            return [
                Choice(self.TILE_Q, t, tile_name(t), self._tile_detail(t)),
                Choice(
                    T("How do you play {tile}?", tile=code(t)),
                    "insert",
                    T("Put it in a pallet's place"),
                    T("The pallet moves to an open end of it"),
                ),
                Choice(
                    T("Which pallet's place does {tile} take?", tile=code(t)),
                    action.pallet,
                    (
                        T("The {colour} pallet at {cell}", colour=colour(action.pallet), cell=code(pallet_at))
                        if pallet_at
                        else T("The {colour} pallet", colour=colour(action.pallet))
                    ),
                ),
                self._rotation(t, action.rotation),
                self._cell(
                    f,
                    T("Where does the pallet go?"),
                    action.pallet_to,
                    skip=pallet_at,
                    label=T("pallet to {cell}", cell=code(action.pallet_to)),
                ),
            ]
        if kind == "load":
            return [self._cell(f, T("Which empty loading tile gets the new parcel?"), action.at)]
        if kind == "wrench":
            c = f.get(action.at)
            name = tile_name(c.tile) if c else code(action.at)
            out = [
                Choice(
                    T("Which white-icon tile do you move with the wrench?"),
                    action.at,
                    T("{tile} at {cell}", tile=name, cell=code(action.at)),
                ),
                self._cell(f, T("Where does it go?"), action.to, skip=action.at),
                self._rotation(c.tile if c else "", action.rotation),
            ]
            if action.pallet_to is not None:
                out.append(
                    self._cell(
                        f,
                        T("Where does the pallet go?"),
                        action.pallet_to,
                        skip=action.to,
                        label=T("pallet to {cell}", cell=code(action.pallet_to)),
                    )
                )
            else:
                out.append(Choice(T("Where does the pallet go?"), "-", T("No pallet moves")))
            return out
        if kind == "lift":
            at = next((k for k, c in f.items() if c.tile == action.pallet), "")
            return [
                Choice(
                    T("Which pallet does the forklift move?"),
                    action.pallet,
                    T("The {colour} pallet", colour=colour(action.pallet)),
                    code(at) if at else "",
                ),
                self._cell(f, T("Where does the pallet go?"), action.to, skip=at),
                Choice(
                    T("Which way does its belt side face?"),
                    str(action.facing),
                    T(
                        "Its belt side facing {direction} ({facing})",
                        direction=words.direction(action.facing),
                        facing=action.facing,
                    ),
                ),
            ]
        if kind == "swap_pallets":
            return [
                Choice(T("Which pallet does the forklift move?"), "swap", T("Swap two pallets")),
                Choice(
                    T("Which two pallets swap places?"),
                    f"{action.a}-{action.b}",
                    T("The {a} and {b} pallets", a=colour(action.a), b=colour(action.b)),
                ),
            ]
        if kind == "move":
            c = f.get(action.at)
            top = c.parcel[0] if c and c.parcel else "?"
            dest = place_name(f, action.to)
            return [
                Choice(
                    T("Which parcel do you move?"),
                    action.at,
                    T("The {n} at {cell}", n=top if top != "?" else code(top), cell=code(action.at)),
                    (Tn("It moves exactly {n} tile", "It moves exactly {n} tiles", top) if top != "?" else ""),
                ),
                self._cell(
                    f,
                    T("Where does it end?"),
                    action.to,
                    skip=action.at,
                    label=(T("{cell}, onto {place}", cell=code(action.to), place=dest) if dest else ""),
                ),
            ]
        return super().choices(state, action)

    @staticmethod
    @lru_cache(maxsize=1024)
    def _tile_detail(tile: str) -> str:
        icon = hx.ICON.get(tile, "")
        shape = hx.SHAPE[tile]
        if shape == "floor":
            if icon:
                return T("floor tile: goes against floor sides, then its {icon} icon acts", icon=words.ICON_NAMES[icon])
            return T("floor tile: goes against floor sides")
        if icon:
            return T("{shape}, then its {icon} icon acts", shape=SHAPE_NAMES[shape], icon=words.ICON_NAMES[icon])
        return SHAPE_NAMES[shape]

    @staticmethod
    @lru_cache(maxsize=4096)
    def _rotation(tile: str, k: int) -> Choice:
        shape = hx.SHAPE.get(tile, "")
        edges = hx.ROT[shape][k].edges if shape else ()
        named = tuple(T("{edge} ({direction})", edge=e, direction=words.direction(e)) for e in edges)
        detail = T("Belt edges {edges}", edges=named) if edges else T("No belt (floor sides all round)")
        return Choice(T("Which rotation? (your hand image shows each one)"), str(k), T("Rotation {k}", k=k), detail)

    def _cell(self, field: dict, question: str, cell: str, skip: str | None = None, label: str = "") -> Choice:
        """The choice of ``cell``: what it is next to, grouped by side of the field. Remembered
        for the last field seen (its very object: fields are never changed in place), since
        one step asks about the same few cells for hundreds of moves."""

        memo = self._cells
        if memo is None or memo[0] is not field:
            memo = self._cells = (field, {})
        key = (question, cell, skip, label)
        found = memo[1].get(key)
        if found is None:
            side = region_of(field, cell)
            found = memo[1][key] = Choice(
                question,
                cell,
                label or code(cell),
                next_to(field, cell, skip=skip),
                group=str(side),
                group_label=REGION_LABELS[side],
            )
        return found

    def status(self, state: State) -> str:
        if state.phase == "over":
            return T("Game over. {reason}", reason=words.end_reason_text(state.end_reason, state.players))
        seat, turn, col = (
            state.players[state.current],
            state.turn,
            words.player_colour(state.colours[state.current]),
        )
        if state.phase == "play":
            return T(
                "Turn {turn}: {seat} ({colour}) to connect a tile or swap the hand.", turn=turn, seat=seat, colour=col
            )
        if state.phase == "load":
            return T(
                "Turn {turn}: {seat} ({colour}) to place the new parcel on a loading tile.",
                turn=turn,
                seat=seat,
                colour=col,
            )
        if state.phase == "wrench":
            return T(
                "Turn {turn}: {seat} ({colour}) to move a white-icon tile with the wrench.",
                turn=turn,
                seat=seat,
                colour=col,
            )
        if state.phase == "lift":
            return T(
                "Turn {turn}: {seat} ({colour}) to move or swap pallets with the forklift.",
                turn=turn,
                seat=seat,
                colour=col,
            )
        if state.phase == "move":
            return T("Turn {turn}: {seat} ({colour}) to move a parcel.", turn=turn, seat=seat, colour=col)
        raise KeyError(state.phase)

    # ----- views ---------------------------------------------------------------------------
    @staticmethod
    def segments(state: State, text: str) -> list[str]:
        """``text`` split so that every seat id is a segment of its own
        (``["", "p1", " moves …"]``): a host can rename seats in a view by exact match."""

        return [part for part in _seat_pattern(tuple(state.players)).split(text) if part != ""]

    @staticmethod
    def tile_info(tile: str, rot: int = 0) -> dict:
        """Public description of a tile turned by ``rot``: shape, icon, belt edges, moves."""

        shape = hx.SHAPE[tile]
        r = hx.ROT[shape][rot]
        return {
            "tile": tile,
            "shape": shape,
            "name": SHAPE_NAMES[shape],
            "icon": hx.ICON[tile],
            "kind": hx.kind(tile),
            "rot": rot,
            "edges": list(r.edges),
            "moves": [list(m) for m in r.moves],
        }

    def _hand(self, state: State, seat: str) -> list[dict]:
        out = []
        for tile in state.hands[seat]:
            shape = hx.SHAPE[tile]
            info = self.tile_info(tile)
            info["rotations"] = [
                {"rot": k, "edges": list(hx.ROT[shape][k].edges), "moves": [list(m) for m in hx.ROT[shape][k].moves]}
                for k in hx.CANON_ROTS[shape]
            ]
            out.append(info)
        return out

    def hidden(self, state: State) -> tuple:
        """Face-down parts (for ``reveals``): the tile stack and the parcel bag."""

        return (state.stack, state.bag)

    def view(self, state: State, player: str | None) -> dict:
        """Everything public (field, parcels, pallets, scores, counts); ``player`` also gets
        their own hand. Never the stack order, bag order, seed or other hands."""

        grid = grid_of(state)
        field = []
        for k, c in state.field.items():
            pos = parse_key(k)
            info = self.tile_info(c.tile, c.rot)
            info.update(
                {
                    "at": k,
                    "q": pos[0],
                    "r": pos[1],
                    "parcel": list(c.parcel) or None,
                    "enclosed": hx.enclosed(grid, pos),
                }
            )
            if info["kind"] == "pallet":
                info["owner"] = R.owner(state, c.tile)
            field.append(info)
        n = len(state.players)
        teams = None
        if n == 4:
            teams = [[state.players[i] for i in t] for t in data.TEAMS_4P]
        v = {
            "game": self.id,
            "players": list(state.players),
            "colours": dict(zip(state.players, state.colours)),
            "teams": teams,
            "turn": state.turn,
            "current": None if state.phase == "over" else state.players[state.current],
            "phase": state.phase,
            "status": self.status(state),
            "status_parts": self.segments(state, self.status(state)),
            "over": state.phase == "over",
            "end_reason": state.end_reason,
            "field": field,
            "open_ends": sorted(key(p) for p in hx.open_cells(grid)),
            "stack": len(state.stack),
            "bag": len(state.bag),
            "hand_sizes": {p: len(h) for p, h in state.hands.items()},
            "scored": {p: [list(x) for x in state.scored[p]] for p in state.players},
            "points": {p: R.points(state, p) for p in state.players},
            "scores": self.scores(state),
            "recent": [from_json(r) for r in state.recent],  # Texts (old stored states: segments)
            "changed": list(state.changed),
            "viewer": player,
        }
        if player is not None and player in state.hands:
            v["hand"] = list(state.hands[player])  # tile ids (the host's DM text lists them)
            v["hand_tiles"] = self._hand(state, player)  # shapes and rotations, for the image
        return v

    def private_view(self, state: State, player: str) -> dict | None:
        """``player``'s hand: ``hand`` = tile ids, ``hand_tiles`` = each tile with its shape,
        icon and every distinct rotation (edges and belt moves)."""

        if player not in state.hands:
            return None
        return {
            "player": player,
            "colour": state.colours[state.players.index(player)],
            "hand": list(state.hands[player]),
            "hand_tiles": self._hand(state, player),
        }

    # ----- end ------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's points; at 4 players each seat gets its team's total (SEED "Bij vier
        spelers tellen de spelers van een team hun scores bij elkaar op")."""

        return {p: sum(R.points(state, s) for s in R.team_of(state, p)) for p in state.players}

    def ranking(self, state: State) -> list[list[str]]:
        """Tiers by (team) points, highest first; equal points share a tier (no tie-breaker
        in the rules)."""

        sc = self.scores(state)
        tiers: list[list[str]] = []
        for value in sorted(set(sc.values()), reverse=True):
            tiers.append([p for p in state.players if sc[p] == value])
        return tiers


#: the fields copy_state copies (they count as set in the copy)
_COPIED = frozenset({"players", "colours", "stack", "hands", "bag", "scored", "recent"})


@lru_cache(maxsize=256)
def _seat_pattern(players: tuple[str, ...]) -> re.Pattern:
    """The regular expression of :meth:`Transport.segments`: any seat id as a whole word,
    longest first, as a group (so ``split`` keeps it)."""

    ids = sorted(players, key=len, reverse=True)
    return re.compile("(" + "|".join(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])" for p in ids) + ")")


#: the registered engine
ENGINE = Transport()

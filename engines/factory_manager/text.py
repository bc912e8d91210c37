"""Factory Manager in words: the rules summary per topic and the words a player may type.

``RULES_SUMMARY``: an English summary of the rules per topic (a host's rules command).

Written from the Czech rule text (Továrník, Albi 2009) and the reference facts; numbers the
rule text lacks are this implementation's (ASSUMED) values from :mod:`engines.factory_manager.data`.
"""

from . import data as D

TILES = D.TILES

RULES_SUMMARY: dict[str, str] = {
    "overview": (
        "Factory Manager: 2-5 factory owners, 5 rounds, richest player wins. Each round has 5 phases: "
        "1 auction of the turn order, 2 market preparation, 3 buy/install, demolish and hire temporary "
        "workers, 4 bureaucracy and the new energy price, 5 income. You start with 18 Elektro, 7 workers "
        "(4 of them in the canteen staffing your two start machines), a start set of 2 machines and "
        "3 pallet storages, production 2, storage 3 and energy 4."
    ),
    "auction": (
        "Phase 1, played in reverse order (highest old turn-order tile first). As many turn-order tiles "
        "as players are revealed; 2 more stay face down unused. The chooser picks a tile and opens with "
        "0 or more of their available workers (`open 7 bid 0`). Going round the table, each other player "
        "still without a new tile raises (`bid 2`) or passes (`pass`, final for that auction). A bidder "
        "always keeps at least 1 available worker. The winner puts the bid workers on the tile (they are "
        "gone for the round). If the chooser won, the next-highest old tile chooses next; otherwise the "
        "same chooser picks again. The last player takes the last tile for 0 but may add workers "
        "(`take 6 bid 0`). Lower tiles play first in later phases; tiles 4-12 give a discount."
    ),
    "market": (
        "Phase 2, lowest tile first. For every available worker you must move one tile to the market, "
        "always the cheapest tile of any of the 6 columns (`place machine`). No skipping. Then the last "
        "player may add extra tiles: 0 with 2 players, 1 with 3, 2 with 4, 3 with 5 (`done` to stop). "
        "In round 1 three tiles of set X are on the market as well."
    ),
    "build": (
        "Phase 3, lowest tile first, one player's whole turn at a time. Each available worker buys one "
        "market tile (price minus your turn-order discount, never below 0) or demolishes one installed "
        "tile. Machines, robots and storages go into production hall I (10 spaces, free) or hall II "
        "(2 spaces, 10 Elektro each on first use): `buy ma04 hall1`. Control and optimisation units go "
        "into the control room, at most one of each (`buy cu01 room`). You may keep a bought tile beside "
        "the factory (`buy st01 aside`) and install it later without a worker (`install st01 hall1`). "
        "Then you may hire up to 2 temporary workers at 7 minus your discount each (`hire 2`); temps "
        "you hold must be paid again to stay. `done` ends your turn. Unsold market tiles go back."
    ),
    "production": (
        "Phase 4 (bureaucracy), lowest tile first. All your workers come back; production, storage and "
        "energy are recomputed from installed, switched-on tiles (energy at least 1), and the workers "
        "your machines need go into the canteen. Switch machines and robots off or on (`switch off ma04`), "
        "then `done`. `done` is refused while your machines need more workers than you have, while no "
        "worker would stay available, or while active robots outnumber active machines. Then an energy "
        "tile is revealed and the energy price rises by 0, 1 or 2."
    ),
    "income": (
        "Phase 5: profit = 10 x min(production, storage) - energy x energy price. Start: 10 x 2 - 4 x 1 = "
        "16 Elektro. In round 5 the profit is doubled. A negative profit is paid from your Elektro, but "
        "never below 0."
    ),
    "end": (
        "After round 5 the richest player wins; a tie goes to the higher round-5 profit; still tied "
        "players share the place."
    ),
}


# --------------------------------------------------------------------------- text input
#: kind names a player may type after ``place`` (the canonical kind ids work as well)
_KIND_WORDS: dict[str, str] = {}
for _kind, _names in {
    "storage": ("storage", "storages", "pallet", "pallets", "pallet storage", "pallet storages", "st"),
    "machine": ("machine", "machines", "ma"),
    "production-robot": ("production robot", "production robots", "production", "pr"),
    "saving-robot": ("saving robot", "saving robots", "saving", "sr"),
    "control-unit": ("control unit", "control units", "control", "cu"),
    "optimisation-unit": (
        "optimisation unit",
        "optimisation units",
        "optimization unit",
        "optimization units",
        "optimisation",
        "optimization",
        "ou",
    ),
}.items():
    for _name in _names:
        _KIND_WORDS[_name] = _kind
#: place names a player may type after ``buy <tile>`` / ``install <tile>``
_WHERE_WORDS = {
    "hall1": "hall1",
    "hall 1": "hall1",
    "hall i": "hall1",
    "hall": "hall1",
    "hall2": "hall2",
    "hall 2": "hall2",
    "hall ii": "hall2",
    "room": "room",
    "control room": "room",
    "control": "room",
    "aside": "aside",
    "beside": "aside",
    "keep": "aside",
    "beside the factory": "aside",
}


_ID_PREFIXES = frozenset({"st", "ma", "pr", "sr", "cu", "ou"})


def _rewrite(state, words: list[str]) -> list[str]:
    """The player's words in canonical notation (see :meth:`FactoryManager.parse`)."""

    if not words:
        return words
    # tile ids typed without the leading zero: ``st1`` = ``st01``
    words = [f"{w[:2]}0{w[2]}" if len(w) == 3 and w[:2] in _ID_PREFIXES and w[2].isdigit() else w for w in words]
    verb = words[0]
    rest = words[1:]
    if verb == "raise":
        return ["bid"] + rest
    if words in (["end"], ["end", "turn"], ["end", "my", "turn"], ["finish"]):
        return ["done"]
    if verb in ("off", "on") and len(rest) == 1:
        return ["switch", verb] + rest
    if verb == "turn" and len(rest) == 2 and rest[0] in ("off", "on"):
        return ["switch"] + rest
    if verb == "switch" and len(rest) == 2 and rest[1] in ("off", "on"):
        return ["switch", rest[1], rest[0]]
    if verb == "open":
        if len(rest) == 1:
            return ["open", rest[0], "0"]
        if len(rest) == 3 and rest[1] == "bid":
            return ["open", rest[0], rest[2]]
    if verb == "take":
        last = str(state.order_offer[0]) if getattr(state, "order_offer", None) else None
        if not rest and last:
            return ["take", last, "0"]
        if len(rest) == 1:
            return ["take", rest[0], "0"]
        if len(rest) == 2 and rest[0] == "bid" and last:
            return ["take", last, rest[1]]
        if len(rest) == 3 and rest[1] == "bid":
            return ["take", rest[0], rest[2]]
    if verb == "place" and rest:
        kind = _KIND_WORDS.get(" ".join(rest))
        if kind:
            return ["place", kind]
    if verb in ("buy", "install") and rest:
        tid = rest[0]
        where = rest[1:]
        if where and where[0] in ("in", "into", "to"):
            where = where[1:]
        if not where:
            kind = TILES[tid].kind if tid in TILES else "storage"
            return [verb, tid, "room" if kind in D.ROOM_KINDS else "hall1"]
        w = _WHERE_WORDS.get(" ".join(where))
        if w:
            return [verb, tid, w]
    return words

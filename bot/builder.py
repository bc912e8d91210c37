"""The move builder: a player's legal moves as a tree of small choices, for pressing.

Pure (no Discord, no database): the Discord layer shows one :class:`Step` at a time as buttons
or a select menu, and the `/move` autocomplete uses :func:`suggest`. Both are built from the
engine contract only, so every game gets them with no code of its own:

* each legal action names itself as a list of decisions, :meth:`engines.base.Engine.choices`
  (by default the kind of action, then each field in notation order);
* a step offers at most :data:`MAX_OPTIONS` options. A set of at most 25 moves is offered
  whole (one press); a larger one is split by its next decision (levels where every move
  agrees are skipped), and a decision with more than 25 answers is grouped by the engine's
  coarser answer (``Choice.group``, e.g. a part of the board) or paged in order, never cut;
* a step is addressed by its *path*, the option indices chosen from the first step
  (``(2, 0, 5)``), so a button can carry it in a few characters (:func:`encode_path`).

The tree of a state is deterministic: the same state and player give the same steps, so a
path made for one board version stays meaningful on that version only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.labels import cut_alike, shorten
from bot.labels import fit as _fit
from engines.base import ActionModel, Choice, normalize
from engines.i18n import Code, T, Tn, render

__all__ = [
    "MAX_OPTIONS",
    "LABEL_MAX",
    "DETAIL_MAX",
    "Option",
    "Step",
    "PathError",
    "Builder",
    "encode_path",
    "decode_path",
    "suggest",
    "narrow",
    "whole",
]

#: Discord's limits: options in one select menu, characters of an option's label and description
MAX_OPTIONS, LABEL_MAX, DETAIL_MAX = 25, 80, 100
#: characters of an autocomplete suggestion's name and value
SUGGEST_MAX = 100

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class PathError(ValueError):
    """A path that names no step of this tree (made for another board, or tampered with)."""


def encode_path(path: tuple[int, ...]) -> str:
    """``(2, 0, 14)`` -> ``"20e"``: one character per choice (every index is below 36)."""

    return "".join(_DIGITS[i] for i in path)


def decode_path(text: str) -> tuple[int, ...]:
    """Inverse of :func:`encode_path`; :class:`PathError` for a character it never writes."""

    try:
        return tuple(_DIGITS.index(c) for c in text)
    except ValueError:
        raise PathError(f"bad path {text!r}") from None


@dataclass(frozen=True)
class Option:
    """One option of a step. ``action`` is set when pressing it plays that move (a leaf);
    otherwise it opens the next step. ``moves``: how many legal moves lie under it."""

    label: str
    detail: str
    moves: int
    action: ActionModel | None = None


@dataclass(frozen=True)
class Step:
    """What one screen of the builder shows: ``question`` (a sentence), ``chosen`` (the labels
    of what is settled so far, first decision first) and at most 25 ``options``; ``path`` is
    how this step was reached (option indices from the first step)."""

    question: str
    chosen: tuple[str, ...]
    options: tuple[Option, ...]
    path: tuple[int, ...]

    @property
    def depth(self) -> int:
        return len(self.path)


@dataclass
class _Item:
    action: ActionModel
    choices: list[Choice]
    text: str  # describe()


@dataclass
class _Node:
    """A set of moves being narrowed: they all agree on ``choices[:level]``. ``mode``: 0 the
    decision at ``level`` is not split yet, 1 its answers were grouped by ``Choice.group``
    already (page next if still too many), 2 paged already (at most 25 answers left)."""

    items: list[_Item]
    level: int
    mode: int = 0
    chosen: tuple[str, ...] = ()
    question: str = ""
    children: list[tuple[Option, _Node | None]] = field(default_factory=list)


class Builder:
    """The tree of one player's legal moves in one state.

    ``Builder(engine, state, actions, lang)`` (``actions``: that player's legal actions, in the
    engine's order; ``lang``: the reader's language, in which every question, label, detail and
    sentence of the engine is rendered once, here, so the tree's texts are plain strings). :meth:`step` gives the step at a path; :meth:`leaves` every move with its
    path (tests; a host never needs the whole tree). ``ValueError`` when two actions give the
    same decisions (an engine's :meth:`~engines.base.Engine.choices` must tell them apart)."""

    def __init__(self, engine: Any, state: Any, actions: list[ActionModel], lang: str = "en"):
        self.engine, self.state, self.lang = engine, state, lang
        self._top: _Node | None = None
        self._mark: str | None = None
        self.items = [
            _Item(a, [_rendered(c, lang) for c in engine.choices(state, a)], render(engine.describe(state, a), lang))
            for a in actions
        ]
        seen: set[tuple[str, ...]] = set()
        for it in self.items:
            key = tuple(c.value for c in it.choices)
            if key in seen:
                raise ValueError(f"two moves give the same choices {key}")
            seen.add(key)

    def fingerprint(self) -> str:
        """8 hex digits naming the tree's shape: every move's decisions (answers and their
        groups) in order. Two builders with the same fingerprint lead every path to the same
        move, so a press made on an older board version still means what the player chose
        when their own moves did not change (another player's move in a simultaneous step)."""

        if self._mark is None:
            h = hashlib.blake2b(digest_size=4)
            for it in self.items:
                for c in it.choices:
                    h.update(f"{c.value}\x1f{c.group}\x1e".encode())
                h.update(b"\x1d")
            self._mark = h.hexdigest()
        return self._mark

    # ----- navigation ----------------------------------------------------------------------
    def step(self, path: tuple[int, ...] = ()) -> Step:
        """The step reached by pressing ``path``'s options in turn from the first step.
        :class:`PathError` when the path runs past a leaf or names a missing option."""

        node = self._root()
        for depth, index in enumerate(path):
            self._expand(node)
            if not 0 <= index < len(node.children):
                raise PathError(f"no option {index} at step {depth + 1}")
            child = node.children[index][1]
            if child is None:
                raise PathError("the path goes past a move")
            node = child
        self._expand(node)
        return Step(node.question, node.chosen, tuple(o for o, _ in node.children), tuple(path))

    def play(self, path: tuple[int, ...]) -> ActionModel:
        """The move that pressing the last option of ``path`` plays; :class:`PathError` when
        that option opens another step instead."""

        if not path:
            raise PathError("an empty path plays nothing")
        options = self.step(path[:-1]).options
        option = options[path[-1]] if path[-1] < len(options) else None
        if option is None or option.action is None:
            raise PathError("that option opens another step")
        return option.action

    def leaves(self) -> Iterator[tuple[tuple[int, ...], ActionModel]]:
        """Every move of the tree with the path of presses that plays it (depth first)."""

        def walk(node: _Node, path: tuple[int, ...]):
            self._expand(node)
            for i, (option, child) in enumerate(node.children):
                if child is None:
                    assert option.action is not None
                    yield path + (i,), option.action
                else:
                    yield from walk(child, path + (i,))

        if self.items:
            yield from walk(self._root(), ())

    def steps(self) -> Iterator[Step]:
        """Every step of the tree (depth first): tests read their options and sizes."""

        def walk(node: _Node, path: tuple[int, ...]):
            self._expand(node)
            yield Step(node.question, node.chosen, tuple(o for o, _ in node.children), path)
            for i, (_, child) in enumerate(node.children):
                if child is not None:
                    yield from walk(child, path + (i,))

        if self.items:
            yield from walk(self._root(), ())

    def path_of(self, action: ActionModel) -> tuple[int, ...]:
        """The presses that play ``action`` (``ValueError`` when it is not in the tree)."""

        node, path = self._root(), ()
        while True:
            self._expand(node)
            for i, (option, child) in enumerate(node.children):
                if child is None and option.action == action:
                    return path + (i,)
                if child is not None and any(it.action == action for it in child.items):
                    node, path = child, path + (i,)
                    break
            else:
                raise ValueError("not a legal move of this tree")

    # ----- building ----------------------------------------------------------------------
    def _root(self) -> _Node:
        if self._top is None:
            self._top = _Node(self.items, 0)
        return self._top

    def _expand(self, node: _Node) -> None:
        if node.children or not node.items:
            return
        self._grow(node)
        # moves whose sentences were cut alike (_leaf) read as their notation instead
        for i, action in cut_alike([(o.label, o.action) for o, _child in node.children]):
            (old, child), notation = node.children[i], render(Code(self.engine.notation(self.state, action)), self.lang)
            node.children[i] = (Option(notation[:LABEL_MAX], old.detail, old.moves, action), child)

    def _grow(self, node: _Node) -> None:
        items = node.items
        level, chosen = node.level, node.chosen
        # skip the decisions every move here agrees on (they are no decision): name them
        if node.mode == 0:
            while len(items) > 1 and all(len(it.choices) > level for it in items):
                values = {it.choices[level].value for it in items}
                if len(values) > 1:
                    break
                chosen = chosen + (items[0].choices[level].label,)
                level += 1
        node.level, node.chosen = level, chosen
        if len(items) <= MAX_OPTIONS:
            node.question = self._question(items, level, leaves=True)
            node.children = [(self._leaf(it, items, level), None) for it in items]
            return
        node.question = self._question(items, level)
        groups: dict[str, list[_Item]] = {}
        for it in items:
            if len(it.choices) <= level:  # a move settled already among others: its own option
                groups.setdefault("\0" + str(id(it)), []).append(it)
            else:
                groups.setdefault(it.choices[level].value, []).append(it)
        if len(groups) <= MAX_OPTIONS or node.mode == 2:
            for members in groups.values():
                if len(members) == 1:
                    node.children.append((self._single(members[0], level), None))
                    continue
                c = members[0].choices[level]
                option = Option(c.label, c.detail or _count(len(members), self.lang), len(members))
                node.children.append((option, _Node(members, level + 1, 0, chosen + (c.label,))))
            return
        if node.mode == 0:
            regions: dict[str, list[_Item]] = {}
            for it in items:
                c = it.choices[level] if len(it.choices) > level else None
                regions.setdefault(c.group if c and c.group else "", []).append(it)
            if "" not in regions and 1 < len(regions) <= MAX_OPTIONS:
                for members in regions.values():
                    c = members[0].choices[level]
                    label = c.group_label or c.group
                    if len(members) == 1:
                        node.children.append((self._leaf(members[0], items, level), None))
                    else:
                        node.children.append(
                            (
                                Option(label, _count(len(members), self.lang), len(members)),
                                _Node(members, level, 1, chosen),
                            )
                        )
                return
        # pages of answers in order: as few moves per page as keeps a page one step away
        keys = list(groups)
        pages = _pages([len(groups[k]) for k in keys])
        start = 0
        for size in pages:
            page_keys = keys[start : start + size]
            start += size
            members = [it for k in page_keys for it in groups[k]]
            first, last = groups[page_keys[0]][0], groups[page_keys[-1]][0]
            label = _range_label(first, last, level, self.lang)
            if len(members) == 1:
                node.children.append((self._leaf(members[0], items, level), None))
            else:
                node.children.append(
                    (Option(label, _count(len(members), self.lang), len(members)), _Node(members, level, 2, chosen))
                )

    def _question(self, items: list[_Item], level: int, leaves: bool = False) -> str:
        """The step's sentence: the question of the decision at ``level`` most moves here ask;
        for a step that offers whole moves of several kinds, "Choose your move."."""

        asked: dict[str, int] = {}
        for it in items:
            if len(it.choices) > level:
                q = it.choices[level].question
                asked[q] = asked.get(q, 0) + 1
        if not asked:
            return render(CHOOSE_MOVE, self.lang)
        if leaves and len({type(it.action) for it in items}) > 1:
            return render(CHOOSE_MOVE, self.lang)
        if leaves:  # whole moves of one kind: ask every open decision, in order
            first = items[0].choices
            open_ = [
                first[i].question
                for i in range(level, len(first))
                if len({it.choices[i].value for it in items if len(it.choices) > i}) > 1
            ]
            joined = " ".join(dict.fromkeys(open_))
            if joined:
                return joined
        return max(asked, key=asked.get)

    def _single(self, it: _Item, level: int) -> Option:
        """The option that plays ``it``, the only move with its answer at ``level``: that
        answer's label, the engine's sentence as its detail."""

        if len(it.choices) <= level:
            return self._leaf(it, [it], level)
        c = it.choices[level]
        detail = _fit(it.text, DETAIL_MAX) if it.text != c.label else c.detail
        return Option(c.label, detail or _fit(c.detail, DETAIL_MAX), 1, it.action)

    def _leaf(self, it: _Item, among: list[_Item], level: int) -> Option:
        """The option that plays ``it`` in a step listing whole moves: the answers still open
        (their labels joined, the engine's sentence as the detail) when they are all of one kind
        and the engine named them; else the engine's sentence (``describe``)."""

        one_kind = len({type(x.action) for x in among}) == 1
        rest = [c for c in it.choices[level:]]
        varying = [
            c
            for i, c in enumerate(rest)
            if len({x.choices[level + i].value for x in among if len(x.choices) > level + i}) > 1
        ] or rest[-1:]
        parts = " · ".join(c.label for c in varying)
        detail = next((c.detail for c in reversed(varying) if c.detail), "")
        raw = any(c.label == c.value for c in varying)  # a bare token: the sentence reads better
        if not one_kind or raw or not parts or len(parts) > LABEL_MAX:
            label = _fit(it.text, LABEL_MAX) or _fit(parts, LABEL_MAX)
            if label == it.text:
                return Option(label, _fit(detail, DETAIL_MAX), 1, it.action)
            if label:
                return Option(label, _fit(it.text, DETAIL_MAX) or _fit(detail, DETAIL_MAX), 1, it.action)
            # both too long (cs, lt): the sentence cut at a word, whole (or the notation) as the detail
            notation = render(Code(self.engine.notation(self.state, it.action)), self.lang)
            return Option(
                shorten(it.text, LABEL_MAX) or _fit(notation, LABEL_MAX),
                _fit(it.text, DETAIL_MAX) or _fit(notation, DETAIL_MAX),
                1,
                it.action,
            )
        return Option(parts, _fit(detail, DETAIL_MAX) or _fit(it.text, DETAIL_MAX), 1, it.action)


#: the question of a step offering whole moves of several kinds
CHOOSE_MOVE = T("Choose your move.")


def _rendered(c: Choice, lang: str) -> Choice:
    """``c`` with its texts rendered in ``lang``."""

    return Choice(
        render(c.question, lang),
        c.value,
        render(c.label, lang),
        render(c.detail, lang),
        c.group,
        render(c.group_label, lang),
    )


def _count(n: int, lang: str = "en") -> str:
    return render(Tn("{n} move", "{n} moves", n), lang)


def _pages(sizes: list[int]) -> list[int]:
    """How many answers go on each page (in order) so that there are at most 25 pages: pages
    of at most 25 moves each when that takes at most 25 pages (then each page is one step
    from its moves), else equal runs of answers."""

    pages: list[int] = []
    moves = 0
    for s in sizes:
        if pages and moves + s <= MAX_OPTIONS:
            pages[-1] += 1
            moves += s
        else:
            pages.append(1)
            moves = s
    if len(pages) <= MAX_OPTIONS:
        return pages
    n = len(sizes)
    count = -(-n // MAX_OPTIONS)  # pages needed with 25 answers each
    per = -(-n // count)
    return [min(per, n - i) for i in range(0, n, per)]


def _range_label(first: _Item, last: _Item, level: int, lang: str = "en") -> str:
    a = first.choices[level].label if len(first.choices) > level else first.text
    b = last.choices[level].label if len(last.choices) > level else last.text
    label = a if a == b else render(T("{first} to {last}", first=a, last=b), lang)
    if len(label) > LABEL_MAX:
        after = render(T("{first} and after", first=_fit(a, LABEL_MAX - 20)), lang)
        label = after if len(after) <= LABEL_MAX else render(T("More moves"), lang)
    return label


# ----- /move suggestions ---------------------------------------------------------------------
def suggest(
    engine: Any,
    state: Any,
    actions: list[ActionModel],
    typed: str,
    notations: list[str] | None = None,
    lang: str = "en",
) -> list[tuple[str, str]]:
    """The `/move` autocomplete as ``(name, value)`` pairs, at most 25: the moves whose
    notation starts with ``typed``, narrowed word by word. When at most 25 moves match they are
    offered whole (value: the notation, name: the engine's sentence); else one suggestion per
    next word (``connect t86`` for each tile, named with its builder label and how many moves
    it leads to), grouped by the start of that word when there are more than 25 (``connect t86
    10,``). Picking suggestions only reaches any legal move in at most 4 picks in practice
    (tested for every game). Empty when nothing matches. ``notations``: the actions' notations
    when the caller has them already (same order); ``lang``: the reader's language."""

    if notations is None:
        notations = [engine.notation(state, a) for a in actions]
    notes = list(zip(notations, actions, strict=True))
    matching, done = narrow(typed, [n for n, _ in notes])
    matching = [notes[i] for i in matching]
    if not matching:
        return []
    if len(matching) <= MAX_OPTIONS:
        return [whole(engine, state, n, a, lang) for n, a in matching]
    typed_n = normalize(typed)
    exact = [(n, a) for n, a in matching if n == typed_n]
    out: list[tuple[str, str]] = [whole(engine, state, n, a, lang) for n, a in exact]
    rest = [(n, a) for n, a in matching if n != typed_n]
    k = done
    while True:
        groups = _group_words(rest, k + 1)
        if len(groups) > 1 or all(len(n.split(" ")) <= k + 1 for n, _ in rest):
            break
        k += 1
    if len(groups) > MAX_OPTIONS - len(out):  # group by the start of the next word
        groups = _group_chars(rest, k, MAX_OPTIONS - len(out))
    for prefix, members in groups.items():
        if len(members) == 1:
            out.append(whole(engine, state, *members[0], lang))
            continue
        label = _word_label(engine, state, members[0][1], prefix.split(" ")[-1].rstrip(","), lang)
        count = _count(len(members), lang)
        tail = f"{prefix} … · " + (f"{label} · " if label else "") + count
        out.append((_fit(tail, SUGGEST_MAX) or _fit(f"{prefix} … · {count}", SUGGEST_MAX), prefix))
    return out[:MAX_OPTIONS]


def narrow(typed: str, notations: list[str]) -> tuple[list[int], int]:
    """Which of ``notations`` the `/move` text ``typed`` may still become, as indices, and how
    many of its words are settled. Words before the last are whole words; the last one (unless
    the text ends with a space) is the start of a word, except that a last word that is a whole
    word of some move settles it (``connect t3`` is tile t3, not t33)."""

    typed_n = normalize(typed)
    words = typed_n.split(" ") if typed_n else []
    partial = None if (not words or typed.endswith(" ")) else words.pop()
    done = len(words)
    split = [n.split(" ") for n in notations]
    hits = [
        i
        for i, w in enumerate(split)
        if w[:done] == words and (partial is None or (len(w) > done and w[done].startswith(partial)))
    ]
    if partial is not None:
        whole = [i for i in hits if split[i][done] == partial]
        if whole:
            return whole, done + 1
        return hits, done
    return hits, done


def whole(engine: Any, state: Any, notation: str, action: ActionModel, lang: str = "en") -> tuple[str, str]:
    """The suggestion of one whole move: ``(the engine's sentence in lang, the notation)``,
    the notation as its name too when the sentence is over Discord's 100 characters."""

    return (_fit(render(engine.describe(state, action), lang), SUGGEST_MAX) or notation, notation)


def _group_words(matching: list[tuple[str, ActionModel]], words: int) -> dict[str, list]:
    groups: dict[str, list] = {}
    for n, a in matching:
        groups.setdefault(" ".join(n.split(" ")[:words]), []).append((n, a))
    return groups


def _group_chars(matching: list[tuple[str, ActionModel]], k: int, budget: int) -> dict[str, list]:
    """Group moves that agree on their first ``k`` words by the start of word ``k`` (0-based),
    at most ``budget`` groups: the starts are cut from the trie of those words, the group with
    the most moves split first (into its next characters, each run on while its moves agree:
    ``-1`` into ``-1,``, ``-10,`` …, ``-11,`` into ``-11,7`` and ``-11,11``) as long as the
    groups fit, until every group leads to at most 25 moves. A start that is a whole word of
    some move is never offered for longer words too (`/move` would read it as that word)."""

    head = " ".join(matching[0][0].split(" ")[:k])

    def word(n: str) -> str:
        return n.split(" ")[k]

    def node(prefix: str, members: list) -> tuple[str, list]:
        # run on while every move continues the word with the same character
        while all(len(word(n)) > len(prefix) for n, _ in members):
            nexts = {word(n)[len(prefix)] for n, _ in members}
            if len(nexts) > 1:
                break
            prefix += nexts.pop()
        return prefix, members

    def whole_word(prefix: str, members: list) -> bool:
        return all(word(n) == prefix for n, _ in members)

    def mixed(prefix: str, members: list) -> bool:
        return not whole_word(prefix, members) and any(word(n) == prefix for n, _ in members)

    def children(prefix: str, members: list) -> list[tuple[str, list]]:
        """The groups one character further (the moves whose word ends here apart), a start
        that is also a word split on at once."""

        by_char: dict[str, list] = {}
        for n, a in members:
            w = word(n)
            by_char.setdefault(w[len(prefix)] if len(w) > len(prefix) else "", []).append((n, a))
        out: list[tuple[str, list]] = []
        for c, m in by_char.items():
            part = node(prefix + c, m) if c else (prefix, m)
            out.extend(children(*part) if mixed(*part) else [part])
        return out

    common = word(matching[0][0])
    for n, _ in matching:
        while not word(n).startswith(common):
            common = common[:-1]
    groups = children(common, matching) if mixed(common, matching) else [node(common, matching)]
    while True:
        big = sorted((g for g in groups if len(g[1]) > MAX_OPTIONS and not whole_word(*g)), key=lambda g: -len(g[1]))
        for g in big:
            parts = children(*g)
            if len(groups) - 1 + len(parts) <= budget:
                at = groups.index(g)
                groups[at : at + 1] = parts
                break
        else:
            break
    rank = {n: i for i, (n, _) in enumerate(matching)}  # the engine's order, as whole words would be
    ordered = sorted(groups, key=lambda g: min(rank[n] for n, _ in g[1]))
    return {(f"{head} {prefix}" if head else prefix): members for prefix, members in ordered}


def _bucket(matching, key) -> dict[str, list]:
    groups: dict[str, list] = {}
    for n, a in matching:
        groups.setdefault(key(n), []).append((n, a))
    return groups


def _word_label(engine: Any, state: Any, action: ActionModel, word: str, lang: str = "en") -> str:
    """The builder's label of the answer whose token is ``word`` in ``action``'s decisions, in
    ``lang`` ("" when none is, or it only repeats the word)."""

    for c in engine.choices(state, action):
        if c.value == word and normalize(c.label) != word:
            return render(c.label, lang)
    return ""

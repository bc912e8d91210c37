"""The layout model every game's renderer builds, and the one Pillow painter for it.

A renderer is two steps: ``layout(view) -> Layout``, a plain model of boxes, texts, lines
and shapes with pixel coordinates, font sizes and colours (built with :class:`Canvas`,
:func:`wrap` and :func:`fit_text`); then :func:`draw` paints any ``Layout`` and
:func:`render_png` turns it into the PNG the bot posts. Tests check layouts
(:func:`small_texts`, :func:`overlapping_texts`, :func:`out_of_bounds`,
:func:`phone_text_px`, :meth:`Layout.tagged`), not pixels.

Text is drawn in DejaVu Sans Condensed (``renderers/fonts/``, Bitstream Vera licence in
``LICENSE.txt`` beside it): it covers Latin, Greek and Cyrillic with every accent players'
names use (á í ř ž ė ū ł ß), dashes, arrows and the middle dot. The font file is loaded
once per size, and every measurement is cached per (text, size).

Units: pixels, origin top left; colours are ``"#rrggbb"`` strings; text ``size`` is the
font size in pixels. Text positions are the top-left of the text's ink box.

Languages: an image is drawn in one language (``"en"``, ``"cs"``, ``"nl"``, ``"lt"``; the
tests' pseudo-language ``"qps"``), chosen by :func:`drawn_in` around a render (the public
functions of :mod:`renderers` take ``lang``). A renderer writes its own labels as texts of
the host catalog (``Tp("image label", "Score")``, :mod:`engines.i18n`) and passes the
view's texts on as they are: :func:`text`, :func:`measure`, :func:`fit_text` and
:func:`wrap` render any :class:`engines.i18n.Text` in the current language (:func:`local`)
before measuring, so a text is always measured as it is drawn. A plain ``str`` (an id, a
coordinate, a name) is drawn as it is. Never join a Text into an f-string: the English
would be drawn; use ``local(x)`` or a message with a placeholder.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont
from pydantic import BaseModel, Field

from engines.i18n import Text as _Message
from engines.i18n import render as _render_message

MAX_SIDE = 1600  # px, long side of any image we post
MAX_BYTES = 1_000_000  # a PNG must stay under this
MIN_TEXT = 14  # px, smallest font size allowed
PHONE_WIDTH = 400  # px, the width a phone shows a posted image at
PHONE_MIN_TEXT = 9  # px, smallest text size on a phone (at PHONE_WIDTH)
PALETTE = 64  # colours of a posted PNG (flat colours plus anti-aliasing look the same)

#: the bundled font file (package data; see the module doc for its licence)
FONT_FILE = Path(__file__).with_name("fonts") / "DejaVuSansCondensed.ttf"


#: the language the image being drawn is in (see the module doc)
_LANG: ContextVar[str] = ContextVar("renderers_lang", default="en")


@contextmanager
def drawn_in(lang: str) -> Iterator[None]:
    """Draw in ``lang`` inside the ``with`` block (``"en"``, ``"cs"``, ``"nl"``, ``"lt"`` or
    the pseudo-language): every Text measured or drawn there is rendered in it."""

    token = _LANG.set(lang or "en")
    try:
        yield
    finally:
        _LANG.reset(token)


def language() -> str:
    """The language being drawn in (``"en"`` outside :func:`drawn_in`)."""

    return _LANG.get()


def local(value) -> str:
    """``value`` as drawn now: a :class:`engines.i18n.Text` rendered in :func:`language`, a
    list or tuple of values joined with ``", "``, a ``str`` as it is, anything else ``str()``."""

    if type(value) is str:
        return value
    if isinstance(value, (_Message, list, tuple)):
        return _render_message(value, _LANG.get())
    return str.__str__(value) if isinstance(value, str) else str(value)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans Condensed at ``size`` px, loaded once per size."""

    return ImageFont.truetype(str(FONT_FILE), size=size)


@lru_cache(maxsize=1)
def _notdef() -> tuple[tuple[int, int], bytes]:
    mask = font(20).getmask("\U0010fffd")  # a private code point: the font's .notdef box
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the bundled font draws ``char`` (one character) as itself, not as its
    .notdef box (compared at 20 px)."""

    if char in " \n":
        return True
    mask = font(20).getmask(char)
    return (mask.size, bytes(mask)) != _notdef()


@lru_cache(maxsize=8192)
def drawable(content: str) -> str:
    """``content`` without the characters the font has no glyph for (some emoji, CJK), and
    with runs of spaces left by them collapsed; a string that loses nothing is returned as it is."""

    if all(has_glyph(ch) for ch in content):
        return content
    kept = "".join(ch for ch in content if has_glyph(ch))
    return "\n".join(" ".join(line.split()) for line in kept.split("\n"))


@lru_cache(maxsize=32768)
def _line_box(line: str, size: int) -> tuple[int, int, int, int]:
    """Pillow's ink box (left, top, right, bottom) of one line at ``size``, cached: layouts
    measure a string, then :func:`draw` places it by the same box."""

    return font(size).getbbox(line or " ")


def measure(text: str, size: int) -> tuple[int, int]:
    """(width, height) in px of ``text`` (a Text rendered in the current language) at
    ``size``; multi-line text is stacked. Cached per (text, size)."""

    return _measure(local(text), size)


@lru_cache(maxsize=32768)
def _measure(text: str, size: int) -> tuple[int, int]:
    lines = text.split("\n") or [""]
    width = 0
    for line in lines:
        left, _top, right, _bottom = _line_box(line, size)
        width = max(width, right - left)
    return width, line_height(size) * len(lines)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"2 tiles"``: a count with its noun (renderers read only the view, so
    this mirrors ``engines.base.plural`` rather than importing it)."""

    return f"{n} {word if n == 1 else (many or word + 's')}"


def line_height(size: int) -> int:
    return int(round(size * 1.25))


class _Element(BaseModel):
    tag: str = ""  # what this element shows, e.g. "market", "factory:p1:hall1"


class _Box(_Element):
    """A shape inside the box ``(x, y, w, h)``: filled with ``fill``, ``outline`` ``width`` px."""

    x: int
    y: int
    w: int
    h: int
    fill: str | None = None
    outline: str | None = None
    width: int = 1


class Rect(_Box):
    kind: Literal["rect"] = "rect"
    radius: int = 0


class Ellipse(_Box):
    kind: Literal["ellipse"] = "ellipse"


class Line(_Element):
    kind: Literal["line"] = "line"
    points: list[tuple[int, int]]
    fill: str = "#000000"
    width: int = 2


class Polygon(_Element):
    kind: Literal["polygon"] = "polygon"
    points: list[tuple[int, int]]
    fill: str | None = None
    outline: str | None = None
    width: int = 1


class Text(_Element):
    kind: Literal["text"] = "text"
    x: int
    y: int
    text: str
    size: int = 16
    fill: str = "#000000"
    w: int = 0  # filled by :func:`text` from the font's metrics
    h: int = 0


Element = Rect | Ellipse | Line | Polygon | Text


class Layout(BaseModel):
    """Everything drawn on one image, in painting order."""

    width: int
    height: int
    background: str = "#ffffff"
    elements: list[Element] = Field(default_factory=list)

    def add(self, element: Element) -> Element:
        self.elements.append(element)
        return element

    def tagged(self, prefix: str) -> list[Element]:
        """Elements whose tag equals ``prefix`` or starts with ``prefix + ":"``."""

        return [e for e in self.elements if e.tag == prefix or e.tag.startswith(prefix + ":")]

    def texts(self) -> list[Text]:
        return [e for e in self.elements if isinstance(e, Text)]


def text(
    x: int,
    y: int,
    content: str,
    size: int = 16,
    fill: str = "#000000",
    tag: str = "",
    anchor: Literal["la", "ma", "ra", "lm", "mm", "rm"] = "la",
) -> Text:
    """A :class:`Text` measured with the real font; ``anchor`` as Pillow's (left/middle/right,
    top/middle) is resolved here so the stored x, y is always the top-left corner. Characters
    the font cannot draw are left out (:func:`drawable`), never drawn as boxes."""

    content = drawable(local(content))
    w, h = _measure(content, size)
    if anchor[0] == "m":
        x -= w // 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h // 2
    return Text(x=x, y=y, text=content, size=size, fill=fill, w=w, h=h, tag=tag)


def fit_text(content: str, max_width: int, size: int = 16) -> str:
    """``content`` (a Text rendered in the current language) shortened with "…" so that it
    fits ``max_width`` px at ``size``."""

    return _fit_text(local(content), max_width, size)


def fit_size(content: str, max_width: int, size: int = 16, smallest: int = MIN_TEXT) -> tuple[str, int]:
    """``(text, font size)``: ``content`` whole at the largest size from ``size`` down to
    ``smallest`` px at which it fits ``max_width`` px; else shortened with "…" at ``smallest``
    (a player's name is better read a little smaller than cut)."""

    content = local(content)
    for px in range(size, smallest - 1, -1):
        if measure(content, px)[0] <= max_width:
            return content, px
    return _fit_text(content, max_width, smallest), smallest


@lru_cache(maxsize=8192)
def _fit_text(content: str, max_width: int, size: int = 16) -> str:
    if measure(content, size)[0] <= max_width:
        return content
    lo, hi = 0, len(content)  # longest prefix that fits with the ellipsis (binary search)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _measure(content[:mid].rstrip() + "…", size)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return content[: max(lo, 1)].rstrip() + "…"


@lru_cache(maxsize=4096)
def _wrap(content: str, width: int, size: int) -> tuple[str, ...]:
    lines: list[str] = []
    for para in content.split("\n"):
        cur = ""
        for word in para.split():
            cand = f"{cur} {word}" if cur else word
            if not cur or _measure(cand, size)[0] <= width:
                cur = cand
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return tuple(_fit_text(ln, width, size) for ln in lines) or ("",)


def wrap(content: str, width: int, size: int, max_lines: int | None = None) -> list[str]:
    """``content`` (a Text rendered in the current language) broken at spaces (and at its own
    newlines) into lines of at most ``width`` px at ``size``; a single word wider than ``width`` is shortened with "…". With
    ``max_lines``, what does not fit ends the last line with "…". Never empty."""

    lines = list(_wrap(local(content), width, size))
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _fit_text(lines[-1] + " …", width, size)
    return lines


class Canvas:
    """A :class:`Layout` being filled: one call per element, texts measured with the font.

    ``ink`` is the default text colour. Coordinates may be floats (rounded down to px).
    Game renderers subclass it for their own pieces (coins, discs, panels)."""

    def __init__(self, width: int, height: int, background: str = "#ffffff", ink: str = "#111111") -> None:
        self.lay = Layout(width=width, height=height, background=background)
        self.ink = ink

    def add(self, element: Element) -> Element:
        return self.lay.add(element)

    def rect(
        self,
        x,
        y,
        w,
        h,
        tag: str = "",
        fill: str | None = None,
        outline: str | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> Rect:
        return self.lay.add(
            Rect(
                x=int(x), y=int(y), w=int(w), h=int(h), fill=fill, outline=outline, width=width, radius=radius, tag=tag
            )
        )

    def ellipse(
        self, x, y, w, h, tag: str = "", fill: str | None = None, outline: str | None = None, width: int = 1
    ) -> Ellipse:
        return self.lay.add(
            Ellipse(x=int(x), y=int(y), w=int(w), h=int(h), fill=fill, outline=outline, width=width, tag=tag)
        )

    def line(self, points, tag: str = "", fill: str = "#000000", width: int = 2) -> Line:
        return self.lay.add(Line(points=[(int(a), int(b)) for a, b in points], fill=fill, width=width, tag=tag))

    def polygon(
        self, points, tag: str = "", fill: str | None = None, outline: str | None = None, width: int = 1
    ) -> Polygon:
        return self.lay.add(
            Polygon(
                points=[(int(round(a)), int(round(b))) for a, b in points],
                fill=fill,
                outline=outline,
                width=width,
                tag=tag,
            )
        )

    def text(self, x, y, s: str, size: int, tag: str = "", fill: str | None = None, anchor: str = "la") -> Text:
        """``s`` at (x, y) by ``anchor`` (see :func:`text`)."""

        return self.lay.add(text(int(x), int(y), s, size, fill or self.ink, tag, anchor))  # type: ignore[arg-type]

    def fit(
        self,
        x,
        y,
        s: str,
        size: int,
        w: int,
        tag: str = "",
        fill: str | None = None,
        anchor: str = "la",
        smallest: int | None = None,
    ) -> Text:
        """``s`` shortened with "…" to at most ``w`` px, at (x, y) by ``anchor``; with
        ``smallest``, first drawn smaller (down to ``smallest`` px) when that keeps it whole
        (:func:`fit_size`)."""

        fitted, size = fit_size(s, int(w), size, size if smallest is None else smallest)
        return self.text(x, y, fitted, size, tag, fill, anchor)

    def paragraph(
        self,
        x,
        y,
        s: str,
        size: int,
        w: int,
        tag: str = "",
        fill: str | None = None,
        max_lines: int | None = None,
        step: int | None = None,
    ) -> int:
        """``s`` wrapped to ``w`` px (:func:`wrap`), one Text per line ``step`` px apart
        (default the line height); returns the y below the last line."""

        step = step or line_height(size)
        for ln in wrap(s, int(w), size, max_lines):
            self.text(x, y, ln, size, tag, fill)
            y += step
        return y


# ----- checks used by tests ---------------------------------------------------------
def _box(e: Element) -> tuple[int, int, int, int]:
    if isinstance(e, (Rect, Ellipse, Text)):
        return e.x, e.y, e.x + e.w, e.y + e.h
    xs = [p[0] for p in e.points]
    ys = [p[1] for p in e.points]
    return min(xs), min(ys), max(xs), max(ys)


def small_texts(layout: Layout, minimum: int = MIN_TEXT) -> list[Text]:
    return [t for t in layout.texts() if t.size < minimum]


def overlapping_texts(layout: Layout) -> list[tuple[Text, Text]]:
    """Pairs of texts whose boxes intersect (touching edges do not count)."""

    texts = [t for t in layout.texts() if t.text.strip()]
    out = []
    for i, a in enumerate(texts):
        ax0, ay0, ax1, ay1 = _box(a)
        for b in texts[i + 1 :]:
            bx0, by0, bx1, by1 = _box(b)
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                out.append((a, b))
    return out


def out_of_bounds(layout: Layout) -> list[Element]:
    out = []
    for e in layout.elements:
        x0, y0, x1, y1 = _box(e)
        if x0 < 0 or y0 < 0 or x1 > layout.width or y1 > layout.height:
            out.append(e)
    return out


# ----- painting -----------------------------------------------------------------------
@lru_cache(maxsize=8192)
def _text_mask(line: str, size: int):
    """The anti-aliased mask of one line at ``size`` and its offset (Pillow's ``getmask2``),
    cached: the same labels are drawn on every board, and rasterising text was the largest
    part of painting."""

    return font(size).getmask2(line or " ", "L")


def _ink(d: ImageDraw.ImageDraw, colour: str) -> int:
    return d._getink(colour)[0]  # type: ignore[attr-defined]  # Pillow's own colour to ink step


def draw(layout: Layout) -> Image.Image:
    """Paint ``layout`` with Pillow; elements in order, later ones on top."""

    image = Image.new("RGB", (layout.width, layout.height), layout.background)
    d = ImageDraw.Draw(image)
    for e in layout.elements:
        if isinstance(e, Rect):
            box = (e.x, e.y, e.x + e.w - 1, e.y + e.h - 1)
            if e.radius:
                d.rounded_rectangle(box, radius=e.radius, fill=e.fill, outline=e.outline, width=e.width)
            else:
                d.rectangle(box, fill=e.fill, outline=e.outline, width=e.width)
        elif isinstance(e, Ellipse):
            d.ellipse((e.x, e.y, e.x + e.w - 1, e.y + e.h - 1), fill=e.fill, outline=e.outline, width=e.width)
        elif isinstance(e, Line):
            d.line(e.points, fill=e.fill, width=e.width, joint="curve")
        elif isinstance(e, Polygon):
            d.polygon(e.points, fill=e.fill, outline=e.outline, width=e.width)
        elif isinstance(e, Text):
            ink = _ink(d, e.fill)
            y = e.y
            for line in e.text.split("\n"):
                left, top, _r, _b = _line_box(line, e.size)
                mask, (ox, oy) = _text_mask(line, e.size)
                # what ImageDraw.text does, with the glyph mask cached per (line, size)
                d.draw.draw_bitmap((e.x - left + ox, y - top + (line_height(e.size) - e.size) // 2 + oy), mask, ink)
                y += line_height(e.size)
    return image


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of a painted image: long side at most :data:`MAX_SIDE` px (resized in RGB,
    BEFORE the palette, so downscaled text stays smooth), then reduced to a
    :data:`PALETTE`-colour palette (fast octree, no dither: the boards are flat colours and
    anti-aliased text, so they look the same at about a third of the bytes and encode
    several times faster than RGB). Under :data:`MAX_BYTES`."""

    if max(image.size) > MAX_SIDE:
        scale = MAX_SIDE / max(image.size)
        image = image.resize((int(image.width * scale), int(image.height * scale)), Image.LANCZOS)
    if image.mode == "RGB":
        # the palette is chosen on a half-size copy (a quarter of the pixels, the same
        # colours: flat areas and text edges), then every pixel takes its nearest colour
        palette = image.reduce(2).quantize(colors=PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    # zlib level 3: about half the encoding time of level 6 for ~20% more bytes (measured
    # with ``python -m bench.render_boards``); ``optimize`` cost ~60 ms per board
    image.save(buf, "PNG", compress_level=3)
    if buf.tell() >= MAX_BYTES:
        buf = io.BytesIO()
        image.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def render_png(layout: Layout) -> bytes:
    """The PNG of ``layout``: :func:`draw`, then :func:`to_png`."""

    return to_png(draw(layout))


def phone_text_px(layout: Layout) -> float:
    """The smallest text's size in px when the image is shown :data:`PHONE_WIDTH` px wide
    (a phone shows a posted image at the screen's width; a narrower image is not enlarged):
    ``min(size) * min(1, PHONE_WIDTH / image width)``, after the :data:`MAX_SIDE` downscale."""

    scale = min(1.0, MAX_SIDE / max(layout.width, layout.height))
    shown = layout.width * scale
    sizes = [t.size for t in layout.texts() if t.text.strip()]
    return min(sizes, default=99) * scale * min(1.0, PHONE_WIDTH / shown)

"""The layout model every game's renderer builds, and the one Pillow painter for it.

A renderer is two steps (DESIGN.md, "Rendering"): ``layout(view) -> Layout``, a plain
model of boxes, texts, lines and shapes with pixel coordinates, font sizes and colours;
then :func:`draw` paints any ``Layout``. Tests check layouts (:func:`small_texts`,
:func:`overlapping_texts`, :func:`out_of_bounds`, :meth:`Layout.tagged`), not pixels.

Units: pixels, origin top left; colours are ``"#rrggbb"`` strings; text ``size`` is the
font size in pixels. Text positions are the top-left of the text's ink box.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Literal, Union

from PIL import Image, ImageDraw, ImageFont
from pydantic import BaseModel, Field

MAX_SIDE = 1600  # px, long side of any image we post
MAX_BYTES = 1_000_000  # a PNG must stay under this
MIN_TEXT = 14  # px, smallest font size allowed


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font at ``size`` px (no download, no system font)."""

    return ImageFont.load_default(size=size)


def measure(text: str, size: int) -> tuple[int, int]:
    """(width, height) in px of ``text`` at ``size``; multi-line text is stacked."""

    lines = text.split("\n") or [""]
    f = font(size)
    width = 0
    for line in lines:
        left, _top, right, _bottom = f.getbbox(line or " ")
        width = max(width, right - left)
    return width, line_height(size) * len(lines)


def line_height(size: int) -> int:
    return int(round(size * 1.25))


class _Element(BaseModel):
    tag: str = ""  # what this element shows, e.g. "market", "factory:p1:hall1"


class Rect(_Element):
    kind: Literal["rect"] = "rect"
    x: int
    y: int
    w: int
    h: int
    fill: str | None = None
    outline: str | None = None
    width: int = 1
    radius: int = 0


class Ellipse(_Element):
    kind: Literal["ellipse"] = "ellipse"
    x: int
    y: int
    w: int
    h: int
    fill: str | None = None
    outline: str | None = None
    width: int = 1


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


Element = Union[Rect, Ellipse, Line, Polygon, Text]


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


def text(x: int, y: int, content: str, size: int = 16, fill: str = "#000000", tag: str = "",
         anchor: Literal["la", "ma", "ra", "lm", "mm", "rm"] = "la") -> Text:
    """A :class:`Text` measured with the real font; ``anchor`` as Pillow's (left/middle/right,
    top/middle) is resolved here so the stored x, y is always the top-left corner."""

    w, h = measure(content, size)
    if anchor[0] == "m":
        x -= w // 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h // 2
    return Text(x=x, y=y, text=content, size=size, fill=fill, w=w, h=h, tag=tag)


def fit_text(content: str, max_width: int, size: int = 16, min_size: int = MIN_TEXT) -> str:
    """``content`` shortened with "…" so that it fits ``max_width`` at ``size``."""

    if measure(content, size)[0] <= max_width:
        return content
    while len(content) > 1 and measure(content + "…", size)[0] > max_width:
        content = content[:-1]
    return content.rstrip() + "…"


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
        for b in texts[i + 1:]:
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
            f = font(e.size)
            y = e.y
            for line in e.text.split("\n"):
                left, top, _r, _b = f.getbbox(line or " ")
                d.text((e.x - left, y - top + (line_height(e.size) - e.size) // 2), line, font=f, fill=e.fill)
                y += line_height(e.size)
    return image


def to_png(image: Image.Image) -> bytes:
    """PNG bytes under :data:`MAX_BYTES`, long side at most :data:`MAX_SIDE` px."""

    if max(image.size) > MAX_SIDE:
        scale = MAX_SIDE / max(image.size)
        image = image.resize((int(image.width * scale), int(image.height * scale)), Image.LANCZOS)
    buf = io.BytesIO()
    # zlib level 6 without ``optimize``: ``optimize`` cost ~60 ms per board for ~8% size
    image.save(buf, "PNG", compress_level=6)
    if buf.tell() >= MAX_BYTES:
        buf = io.BytesIO()
        image.quantize(colors=128).save(buf, "PNG", optimize=True)
    return buf.getvalue()

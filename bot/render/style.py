"""Colour-blind-safe player styles: colour plus a second cue (hatching and badge shape)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

# Okabe-Ito (2008) colours, chosen to stay apart under the common colour-vision deficits.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
)
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "sky")
NEUTRAL: RGB = (150, 150, 150)
UNOWNED: RGB = (222, 214, 196)
INK: RGB = (24, 24, 28)
PAPER: RGB = (250, 248, 242)

# Hatching: which pattern families of board.png a colour darkens (see tools/world_assets).
HATCH_FAMILIES: tuple[frozenset[int], ...] = (
    frozenset(),
    frozenset({1}),
    frozenset({2}),
    frozenset({1, 2}),
    frozenset({3}),
    frozenset({4}),
)
BADGE_SHAPES = ("circle", "square", "diamond", "hexagon", "shield", "octagon")


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@dataclass(frozen=True)
class Style:
    """Everything drawn for one owner."""

    colour: RGB  # badge fill, legend swatch
    fill: RGB  # territory fill (lighter, so badges stand out)
    hatch: RGB  # territory hatching
    families: frozenset[int]
    shape: str
    text: RGB  # number colour on the badge

    @classmethod
    def of(cls, colour: RGB, families: frozenset[int], shape: str) -> Style:
        text = INK if luminance(colour) > 0.179 else PAPER  # higher WCAG contrast
        return cls(
            colour, mix(colour, (255, 255, 255), 0.3), mix(colour, INK, 0.28), families, shape, text
        )


NEUTRAL_STYLE = Style.of(NEUTRAL, frozenset(), "circle")
UNOWNED_STYLE = Style(UNOWNED, UNOWNED, UNOWNED, frozenset(), "circle", INK)


def player_style(colour: int, neutral: bool = False) -> Style:
    """Style for a palette index; neutral/allied seats are grey whatever their index."""
    if neutral:
        return NEUTRAL_STYLE
    i = colour % len(PLAYER_COLOURS)
    return Style.of(PLAYER_COLOURS[i], HATCH_FAMILIES[i], BADGE_SHAPES[i])

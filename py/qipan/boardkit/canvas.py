"""Small drawing pieces every game's view uses, on any CanvasRenderingContext2D-like object."""

from __future__ import annotations

import math
from typing import Any


def rounded_rect(ctx: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    """Begin a new path: a rectangle with rounded corners (fill or stroke it after)."""
    r = max(0.0, min(r, w / 2, h / 2))  # arcTo refuses a negative radius (a tiny canvas)
    ctx.beginPath()
    ctx.moveTo(x + r, y)
    ctx.arcTo(x + w, y, x + w, y + h, r)
    ctx.arcTo(x + w, y + h, x, y + h, r)
    ctx.arcTo(x, y + h, x, y, r)
    ctx.arcTo(x, y, x + w, y, r)
    ctx.closePath()


def ring(ctx: Any, x: float, y: float, radius: float, colour: str, width: float) -> None:
    """A circle outline (highlights: selection, targets, cursor)."""
    ctx.beginPath()
    ctx.arc(x, y, radius, 0, math.tau)
    ctx.strokeStyle = colour
    ctx.lineWidth = width
    ctx.stroke()


def badge(ctx: Any, x: float, y: float, radius: float, text: str, fill: str, ink: str) -> None:
    """A small disc with a number or letter (heights, owners): never colour alone."""
    ctx.beginPath()
    ctx.arc(x, y, radius, 0, math.tau)
    ctx.fillStyle = fill
    ctx.fill()
    ctx.lineWidth = max(1.0, radius * 0.17)
    ctx.strokeStyle = ink
    ctx.stroke()
    ctx.fillStyle = ink
    ctx.font = f"700 {max(8, round(radius * 1.3))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(text, x, y + radius * 0.05)

#!/usr/bin/env python3
"""Draws the app's PNG icons (web/icon-192.png, web/icon-512.png) from the geometry of
web/icon.svg: a die's five on the app's blue, full-bleed so a phone may mask it to any shape
(the pips sit inside the middle 80%, a maskable icon's safe zone). Python's standard library
only; run once when the icon changes, and commit the PNGs.

    python3 dev/icons.py
"""
import struct
import zlib
from pathlib import Path

BLUE = (0x1F, 0x5F, 0xA8)
WHITE = (0xFF, 0xFF, 0xFF)
# Pips in the SVG's 100-unit square: centres and radius.
PIPS = [(30, 30), (70, 30), (50, 50), (30, 70), (70, 70)]
RADIUS = 9
SAMPLES = 4  # per side, per pixel: edges drawn with 16 samples each


def pixel(x, y, scale):
    """The colour at pixel (x, y) of an icon `scale` pixels a unit, its edge samples averaged."""
    inside = 0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            u = (x + (i + 0.5) / SAMPLES) / scale
            v = (y + (j + 0.5) / SAMPLES) / scale
            if any((u - a) ** 2 + (v - b) ** 2 <= RADIUS**2 for a, b in PIPS):
                inside += 1
    t = inside / SAMPLES**2
    return bytes(round(b + (w - b) * t) for b, w in zip(BLUE, WHITE))


def png(size):
    scale = size / 100
    rows = b"".join(b"\0" + b"".join(pixel(x, y, scale) for x in range(size)) for y in range(size))
    chunk = lambda kind, data: (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    )
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    web = Path(__file__).resolve().parent.parent / "web"
    for size in (192, 512):
        (web / f"icon-{size}.png").write_bytes(png(size))
        print(f"web/icon-{size}.png")

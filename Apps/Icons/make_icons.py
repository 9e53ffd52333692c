#!/usr/bin/env python3
"""Draws the three apps' icons (1024 x 1024, opaque RGB PNG) into their asset catalogs, and
the same designs as SVG beside this script (charging.svg, maps.svg, media.svg), which the web
simulator's CarPlay Home screen and dock draw (Sources/Edges/PreviewServer/AppIcons.swift holds
the same text; PreviewServerTests checks that they agree).

Only the standard library: a polygon scanline filler with 4 sub-rows and fractional span ends
for anti-aliasing, and a PNG writer (zlib + CRC). iOS masks the square to its rounded shape and
derives every smaller size, CarPlay's included, from the single 1024 pt image (Xcode 14+
single-size app icons), so one square per app is all the catalog holds.

    python3 Apps/Icons/make_icons.py        # rewrites Apps/<App>/Assets.xcassets/AppIcon.appiconset
    python3 Apps/Icons/make_icons.py --svg  # rewrites only Apps/Icons/*.svg
"""

import json
import os
import struct
import zlib

SIZE = 1024
SUB = 4  # sub-rows per pixel row

HERE = os.path.dirname(os.path.abspath(__file__))
APPS = os.path.dirname(HERE)


def gradient(top, bottom):
    rows = []
    for y in range(SIZE):
        t = y / (SIZE - 1)
        rows.append(tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return [[list(rows[y]) for _ in range(SIZE)] for y in range(SIZE)]


def coverage(polygons):
    """Per-pixel coverage in [0, 1] of the union of polygons (even-odd per polygon list)."""
    cover = [[0.0] * SIZE for _ in range(SIZE)]
    edges = []
    for poly in polygons:
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            if y0 != y1:
                edges.append((x0, y0, x1, y1))
    for y in range(SIZE):
        row = cover[y]
        for s in range(SUB):
            sy = y + (s + 0.5) / SUB
            xs = []
            for x0, y0, x1, y1 in edges:
                if (y0 <= sy < y1) or (y1 <= sy < y0):
                    xs.append(x0 + (sy - y0) * (x1 - x0) / (y1 - y0))
            xs.sort()
            for a, b in zip(xs[0::2], xs[1::2]):
                a, b = max(0.0, a), min(float(SIZE), b)
                if b <= a:
                    continue
                ia, ib = int(a), int(b)
                if ia == ib:
                    row[ia] += (b - a) / SUB
                    continue
                row[ia] += (ia + 1 - a) / SUB
                for x in range(ia + 1, min(ib, SIZE)):
                    row[x] += 1 / SUB
                if ib < SIZE:
                    row[ib] += (b - ib) / SUB
    return cover


def paint(pixels, polygons, colour):
    cover = coverage(polygons)
    for y in range(SIZE):
        for x in range(SIZE):
            c = min(1.0, cover[y][x])
            if c > 0:
                p = pixels[y][x]
                for k in range(3):
                    p[k] = round(p[k] * (1 - c) + colour[k] * c)


def circle(cx, cy, r, n=160):
    import math

    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def write_png(path, pixels):
    raw = bytearray()
    for row in pixels:
        raw.append(0)
        for p in row:
            raw.extend(p)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0))  # 8-bit RGB
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


WHITE = (255, 255, 255)


def charging():
    px = gradient((22, 163, 74), (4, 120, 87))
    bolt = [(560, 140), (300, 590), (480, 590), (400, 884), (724, 420), (540, 420), (680, 140)]
    paint(px, [bolt], WHITE)
    return px


def media():
    px = gradient((234, 88, 12), (190, 18, 60))
    ring = circle(512, 512, 330)
    hole = circle(512, 512, 282)
    paint(px, [ring, hole], WHITE)
    play = [(430, 360), (430, 664), (690, 512)]
    paint(px, [play], WHITE)
    return px


def maps():
    px = gradient((37, 99, 235), (30, 64, 175))
    arrow = [(512, 170), (770, 840), (512, 700), (254, 840)]
    paint(px, [arrow], WHITE)
    return px


def hex_colour(rgb):
    return "#" + "".join(f"{c:02x}" for c in rgb)


def svg(name, top, bottom, shapes):
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">'
            f'<defs><linearGradient id="icon-{name}" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{hex_colour(top)}"/><stop offset="1" stop-color="{hex_colour(bottom)}"/>'
            f'</linearGradient></defs><rect width="1024" height="1024" fill="url(#icon-{name})"/>'
            + shapes + "</svg>")


def points(poly):
    return " ".join(f"{x},{y}" for x, y in poly)


# The same designs as the PNGs below draw: colours and polygons (the ring as a stroked circle
# between the PNG's radii 282 and 330).
SVGS = {
    "charging": svg("charging", (22, 163, 74), (4, 120, 87),
                    f'<polygon points="{points([(560, 140), (300, 590), (480, 590), (400, 884), (724, 420), (540, 420), (680, 140)])}" fill="#ffffff"/>'),
    "media": svg("media", (234, 88, 12), (190, 18, 60),
                 '<circle cx="512" cy="512" r="306" fill="none" stroke="#ffffff" stroke-width="48"/>'
                 f'<polygon points="{points([(430, 360), (430, 664), (690, 512)])}" fill="#ffffff"/>'),
    "maps": svg("maps", (37, 99, 235), (30, 64, 175),
                f'<polygon points="{points([(512, 170), (770, 840), (512, 700), (254, 840)])}" fill="#ffffff"/>'),
}


def write_svgs():
    for name, text in SVGS.items():
        with open(os.path.join(HERE, name + ".svg"), "w") as f:
            f.write(text + "\n")
        print("wrote", os.path.relpath(os.path.join(HERE, name + ".svg"), APPS))


def main():
    import sys

    write_svgs()
    if "--svg" in sys.argv[1:]:
        return
    for app, draw in (("Charging", charging), ("Media", media), ("Map", maps)):
        catalog = os.path.join(APPS, app, "Assets.xcassets")
        iconset = os.path.join(catalog, "AppIcon.appiconset")
        os.makedirs(iconset, exist_ok=True)
        with open(os.path.join(catalog, "Contents.json"), "w") as f:
            json.dump({"info": {"author": "xcode", "version": 1}}, f, indent=2)
            f.write("\n")
        with open(os.path.join(iconset, "Contents.json"), "w") as f:
            json.dump(
                {
                    "images": [
                        {"filename": "AppIcon.png", "idiom": "universal", "platform": "ios",
                         "size": "1024x1024"}
                    ],
                    "info": {"author": "xcode", "version": 1},
                },
                f,
                indent=2,
            )
            f.write("\n")
        write_png(os.path.join(iconset, "AppIcon.png"), draw())
        print("wrote", os.path.relpath(iconset, APPS))


if __name__ == "__main__":
    main()

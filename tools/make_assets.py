"""Generate every sprite and sound of the collection (`make assets`).

    python tools/make_assets.py                     # writes sprites/ and sounds/ in the repo
    python tools/make_assets.py --out /tmp/x        # writes /tmp/x/sprites and /tmp/x/sounds
    python tools/make_assets.py --only cards,sounds # some groups only
    python tools/make_assets.py --only cards --sheet /tmp/sheet.png   # and a contact sheet to look at

The output is deterministic: the same pygame-ce version gives byte-identical files, so
the committed assets can be checked against a fresh run (tests/test_assets.py does).
Runs headless (SDL_VIDEODRIVER=dummy is set if no driver is chosen).

Layout of sprites/ (what cardgames/engine/assets.py reads):
  cards/AS.png .. KD.png, JK.png       200x280 faces
  cards_4colour/*C.png, *D.png          four-colour deck: clubs green, diamonds blue
  cards_small/, cards_small_4colour/    100x140 faces with one huge index, for small sizes
  backs/<name>.png                      card backs (assets.BACKS)
  skyjo/m2.png, m1.png, 0.png .. 12.png, back.png   (m = minus)
  tables/<name>.png (256x256 tileable), tables/vignette.png
  ui/<name>.png                         icons 64x64, card_shadow, card_highlight, card_slot
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import assets_cards
import assets_misc
import assets_sounds
import pygame
from assets_draw import save

REPO = Path(__file__).resolve().parent.parent
GROUPS = ("cards", "backs", "skyjo", "tables", "ui", "sounds")


def skyjo_stem(value: int) -> str:
    return f"m{-value}" if value < 0 else str(value)


def sprite_jobs():
    """(group, relative path, function returning a Surface) for every sprite."""
    jobs = []
    for four, folder in ((False, "cards"), (True, "cards_4colour")):
        for stem, rank, suit in assets_cards.card_files(four):
            jobs.append(("cards", f"{folder}/{stem}.png", lambda r=rank, s=suit, f=four: assets_cards.face(r, s, f)))
            jobs.append(("cards", f"{folder.replace('cards', 'cards_small')}/{stem}.png",
                         lambda r=rank, s=suit, f=four: assets_cards.small_face(r, s, f)))
    for name in assets_cards.BACKS:
        jobs.append(("backs", f"backs/{name}.png", lambda n=name: assets_cards.back(n)))
    for v in assets_misc.SKYJO_VALUES:
        jobs.append(("skyjo", f"skyjo/{skyjo_stem(v)}.png", lambda v=v: assets_misc.skyjo_face(v)))
    jobs.append(("skyjo", "skyjo/back.png", assets_misc.skyjo_back))
    for name in assets_misc.TABLES:
        jobs.append(("tables", f"tables/{name}.png", lambda n=name: assets_misc.table_tile(n)))
    jobs.append(("tables", "tables/vignette.png", assets_misc.vignette))
    for name in assets_misc.ICONS:
        jobs.append(("ui", f"ui/{name}.png", lambda n=name: assets_misc.icon(n)))
    for name, fn in (("card_shadow", assets_misc.card_shadow), ("card_highlight", assets_misc.card_highlight),
                     ("card_slot", assets_misc.card_slot)):
        jobs.append(("ui", f"ui/{name}.png", fn))
    return jobs


def generate(out: Path, groups=GROUPS, paths: tuple[str, ...] | None = None) -> list[Path]:
    """Write the chosen groups (or only the listed relative paths, e.g. "cards/QH.png",
    "sounds/deal.wav") under `out`; returns the files written."""
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    written = []
    for group, rel, fn in sprite_jobs():
        if group in groups and (paths is None or rel in paths):
            path = out / "sprites" / rel
            save(fn(), path)
            written.append(path)
    if "sounds" in groups:
        for name in assets_sounds.SOUNDS:
            if paths is None or f"sounds/{name}.wav" in paths:
                written.append(assets_sounds.make_sound(name, out / "sounds"))
    return written


def contact_sheet(sprites: Path, path: Path, size=(84, 118), small=(48, 67)) -> None:
    """Every card face, back and Skyjo card on the felt, at the in-game size and at the
    small size used for opponents: the page to look at after changing the drawing code."""
    def load(rel, wh):
        return pygame.transform.smoothscale(pygame.image.load(str(sprites / rel)), wh)

    def folder(wh, four):
        base = "cards_small" if wh[1] < 100 else "cards"
        return base + ("_4colour" if four else "")

    gap = 6
    cols = 14
    faces = [stem for stem, _, _ in assets_cards.card_files()]
    backs = [f"backs/{n}.png" for n in assets_cards.BACKS]
    skyjo = [f"skyjo/{skyjo_stem(v)}.png" for v in assets_misc.SKYJO_VALUES] + ["skyjo/back.png"]
    rows = []
    for wh in (size, small):
        for four in (False, True):
            four_files = {stem for stem, _, _ in assets_cards.card_files(True)}
            rels = [f"{folder(wh, four and stem in four_files)}/{stem}.png" for stem in faces]
            rows += [(wh, rels[i:i + cols]) for i in range(0, len(rels), cols)]
        rows += [(wh, backs + skyjo[:cols - len(backs)]), (wh, skyjo[cols - len(backs):])]
    height = sum(wh[1] + gap for wh, _ in rows) + gap
    sheet = pygame.Surface((cols * (size[0] + gap) + gap, height))
    tile = pygame.image.load(str(sprites / "tables/felt_green.png"))
    for x in range(0, sheet.get_width(), tile.get_width()):
        for y in range(0, sheet.get_height(), tile.get_height()):
            sheet.blit(tile, (x, y))
    y = gap
    for wh, rels in rows:
        for i, rel in enumerate(rels):
            sheet.blit(load(rel, wh), (gap + i * (wh[0] + gap), y))
        y += wh[1] + gap
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Generate the collection's sprites and sounds.")
    parser.add_argument("--out", type=Path, default=REPO, help="folder to hold sprites/ and sounds/ (default: repo)")
    parser.add_argument("--only", default=",".join(GROUPS), help=f"comma-separated groups from {', '.join(GROUPS)}")
    parser.add_argument("--sheet", type=Path, metavar="PNG",
                        help="also save a contact sheet of the cards (in-game and small sizes) to PNG")
    args = parser.parse_args(argv)
    groups = tuple(g.strip() for g in args.only.split(",") if g.strip())
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    start = time.perf_counter()
    files = generate(args.out, groups)
    total = sum(p.stat().st_size for p in files)
    print(f"wrote {len(files)} files, {total / 1e6:.2f} MB, under {args.out} in {time.perf_counter() - start:.1f} s")
    if args.sheet:
        contact_sheet(args.out / "sprites", args.sheet)
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

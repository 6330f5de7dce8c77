"""Which way of getting the 1280x720 canvas into a real window is cheapest? (issue 12)

    DISPLAY=:N python tools/bench_present.py PATH WxH     # one path in one window (one process each:
                                                          # SDL hints only act before the window opens)
    python tools/bench_present.py --all                   # every path at 1920x1080 and 1280x720 (starts Xvfb)

Each path presents the same card-table canvas (one card moved each frame, so
every frame differs) FRAMES times; printed is the CPU of all threads of the
process per frame (time.process_time), median and p99, in ms. The paths:
  surface-gl     the window surface, smoothscale, display.flip (SDL presents through a texture:
                 OpenGL, which is software llvmpipe on a machine without a GPU)
  surface-shm    the same with SDL_FRAMEBUFFER_ACCELERATION=0 (SDL presents with X shared memory)
  surface-fast   as surface-shm with pygame.transform.scale (no filtering) instead of smoothscale
  surface-direct as surface-shm, the canvas drawn straight into a window of its own size (no copy;
                 the app does this at 1280x720: engine/canvas.py)
  renderer-sw    pygame._sdl2.video: a software Renderer scales a streaming Texture (linear filter)
  renderer-gl    the same with the accelerated (OpenGL) Renderer
  scaled         pygame's SCALED display mode (SDL's renderer scales, SDL maps the mouse)
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

PATHS = ("surface-gl", "surface-shm", "surface-fast", "surface-direct", "renderer-sw", "renderer-gl", "scaled")
FRAMES = 300


def _canvas(pygame):
    surf = pygame.Surface((1280, 720))
    surf.fill((20, 104, 66))
    for i in range(40):
        pygame.draw.rect(surf, (240, 240, 230), (40 + i * 29, 200 + (i % 5) * 60, 96, 134), border_radius=8)
    return surf


def one(path: str, size: tuple[int, int]) -> None:
    if path != "surface-gl":
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    if path == "renderer-sw":
        os.environ["SDL_RENDER_SCALE_QUALITY"] = "linear"
    import pygame

    pygame.display.init()
    base = _canvas(pygame)
    canvas = base.copy()
    card = pygame.Surface((96, 134))
    card.fill((200, 40, 60))
    rect = pygame.Rect(0, 0, 1280 * size[1] // 720, size[1])
    rect.centerx = size[0] // 2
    present = None
    if path == "surface-direct":
        if size != (1280, 720):
            print(f"{path:14} {size[0]}x{size[1]}  (only for a window of the canvas's size)")
            return
        canvas = pygame.display.set_mode(size, pygame.RESIZABLE)   # the frames are drawn into the window

        def present() -> None:
            pygame.display.flip()
    elif path.startswith("surface"):
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        target = window.subsurface(rect)
        scale = pygame.transform.smoothscale if path != "surface-fast" else pygame.transform.scale

        def present() -> None:
            if rect.size == (1280, 720):
                window.blit(canvas, rect)
            else:
                scale(canvas, rect.size, target)
            pygame.display.flip()
    elif path.startswith("renderer"):
        from pygame._sdl2 import video

        window = video.Window("bench", size=size)
        renderer = video.Renderer(window, accelerated=0 if path == "renderer-sw" else 1)
        texture = video.Texture(renderer, (1280, 720), streaming=True)
        print(f"# renderer: {video.get_drivers and renderer}", file=sys.stderr)

        def present() -> None:
            texture.update(canvas)
            renderer.clear()
            renderer.blit(texture, rect)
            renderer.present()
    else:
        window = pygame.display.set_mode((1280, 720), pygame.SCALED | pygame.RESIZABLE)
        pygame.display.get_window_size()

        def present() -> None:
            window.blit(canvas, (0, 0))
            pygame.display.flip()
    times = []
    for i in range(FRAMES + 20):
        pygame.event.pump()
        t0 = time.process_time()
        canvas.blit(base, (0, 0))
        canvas.blit(card, (40 + (i * 7) % 1100, 300))
        present()
        times.append((time.process_time() - t0) * 1000)
    times = sorted(times[20:])
    print(f"{path:14} {size[0]}x{size[1]}  median {times[len(times) // 2]:6.2f} ms  "
          f"p99 {times[int(0.99 * (len(times) - 1))]:6.2f} ms")


def run_all() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from cardgames.bench_window import start_xvfb

    if shutil.which("Xvfb") is None:
        print("Xvfb is not installed")
        return
    for size in ((1920, 1080), (1280, 720)):
        started = start_xvfb(size)
        if started is None:
            print(f"{size}: Xvfb did not start")
            continue
        xvfb, display = started
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=display, PYGAME_HIDE_SUPPORT_PROMPT="1")
        try:
            for path in PATHS:
                r = subprocess.run([sys.executable, __file__, path, f"{size[0]}x{size[1]}"], env=env,
                                   capture_output=True, text=True, check=False)
                print(r.stdout.strip() or f"{path:14} failed: {(r.stderr.strip().splitlines() or ['?'])[-1]}")
        finally:
            xvfb.terminate()
            xvfb.wait(5)


if __name__ == "__main__":
    if sys.argv[1:] == ["--all"]:
        run_all()
    else:
        w, h = (int(v) for v in sys.argv[2].split("x"))
        one(sys.argv[1], (w, h))

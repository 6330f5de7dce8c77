"""The 1280x720 canvas in windows of many sizes: letterboxing and mouse mapping."""
import pygame
import pytest

from cardgames.engine.canvas import CALM_FRAMES, Canvas, fit

SIZE = (1280, 720)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    yield


def test_same_size_is_identity():
    c = Canvas(SIZE)
    c.resize(SIZE)
    assert c.rect == pygame.Rect(0, 0, 1280, 720)
    assert c.to_canvas((100, 200)) == (100, 200)


@pytest.mark.parametrize("window, rect", [
    ((1920, 1080), (0, 0, 1920, 1080)),
    ((800, 450), (0, 0, 800, 450)),
    ((1280, 1024), (0, 152, 1280, 720)),     # taller: bars above and below
    ((2000, 720), (360, 0, 1280, 720)),      # wider: bars left and right
])
def test_fit_keeps_the_aspect_ratio_and_centres(window, rect):
    assert fit(SIZE, window) == pygame.Rect(rect)


@pytest.mark.parametrize("window", [(1920, 1080), (800, 450), (1280, 1024), (1000, 1000), (300, 200)])
def test_mouse_positions_map_back_to_the_canvas(window):
    c = Canvas(SIZE)
    c.resize(window)
    for point in [(0, 0), (640, 360), (1279, 719), (100, 600)]:
        back = c.to_canvas(c.to_window(point))
        scale = c.scale
        assert abs(back[0] - point[0]) <= 1 / scale + 1 and abs(back[1] - point[1]) <= 1 / scale + 1


def test_events_in_the_bars_map_outside_the_canvas_and_say_so():
    c = Canvas(SIZE)
    c.resize((1280, 1024))  # 152 px bars top and bottom
    ev = c.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 20), button=1))
    assert ev.pos[1] < 0 and ev.inside is False
    ev = c.map_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 512), button=1))
    assert ev.pos == (640, 360) and ev.inside is True


def test_motion_rel_is_scaled_too():
    c = Canvas(SIZE)
    c.resize((1920, 1080))
    ev = c.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(30, -15), buttons=(0, 0, 0)))
    assert ev.pos == (640, 360) and ev.rel == (20, -10)


def test_keys_pass_through_unchanged():
    c = Canvas(SIZE)
    c.resize((800, 450))
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert c.map_event(key) is key


@pytest.mark.parametrize("window", [(1920, 1080), (800, 450), (300, 200), (1280, 720), (1, 1)])
def test_present_scales_into_any_window_without_error(window):
    c = Canvas(SIZE)
    c.surface.fill((200, 0, 0))
    target = pygame.Surface(window)
    c.present(target)
    inner = c.rect
    r, g, b = target.get_at(inner.center)[:3]
    assert r > 30 and g == b == 0  # the canvas (filtered when scaled)
    if inner.top > 0:
        assert target.get_at((inner.centerx, 0))[:3] != (200, 0, 0)  # the letterbox bar


def test_present_follows_a_resized_window():
    c = Canvas(SIZE)
    c.present(pygame.Surface((1920, 1080)))
    assert c.rect.size == (1920, 1080)
    c.present(pygame.Surface((640, 480)))
    assert c.rect == pygame.Rect(0, 60, 640, 360)


def _scribble(surface, rng, count, colour=None):
    for _ in range(count):
        rect = pygame.Rect(rng.randrange(surface.get_width()), rng.randrange(surface.get_height()),
                           rng.randrange(1, 120), rng.randrange(1, 90))
        surface.fill(colour or (rng.randrange(256), rng.randrange(256), rng.randrange(256)), rect)


@pytest.mark.parametrize("window", [(1920, 1080), (2560, 1440), (1366, 768), (1600, 900), (1280, 720),
                                    (1920, 1200), (1000, 700), (960, 540)])
def test_presenting_only_the_changed_rows_gives_the_pixels_of_a_whole_present(window):
    import random

    rng = random.Random(window[0])
    c = Canvas(SIZE)
    c.resize(window)
    _scribble(c.surface, rng, 300)
    shown = pygame.Surface(window)
    assert c.changed_rows() == [(0, 720)]          # nothing shown yet: all of it
    assert c.present(shown, [(0, 720)]) is None     # a new window: drawn whole
    c.keep_shown()                                  # (unscaled windows compare only when asked to)
    assert c.changed_rows(exact=True) == []         # the same picture again: nothing to send
    for _ in range(12):
        _scribble(c.surface, rng, 2, (rng.randrange(256), 0, 0))
        rows = c.changed_rows()
        rects = c.present(shown, rows)
        assert rows and (rects is None if rows == [(0, 720)] else all(r.colliderect(c.rect) for r in rects))
    whole = pygame.Surface(window)
    fresh = Canvas(SIZE)
    fresh.surface.blit(c.surface, (0, 0))
    fresh.present(whole)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_changed_rows_names_the_bands_that_changed():
    c = Canvas(SIZE)
    c.resize((1920, 1080))
    c.changed_rows()
    c.surface.fill((255, 255, 255), pygame.Rect(600, 100, 10, 5))   # rows 100..104: band 96..112
    c.surface.fill((255, 255, 255), pygame.Rect(0, 715, 1, 1))
    assert c.changed_rows() == [(96, 112), (704, 720)]
    assert c.changed_rows() == []
    c.invalidate()                                  # e.g. the window was exposed: send everything
    assert c.changed_rows() == [(0, 720)]


def test_busy_frames_are_sent_whole_without_comparing_until_they_calm_down():
    c = Canvas(SIZE)
    c.resize((1920, 1080))
    c.changed_rows()
    c.surface.fill((1, 2, 3))
    assert c.changed_rows() == [(0, 720)]           # every band changed: busy
    c.surface.fill((4, 5, 6))
    assert c.changed_rows() == [(0, 720)]           # taken as changed (rows sampled, for the next frame)
    c.surface.fill((7, 8, 9))
    assert c.changed_rows() == [(0, 720)]           # the rows sampled changed: still busy
    for calm in range(CALM_FRAMES):                 # frames that change little: busy still (a storm resting
        c.surface.fill((70, 80, calm), pygame.Rect(0, 100, 10, 1))   # between batches), until the last,
        assert c.changed_rows() == [(0, 720)]       # which is sent whole once more, with a fresh copy
    c.surface.fill((1, 1, 1), pygame.Rect(0, 100, 10, 1))
    assert c.changed_rows() == [(96, 112)]          # compared again, band by band
    c.surface.fill((2, 2, 2))
    assert c.changed_rows() == [(0, 720)]           # busy again
    c.keep_shown()                                  # an audit: the copy is taken up from the canvas
    assert c.changed_rows(exact=True) == []         # and compared: nothing changed since


def test_a_picture_back_to_the_one_compared_before_a_busy_spell_is_still_sent():
    """The copy of the frame shown lags behind while busy frames are not compared: a canvas that
    returns to the picture of that copy must not be taken as already on screen."""
    c = Canvas(SIZE)
    window = pygame.Surface((1920, 1080))
    c.resize(window.get_size())
    pictures = [(10, 10, 10), (200, 0, 0), (0, 200, 0), (0, 200, 0), (0, 200, 0), (200, 0, 0), (200, 0, 0)]
    for colour in pictures:
        c.surface.fill(colour)
        c.present(window, c.changed_rows())
        assert window.get_at((960, 540))[:3] == colour


def test_unscaled_frames_are_sent_whole_and_the_copy_is_taken_up_before_an_audit():
    c = Canvas(SIZE)
    c.resize(SIZE)                                  # nothing to scale: a whole blit is cheaper than comparing
    c.changed_rows()
    c.surface.fill((9, 9, 9), pygame.Rect(0, 0, 5, 5))
    assert c.changed_rows() == [(0, 720)]           # not compared, taken as changed
    c.keep_shown()                                  # an audit is about to draw: the canvas holds the frame shown
    assert c.changed_rows(exact=True) == []
    c.surface.fill((99, 9, 9), pygame.Rect(0, 700, 5, 5))   # rows 700..704: bands 688.. and 704..
    assert c.changed_rows(exact=True) == [(688, 720)]


def test_a_window_of_the_canvas_size_is_drawn_into_directly_until_it_changes_size():
    c = Canvas(SIZE)
    window = pygame.Surface(SIZE)
    c.surface.fill((30, 60, 90))
    assert c.present(window) is None and window.get_at((640, 360))[:3] == (30, 60, 90)   # copied once
    assert c.surface is window and c.direct          # the next frames are drawn in the window itself
    assert c.changed_rows(exact=True) == [(0, 720)]  # (nothing compared yet: all of it)
    c.surface.fill((1, 2, 3), pygame.Rect(0, 100, 5, 5))
    assert c.present(window, c.changed_rows(exact=True)) == [pygame.Rect(0, 96, 1280, 16)]   # nothing to copy
    c.resize((1920, 1080))                           # the window grows: the canvas is its own surface again
    assert c.surface is not window and not c.direct and c.surface.get_size() == SIZE
    assert c.changed_rows() == [(0, 720)]            # and all of it is sent


def test_a_window_laid_out_otherwise_gets_a_copy_of_the_canvas():
    c = Canvas(SIZE)
    window = pygame.Surface(SIZE, 0, 16)             # another pixel format: blitted (converted), not drawn into
    c.surface.fill((255, 0, 0))
    c.present(window)
    assert not c.direct and window.get_at((5, 5))[:3] == (255, 0, 0)

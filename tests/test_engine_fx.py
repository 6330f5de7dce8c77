"""Effects: particles, pop-up text, flash and shake live for their time, then vanish."""
import pygame

from cardgames.ui.fx import MAX_PARTICLES, Effects


def run(fx, seconds, dt=1 / 60):
    for _ in range(int(seconds / dt)):
        fx.update(dt)


def test_burst_particles_fall_and_die():
    pygame.font.init()
    fx = Effects()
    fx.burst((100, 100), count=30)
    assert len(fx.particles) == 30 and fx.active
    y0 = sum(p.y for p in fx.particles)
    run(fx, 0.3)
    assert sum(p.y for p in fx.particles) != y0
    run(fx, 1.0)
    assert fx.particles == [] and not fx.active


def test_particle_count_is_capped():
    fx = Effects()
    for _ in range(50):
        fx.burst((0, 0), count=40)
    assert len(fx.particles) == MAX_PARTICLES


def test_pop_text_rises_and_fades_and_everything_draws():
    pygame.font.init()
    fx = Effects()
    fx.pop_text("+500", (200, 200))
    fx.flash((255, 0, 0), 0.2)
    fx.burst((200, 200))
    y0 = fx.texts[0].y
    surface = pygame.Surface((1280, 720))
    fx.update(0.1)
    fx.draw(surface)
    assert fx.texts[0].y < y0
    assert surface.get_at((5, 5))[0] > 0  # the red flash
    run(fx, 1.2)
    assert not fx.active


def test_shake_offsets_then_settles():
    fx = Effects(seed=3)
    fx.shake(10, 0.3)
    offsets = {fx.offset() for _ in range(20)}
    assert len(offsets) > 1 and all(abs(x) <= 10 and abs(y) <= 10 for x, y in offsets)
    run(fx, 0.4)
    assert fx.offset() == (0, 0)

"""Scheduler, easing, tweens and the animator, driven by a hand-made clock."""
import pytest

from cardgames.engine.clock import Scheduler
from cardgames.engine.tween import EASINGS, Animator, Call, Sequence, Tween, Wait, lerp, linear


class Box:
    def __init__(self, **kw):
        self.__dict__.update(kw)


# ---------------------------------------------------------------- scheduler
def test_after_runs_once_when_its_time_comes():
    s, log = Scheduler(), []
    s.after(0.5, lambda: log.append("a"))
    s.update(0.3)
    assert log == []
    s.update(0.3)
    assert log == ["a"]
    s.update(5)
    assert log == ["a"] and s.pending == 0


def test_every_repeats_and_catches_up_after_a_long_frame():
    s, log = Scheduler(), []
    s.every(0.25, lambda: log.append(round(s.time, 2)))
    s.update(0.2)
    assert log == []
    s.update(0.1)
    assert len(log) == 1
    s.update(0.5)  # two more intervals passed
    assert len(log) == 3


def test_jobs_run_in_due_order_and_cancel_works():
    s, log = Scheduler(), []
    s.after(0.3, lambda: log.append("late"))
    s.after(0.1, lambda: log.append("early"))
    job = s.after(0.2, lambda: log.append("cancelled"))
    job.cancel()
    s.update(1)
    assert log == ["early", "late"]
    tick = s.every(0.1, lambda: log.append("tick"))
    s.cancel(tick)
    s.update(1)
    assert log == ["early", "late"]


def test_a_job_scheduling_another_waits_for_the_next_update():
    s, log = Scheduler(), []

    def again():
        log.append(s.time)
        s.after(0, again)  # would loop forever if run in the same update

    s.after(0, again)
    s.update(0.1)
    s.update(0.1)
    assert len(log) == 2


def test_no_time_no_calls_pause_is_simply_not_updating():
    s, log = Scheduler(), []
    s.after(0.1, lambda: log.append(1))
    for _ in range(100):
        s.update(0)
    assert log == []


def test_every_rejects_non_positive_interval():
    with pytest.raises(ValueError):
        Scheduler().every(0, lambda: None)


# ---------------------------------------------------------------- easing and tweens
@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_out_back_overshoots_and_in_quad_starts_slowly():
    assert max(EASINGS["out_back"](t / 100) for t in range(101)) > 1.0
    assert EASINGS["in_quad"](0.5) < 0.5 < EASINGS["out_quad"](0.5)


def test_lerp_numbers_and_tuples():
    assert lerp(0, 10, 0.25) == 2.5
    assert lerp((0, 10), (10, 30), 0.5) == (5, 20)


def test_tween_moves_an_attribute_and_calls_on_done_once():
    box, done = Box(x=0.0), []
    tw = Tween(box, "x", 10.0, 1.0, linear, on_done=lambda: done.append(1))
    assert tw.update(0.25) is False and box.x == pytest.approx(2.5)
    assert tw.update(0.5) is False and box.x == pytest.approx(7.5)
    assert tw.update(0.5) is True and box.x == 10.0
    tw.update(1)
    tw.finish()
    assert done == [1]


def test_tween_reads_its_start_late_and_accepts_a_setter_and_a_delay():
    box = Box(pos=(0.0, 0.0))
    tw = Tween(box, "pos", (10.0, 20.0), 1.0, "linear", delay=0.5)
    box.pos = (10.0, 0.0)  # changed before the tween starts: it starts from here
    tw.update(0.5)
    tw.update(0.5)
    assert box.pos == pytest.approx((10.0, 10.0))
    seen = []
    Tween(setter=seen.append, start=0, end=4, duration=1, ease=linear).update(0.5)
    assert seen == [2]


def test_tween_end_may_be_computed_when_it_starts():
    box = Box(x=0.0, home=5.0)
    tw = Tween(box, "x", lambda: box.home, 1.0, linear)
    box.home = 8.0
    tw.update(2)
    assert box.x == 8.0


def test_a_cancelled_tween_stops_where_it_is():
    box, done = Box(x=0.0), []
    tw = Tween(box, "x", 10.0, 1.0, linear, on_done=lambda: done.append(1))
    tw.update(0.5)
    tw.cancel()
    tw.update(1)
    tw.finish()
    assert box.x == pytest.approx(5.0) and done == []


def test_tween_needs_a_target_or_a_setter():
    with pytest.raises(ValueError):
        Tween(end=1)


# ---------------------------------------------------------------- animator
def test_batches_run_in_sequence_and_their_members_in_parallel():
    a, b, c = Box(x=0.0), Box(x=0.0), Box(x=0.0)
    anim = Animator()
    anim.queue(Tween(a, "x", 1.0, 1.0, linear), Tween(b, "x", 1.0, 0.5, linear))
    anim.queue(Tween(c, "x", 1.0, 1.0, linear))
    anim.update(0.5)
    assert a.x == pytest.approx(0.5) and b.x == 1.0 and c.x == 0.0
    anim.update(0.5)  # first batch ends; the second starts but has not advanced yet
    assert a.x == 1.0 and c.x == 0.0 and anim.busy
    anim.update(0.5)
    assert c.x == pytest.approx(0.5)
    anim.update(0.5)
    assert c.x == 1.0 and not anim.busy


def test_calls_and_waits_inside_sequences():
    log = []
    anim = Animator()
    anim.queue(Sequence(Call(lambda: log.append("a")), Wait(0.3), Call(lambda: log.append("b"))))
    anim.queue(Call(lambda: log.append("c")))
    anim.update(0.01)
    assert log == ["a"]
    for _ in range(40):
        anim.update(0.01)
    assert log == ["a", "b", "c"] and not anim.busy


def test_scale_stretches_time_and_zero_means_instant():
    box = Box(x=0.0)
    slow = Animator(scale=2.0)
    slow.queue(Tween(box, "x", 1.0, 1.0, linear))
    slow.update(1.0)
    assert box.x == pytest.approx(0.5)

    box2, log = Box(x=0.0), []
    off = Animator(scale=lambda: 0.0)
    off.queue(Tween(box2, "x", 1.0, 5.0, linear), Call(lambda: log.append(1)))
    off.queue(Call(lambda: log.append(2)))
    assert box2.x == 1.0 and log == [1, 2] and not off.busy


def test_finish_all_completes_everything_in_order():
    log = []
    box = Box(x=0.0)
    anim = Animator()
    anim.queue(Tween(box, "x", 3.0, 1.0, on_done=lambda: log.append("t")))
    anim.queue(Call(lambda: log.append("c")))
    anim.play(Tween(box, "y", 1.0, 1.0, start=0.0))
    anim.finish_all()
    assert log == ["t", "c"] and box.x == 3.0 and box.y == 1.0 and not anim.busy


def test_play_runs_beside_the_queue_and_does_not_make_it_busy():
    box = Box(x=0.0)
    anim = Animator()
    anim.play(Tween(box, "x", 1.0, 1.0, linear))
    assert not anim.busy
    anim.update(0.5)
    assert box.x == pytest.approx(0.5)

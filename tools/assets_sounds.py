"""Sound effects and a music loop, synthesised with the standard library only.

Everything is mono 16-bit at 22050 Hz. A sound is a list of floats in -1..1 built by
adding notes and noise bursts into a buffer; `write_wav` normalises and writes it.
Random parts (noise) come from random.Random seeded by the sound's name, so the
files come out byte-for-byte the same on every run.
"""
from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 22050
TAU = 2 * math.pi


def midi_hz(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def buffer(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def add(buf: list[float], samples, at: float, wrap: bool = False) -> None:
    """Add `samples` into `buf` starting at `at` seconds; `wrap` folds the tail back to the
    start (what makes the music loop seamless)."""
    start = int(at * RATE)
    n = len(buf)
    for i, s in enumerate(samples):
        j = start + i
        if j >= n:
            if not wrap:
                break
            j %= n
        buf[j] += s


def note(freq: float, dur: float, amp: float = 0.5, decay: float = 4.0, attack: float = 0.005,
         partials=((1, 1.0),), vibrato: float = 0.0, release: float = 0.02) -> list[float]:
    """A tone: a sum of partials (multiple, weight), fast attack, exponential decay, short release.
    Higher partials decay faster, as on struck or plucked instruments."""
    n = int(dur * RATE)
    out = [0.0] * n
    rel = max(1, int(release * RATE))
    att = max(1, int(attack * RATE))
    for mult, weight in partials:
        f = freq * mult
        if f >= RATE / 2:
            continue
        k = decay * (1 + 0.5 * (mult - 1))
        phase = 0.0
        for i in range(n):
            t = i / RATE
            vib = 1 + vibrato * math.sin(TAU * 5.5 * t) if vibrato else 1
            phase += TAU * f * vib / RATE
            out[i] += weight * math.sin(phase) * math.exp(-k * t)
    for i in range(n):
        env = min(1.0, i / att) * min(1.0, (n - i) / rel)
        out[i] *= amp * env
    return out


def noise(rng: random.Random, dur: float, amp: float, decay: float, lowpass: float = 1.0,
          highpass: float = 0.0, attack: float = 0.002) -> list[float]:
    """A burst of filtered white noise (one-pole filters: 0..1, 1 = no filtering)."""
    n = int(dur * RATE)
    out = []
    lp = hp_prev_in = hp_prev_out = 0.0
    att = max(1, int(attack * RATE))
    for i in range(n):
        x = rng.uniform(-1, 1)
        lp += lowpass * (x - lp)
        y = lp
        if highpass:
            hp = highpass * (hp_prev_out + y - hp_prev_in)
            hp_prev_in, hp_prev_out = y, hp
            y = hp
        out.append(y * amp * min(1.0, i / att) * math.exp(-decay * i / RATE))
    return out


def sweep(f0: float, f1: float, dur: float, amp: float, decay: float) -> list[float]:
    """A sine gliding from f0 to f1 (a soft thump when low)."""
    n = int(dur * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        phase += TAU * (f0 + (f1 - f0) * t) / RATE
        out.append(amp * math.sin(phase) * math.exp(-decay * i / RATE) * min(1.0, (n - i) / 40))
    return out


def write_wav(path: Path, buf: list[float], peak: float = 0.8) -> None:
    top = max(1e-9, max(abs(s) for s in buf))
    scale = peak * 32767 / top
    data = array("h", (max(-32767, min(32767, round(s * scale))) for s in buf))
    if data.itemsize != 2:
        raise RuntimeError("array('h') is not 16-bit here")
    if sys.byteorder == "big":   # WAV samples are little-endian
        data.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


BELL = ((1, 1.0), (2, 0.45), (3, 0.2), (4.2, 0.12))
EPIANO = ((1, 1.0), (2, 0.3), (3, 0.08))
SOFT = ((1, 1.0), (2, 0.15))
BUZZ = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14))

# ---------------------------------------------------------------- effects


def deal(rng):
    buf = buffer(0.16)
    add(buf, noise(rng, 0.15, 0.9, 30, lowpass=0.55, highpass=0.7, attack=0.012), 0)
    return buf


def flip(rng):
    buf = buffer(0.12)
    add(buf, noise(rng, 0.05, 0.8, 70, lowpass=0.6, highpass=0.6), 0)
    add(buf, noise(rng, 0.06, 0.6, 60, lowpass=0.4, highpass=0.8), 0.045)
    add(buf, note(1400, 0.04, 0.12, decay=60), 0.045)
    return buf


def place(rng):
    buf = buffer(0.16)
    add(buf, sweep(170, 80, 0.14, 0.8, 28), 0)
    add(buf, noise(rng, 0.06, 0.5, 60, lowpass=0.25), 0)
    return buf


def invalid(rng):
    buf = buffer(0.32)
    soft_buzz = ((1, 1.0), (2, 0.2), (3, 0.25))
    add(buf, note(196, 0.12, 0.5, decay=9, partials=soft_buzz, release=0.03), 0)
    add(buf, note(155.6, 0.17, 0.5, decay=9, partials=soft_buzz, release=0.08), 0.14)
    return buf


def shuffle(rng):
    buf = buffer(0.8)
    t = 0.0
    for i in range(34):   # a riffle: ticks that speed up, then slow down
        add(buf, noise(rng, 0.012, rng.uniform(0.5, 1.0), 200, lowpass=0.7, highpass=0.6), t)
        t += 0.024 - 0.008 * math.sin(math.pi * i / 33)
    add(buf, noise(rng, 0.18, 0.6, 16, lowpass=0.45, highpass=0.7, attack=0.03), t)
    return buf


def button(rng):
    buf = buffer(0.07)
    add(buf, note(1046.5, 0.06, 0.7, decay=70, partials=SOFT), 0)
    add(buf, noise(rng, 0.01, 0.25, 300, highpass=0.5), 0)
    return buf


CHIME_NOTES = (72, 74, 76, 79, 81, 84, 86, 88)   # C major pentatonic, rising


def chime(i: int):
    def make(rng):
        buf = buffer(0.7)
        f = midi_hz(CHIME_NOTES[i])
        add(buf, note(f, 0.68, 0.6, decay=6, partials=BELL, release=0.05), 0)
        add(buf, note(f * 2, 0.4, 0.12, decay=10), 0.02)
        return buf
    return make


def win(rng):
    buf = buffer(2.0)
    for k, m in enumerate((72, 76, 79, 84)):
        add(buf, note(midi_hz(m), 0.5, 0.5, decay=5, partials=BELL), k * 0.11)
    for m in (60, 64, 67, 72, 76):
        add(buf, note(midi_hz(m), 1.5, 0.3, decay=2.2, partials=EPIANO, release=0.2), 0.46)
    for k, m in enumerate((88, 91, 96, 91, 96)):
        add(buf, note(midi_hz(m), 0.3, 0.12, decay=12), 0.5 + k * 0.09)
    return buf


def lose(rng):
    buf = buffer(1.7)
    for k, m in enumerate((67, 66, 65)):
        add(buf, note(midi_hz(m), 0.3, 0.5, decay=3, partials=BUZZ[:3], release=0.05), k * 0.3)
    add(buf, note(midi_hz(64), 0.75, 0.5, decay=2.5, partials=BUZZ[:3], vibrato=0.012, release=0.2), 0.9)
    return buf


def timer_warning(rng):
    buf = buffer(0.36)
    for k in range(2):
        add(buf, note(988, 0.09, 0.6, decay=18, partials=SOFT), k * 0.17)
    return buf


# ---------------------------------------------------------------- music

BPM = 128
BEAT = 60 / BPM
BARS = 8
# (root, chord tones) per bar: Cmaj7 Am7 Dm7 G7 | Cmaj7 Am7 Fmaj7 G7
CHORDS = ((48, (64, 67, 71, 72)), (45, (64, 67, 69, 72)), (50, (65, 69, 72, 74)), (43, (65, 67, 71, 74)),
          (48, (64, 67, 71, 76)), (45, (64, 67, 72, 76)), (41, (64, 65, 69, 72)), (43, (62, 65, 67, 71)))
# melody: (beat from the start, midi note, length in beats)
MELODY = ((0, 76, 1.5), (1.5, 79, 0.5), (2, 81, 1), (3, 79, 1),
          (4, 76, 1.5), (5.5, 72, 0.5), (6, 74, 2),
          (8, 77, 1.5), (9.5, 76, 0.5), (10, 74, 1), (11, 72, 1),
          (12, 71, 1.5), (13.5, 72, 0.5), (14, 74, 2),
          (16, 76, 1.5), (17.5, 79, 0.5), (18, 84, 1), (19, 83, 1),
          (20, 81, 1.5), (21.5, 79, 0.5), (22, 76, 2),
          (24, 77, 1), (25, 76, 0.5), (25.5, 74, 0.5), (26, 72, 1), (27, 74, 1),
          (28, 74, 1.5), (29.5, 71, 0.5), (30, 67, 2))


def music(rng):
    """An 8-bar lounge loop; every note's tail wraps to the start so the loop is seamless."""
    length = BARS * 4 * BEAT
    buf = buffer(length)
    for bar, (root, tones) in enumerate(CHORDS):
        t0 = bar * 4 * BEAT
        for hit in (0, 1.5, 3):   # syncopated electric-piano chords
            for m in tones:
                add(buf, note(midi_hz(m), 1.1, 0.09, decay=2.8, partials=EPIANO, attack=0.01, release=0.1),
                    t0 + hit * BEAT, wrap=True)
        for beat, m in ((0, root), (2, root + 7), (3.5, root + 12)):
            add(buf, note(midi_hz(m), 0.45, 0.32, decay=4, partials=SOFT, attack=0.008, release=0.06),
                t0 + beat * BEAT, wrap=True)
        for beat in (0, 2):
            add(buf, sweep(110, 50, 0.16, 0.28, 22), t0 + beat * BEAT, wrap=True)
        for beat in (0.5, 1.5, 2.5, 3.5):
            add(buf, noise(rng, 0.04, 0.06, 90, highpass=0.85), t0 + beat * BEAT, wrap=True)
    for beat, m, length_beats in MELODY:
        add(buf, note(midi_hz(m), length_beats * BEAT + 0.25, 0.22, decay=1.6, partials=BELL[:3],
                      attack=0.012, vibrato=0.004, release=0.12), beat * BEAT, wrap=True)
    return buf


SOUNDS = {
    "deal": deal, "flip": flip, "place": place, "invalid": invalid, "shuffle": shuffle, "button": button,
    **{f"chime_{i + 1}": chime(i) for i in range(8)},
    "win": win, "lose": lose, "timer_warning": timer_warning, "music": music,
}


def make_sound(name: str, out_dir: Path) -> Path:
    path = out_dir / f"{name}.wav"
    rng = random.Random(f"sound:{name}")
    write_wav(path, SOUNDS[name](rng), peak=0.6 if name == "music" else 0.8)
    return path

"""The generated sprites and sounds, and the loader's fallbacks (headless, no audio device)."""
from __future__ import annotations

import logging
import sys
import wave
from pathlib import Path

import pygame
import pytest

from cardgames.config import SOUNDS_DIR, SPRITES_DIR
from cardgames.core.cards import JOKER, Card, Rank, Suit, parse_card, standard_deck
from cardgames.engine import assets as assets_mod
from cardgames.engine.assets import BACKS, SKYJO_VALUES, SOUND_NAMES, TABLES, Assets, SilentSound

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import make_assets

IN_GAME = (90, 126)
SMALL = (48, 67)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield


@pytest.fixture
def assets(caplog):
    caplog.set_level(logging.WARNING, logger=assets_mod.__name__)
    return Assets(audio=False)


def _no_warnings(caplog):
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == []


def test_every_generated_sprite_is_committed_and_loads():
    jobs = make_assets.sprite_jobs()
    assert len(jobs) > 200
    for _, rel, _ in jobs:
        path = SPRITES_DIR / rel
        assert path.is_file(), f"missing {path}: run `make assets`"
        surf = pygame.image.load(str(path))
        assert surf.get_width() > 0


def test_sizes_of_the_source_images():
    size = lambda rel: pygame.image.load(str(SPRITES_DIR / rel)).get_size()
    assert size("cards/QH.png") == (200, 280)
    assert size("cards_small/10S.png") == (100, 140)
    assert size("skyjo/m2.png") == (200, 280)
    assert size("backs/blue.png") == (200, 280)
    assert size("ui/icon_pause.png") == (64, 64)
    assert size("tables/felt_green.png") == (256, 256)
    # rounded corners: the outermost corner pixel is transparent, the centre opaque
    face = pygame.image.load(str(SPRITES_DIR / "cards/7C.png"))
    assert face.get_at((0, 0)).a == 0 and face.get_at((100, 140)).a == 255


def test_loader_gives_every_card_back_skyjo_card_and_table_without_placeholders(assets, caplog):
    for card in standard_deck(1, jokers=1):
        for size in (IN_GAME, SMALL):
            for four in (False, True):
                assert assets.card(card, size, four_colour=four).get_size() == size
    for name in BACKS:
        assert assets.back(name, IN_GAME).get_size() == IN_GAME
    for value in SKYJO_VALUES:
        assert assets.skyjo(value, IN_GAME).get_size() == IN_GAME
    assert assets.skyjo_back(SMALL).get_size() == SMALL
    for name in TABLES:
        assert assets.table(name).get_size() == (1280, 720)
    for name in ("suit_hearts", "star", "icon_pause", "icon_undo", "icon_hint", "icon_sound_on",
                 "icon_sound_off", "card_shadow", "card_highlight", "card_slot"):
        assert assets.image(name).get_width() > 0
    assert assets.image("star", (24, 24)).get_size() == (24, 24)
    assert len(BACKS) >= 3
    _no_warnings(caplog)


def test_images_are_cached_per_name_and_size(assets):
    qh = parse_card("QH")
    assert assets.card(qh, IN_GAME) is assets.card(qh, IN_GAME)
    assert assets.card(qh, IN_GAME) is not assets.card(qh, (91, 127))


def test_scaled_cache_is_bounded(assets):
    assets._scaled.max_bytes = 5 * 80 * 4 * 120   # about five of these images
    for w in range(60, 80):
        assets.card(JOKER, (w, 120))
    assert assets._scaled.bytes <= assets._scaled.max_bytes
    assert 3 <= len(assets._scaled) <= 6
    assert (f"cards/{JOKER}.png", (79, 120)) in assets._scaled    # the newest stay


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_four_colour_deck_recolours_only_clubs_and_diamonds(assets):
    for text, changes in (("AC", True), ("7D", True), ("KH", False), ("2S", False)):
        card = parse_card(text)
        plain, four = assets.card(card, IN_GAME), assets.card(card, IN_GAME, four_colour=True)
        assert (_pixels(plain) != _pixels(four)) == changes, text
    # the small faces follow the same rule
    assert _pixels(assets.card(parse_card("QD"), SMALL)) != _pixels(assets.card(parse_card("QD"), SMALL, True))


def test_small_sizes_use_the_big_index_faces(assets):
    # drawn from a different source image, not just a shrunken full face
    card = Card(Rank.NINE, Suit.SPADES)
    shrunk = pygame.transform.smoothscale(assets.card(card, None), SMALL)
    assert _pixels(assets.card(card, SMALL)) != _pixels(shrunk)


def test_every_sound_is_a_short_mono_16bit_wav():
    total = 0
    for name in SOUND_NAMES:
        path = SOUNDS_DIR / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050), name
            seconds = w.getnframes() / w.getframerate()
        assert 0.03 < seconds <= (16 if name == "music" else 2.5), (name, seconds)
        total += path.stat().st_size
    assert total < 2_000_000
    assert set(SOUND_NAMES) == set(make_assets.assets_sounds.SOUNDS)


def test_sounds_load_in_the_mixer():
    # the dummy audio driver accepts a mixer, so the files can be decoded for real
    pygame.mixer.init()
    try:
        assert pygame.mixer.Sound(str(SOUNDS_DIR / "chime_8.wav")).get_length() == pytest.approx(0.7, abs=0.01)
        assert pygame.mixer.Sound(str(SOUNDS_DIR / "music.wav")).get_length() == pytest.approx(15.0, abs=0.01)
    finally:
        pygame.mixer.quit()


def test_sprites_stay_small():
    total = sum(p.stat().st_size for p in SPRITES_DIR.rglob("*.png"))
    assert total < 5_000_000


def test_generator_is_deterministic_and_matches_the_committed_files(tmp_path):
    pngs = ("cards/QH.png", "cards/10D.png", "cards/JK.png", "cards_4colour/KC.png", "cards_small/AS.png",
            "backs/green.png", "skyjo/m2.png", "skyjo/back.png", "tables/felt_blue.png", "ui/icon_undo.png")
    wavs = ("sounds/deal.wav", "sounds/shuffle.wav", "sounds/chime_3.wav")
    written = make_assets.generate(tmp_path, paths=tuple(f"{p}" for p in pngs) + wavs)
    assert len(written) == len(pngs) + len(wavs)
    for rel in pngs:
        new = pygame.image.load(str(tmp_path / "sprites" / rel))
        old = pygame.image.load(str(SPRITES_DIR / rel))
        assert new.get_size() == old.get_size() and _pixels(new) == _pixels(old), \
            f"{rel} differs from a fresh run: run `make assets` and commit"
    for rel in wavs:
        assert (tmp_path / rel).read_bytes() == (REPO / rel).read_bytes(), rel


def test_no_audio_gives_silent_sounds_without_errors(monkeypatch):
    # SDL_AUDIODRIVER=dummy (set by conftest) counts as "no audio"
    quiet = Assets()
    assert quiet.audio is False
    assert isinstance(quiet.sound("deal"), SilentSound)
    quiet.play("win", 0.8)
    quiet.play_music(0.5)
    quiet.set_music_volume(0.2)
    quiet.stop_music()
    assert quiet.sound("deal").play() is None

    # a real driver whose device cannot be opened: still silent, no exception
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", fail)
    broken = Assets()
    assert broken.audio is False
    broken.play("flip")
    assert isinstance(broken.sound("flip"), SilentSound)


def test_corrupt_or_missing_png_gives_a_placeholder(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger=assets_mod.__name__)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "QH.png").write_bytes(b"\x89PNG\r\n\x1a\n this is not a picture")
    assets = Assets(sprites_dir=tmp_path, audio=False)
    img = assets.card(parse_card("QH"), IN_GAME)
    assert img.get_size() == IN_GAME
    assert img.get_at((IN_GAME[0] // 2, IN_GAME[1] // 2)).a > 200      # something visible is drawn
    assert any("QH.png" in r.getMessage() and "placeholder" in r.getMessage() for r in caplog.records)
    # missing files too, and the warning is logged once per file, not per frame
    caplog.clear()
    for _ in range(3):
        assert assets.card(JOKER, SMALL).get_size() == SMALL
        assert assets.image("no_such_icon", (32, 32)).get_size() == (32, 32)
        assert assets.table("felt_green").get_size() == (1280, 720)
    messages = [r.getMessage() for r in caplog.records]
    assert sum("JK.png" in m for m in messages) == 1
    assert sum("no_such_icon" in m for m in messages) == 1


def test_unknown_back_and_fonts(assets, caplog):
    assert assets.back("tartan", IN_GAME).get_size() == IN_GAME
    assert any("tartan" in r.getMessage() for r in caplog.records)
    font = assets.font(24)
    assert font is assets.font(24) and font is not assets.font(24, bold=True)
    assert assets.font(24, bold=True).bold
    assert font.render("Card Arcade", True, (255, 255, 255)).get_height() > 10


def test_suit_icons_follow_the_four_colour_deck(assets):
    plain = assets.suit_icon("clubs", (52, 52))
    four = assets.suit_icon("clubs", (52, 52), four_colour=True)
    assert plain is assets.image("suit_clubs", (52, 52))
    assert four is assets.image("suit_clubs_4", (52, 52))
    centre = (26, 26)
    assert plain.get_at(centre)[:3] != four.get_at(centre)[:3]     # black clubs, green clubs
    assert assets.suit_icon("hearts", (52, 52), True).get_at(centre)[:3] == assets.suit_icon("hearts", (52, 52)).get_at(centre)[:3]

"""The Skyjo table driven headless by real mouse and key events through App.step."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, ask_for_summary, centre, click, drag, key, settle, table_app, wait_for_human
from scene_events import play_round as play_a_round

from cardgames import records
from cardgames.games.skyjo import rules as R
from cardgames.games.skyjo.rules import Phase
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.skyjo.summary import RoundSummaryScene


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_scene(app, **options):
    scene = SkyjoScene(app, {"players": 2, "level": "normal", **options}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    return scene


def plan(scene):
    """A plain human strategy, read from the human's observation only."""
    obs = scene.observation()
    me = obs.seat
    hidden = tuple(i for i, c in enumerate(obs.grids[me]) if c is R.HIDDEN)
    up = [(c, i) for i, c in enumerate(obs.grids[me]) if not isinstance(c, R.Slot)]
    worst = max(up, default=(None, None))
    return obs, hidden, worst


def human_move_by_mouse(app, scene):
    obs, hidden, worst = plan(scene)
    me = obs.seat
    phase = obs.phase
    before = len(scene.actions)
    if phase in (Phase.SETUP, Phase.FLIP):
        click(app, centre(scene, f"grid:{me}:{hidden[0]}"))
    elif phase == Phase.TURN:
        top = obs.discard[-1]
        if top <= 3 and hidden:
            drag(app, centre(scene, "discard"), centre(scene, f"grid:{me}:{hidden[-1]}"))
        elif top <= 3 and worst[0] is not None and worst[0] > top:
            drag(app, centre(scene, "discard"), centre(scene, f"grid:{me}:{worst[1]}"))
        else:
            click(app, centre(scene, "stock"))
    elif phase == Phase.HOLD:
        held = obs.held
        if worst[0] is not None and worst[0] > held + 2:
            drag(app, centre(scene, f"held:{me}"), centre(scene, f"grid:{me}:{worst[1]}"))
        elif held <= 4 and hidden:
            drag(app, centre(scene, f"held:{me}"), centre(scene, f"grid:{me}:{hidden[0]}"))
        else:
            drag(app, centre(scene, f"held:{me}"), centre(scene, "discard"))
    assert len(scene.actions) == before + 1, f"the {phase.name} input did nothing"


def play_round(app, scene, move):
    """The human plays `move` until the round is scored and its summary is up."""
    play_a_round(app, scene, move, RoundSummaryScene)


def test_a_whole_round_by_mouse_then_the_summary_deals_the_next(app):
    scene = open_scene(app)
    play_round(app, scene, human_move_by_mouse)
    assert scene.host.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    # the board shows exactly the revealed grids
    for seat in range(2):
        for slot in range(12):
            sprites = scene.board.sprites(f"grid:{seat}:{slot}")
            assert all(s.face_up for s in sprites)
    if not scene.over:
        key(app, pygame.K_RETURN)          # "Next round"
        settle(app, 2.0)
        assert scene.host.state.round_no == 2 and scene.host.state.phase == Phase.SETUP
        assert app.stack.top is scene
        assert len(scene.board.sprites("stock")) == len(scene.host.state.stock)


def human_move_by_keys(app, scene):
    """Tab to the wanted card or pile, then Enter (twice for a pick-up and a put-down)."""
    obs, hidden, _worst = plan(scene)
    me = obs.seat
    before = len(scene.actions)

    def press_on(pile):
        target = scene.board.top(pile)
        for _ in range(40):
            if scene.focus.current is target or scene.focus.current == pile:
                key(app, pygame.K_RETURN)
                return
            key(app, pygame.K_TAB)
        raise AssertionError(f"Tab never reached {pile}; keys {scene.focus.keys}")

    if obs.phase in (Phase.SETUP, Phase.FLIP):
        press_on(f"grid:{me}:{hidden[0]}")
    elif obs.phase == Phase.TURN:
        if obs.discard[-1] <= 3 and hidden:
            press_on("discard")
            press_on(f"grid:{me}:{hidden[-1]}")
        else:
            press_on("stock")
    elif obs.phase == Phase.HOLD:
        if obs.held <= 4 and hidden:
            press_on(f"grid:{me}:{hidden[0]}")
        else:
            press_on("discard")
    assert len(scene.actions) == before + 1, f"the {obs.phase.name} keys did nothing"


def test_a_whole_round_by_keyboard(app):
    scene = open_scene(app, level="easy")
    play_round(app, scene, human_move_by_keys)


def to_the_first_turn(app, scene):
    """The set-up (two clicks on face-down cards), then wait for the human's first real turn."""
    for _ in range(2):
        wait_for_human(app, scene)
        human_move_by_mouse(app, scene)
    wait_for_human(app, scene)
    assert scene.host.state.phase == Phase.TURN


def test_an_illegal_drop_snaps_back_with_the_invalid_sound(app):
    scene = open_scene(app)
    to_the_first_turn(app, scene)
    state = scene.host.state
    sprite = scene.board.top("discard")
    home = sprite.home
    drag(app, centre(scene, "discard"), centre(scene, "stock"))
    settle(app, 0.6)
    assert scene.host.state is state and "invalid" in app.sounds
    assert sprite.pos == home


def test_dragging_the_draw_pile_onto_a_card_draws_and_exchanges(app):
    scene = open_scene(app)
    to_the_first_turn(app, scene)
    me = scene.viewer
    drag(app, centre(scene, "stock"), centre(scene, f"grid:{me}:11"))
    assert scene.actions[-2:] == ["draw", "swap 11"]


def test_pass_and_play_shows_a_curtain_between_human_turns(app):
    scene = open_scene(app, hotseat=2)
    assert scene.humans == (0, 1)
    for _ in range(2):
        wait_for_human(app, scene)
        human_move_by_mouse(app, scene)       # seat 0 turns two cards
    settle(app, 0.5)
    assert scene.curtain == 1 and not scene.human_turn
    click(app, (640, 360))                    # the next player is ready
    assert scene.curtain is None and scene.viewer == 1 and scene.human_turn
    # seat 1's grid is now the big one in front
    assert scene.board.top("grid:1:0").size == (78, 108)
    assert scene.board.top("grid:0:0").size == (40, 56)


def end_a_scripted_game(app, scene):
    """A scripted last round: seat 1 at 95 already, seat 0 ends the round and the game, then 8 s pass."""
    finish_a_scripted_round(app, scene, totals=[10, 95])
    settle(app, 8.0)
    ask_for_summary(app, scene)


def test_game_over_records_statistics(app):
    scene = open_scene(app)
    end_a_scripted_game(app, scene)
    assert scene.over and isinstance(app.stack.top, RoundSummaryScene)
    stats = records.load(app.storage, "skyjo")["modes"]["standard"]
    assert stats["games"] == 1 and stats["wins"] == 1 and stats["figures"]["best_total"] == scene.host.state.totals[0]
    assert stats["figures"]["average_round_sum"] == scene.host.state.rounds[0].scores[0]
    assert stats["figures"]["average_round_n"] == 1 and stats["figures"]["average_total_n"] == 1


def test_a_game_saved_between_rounds_reopens_on_the_summary(app):
    scene = open_scene(app)
    play_round(app, scene, human_move_by_mouse)
    data = scene.save_data()
    app.stack.reset(SkyjoScene(app, data["options"], resume=data))
    app.stack.apply_pending()
    settle(app, 0.3)
    resumed = app.stack.visible()[0] if isinstance(app.stack.top, RoundSummaryScene) else app.stack.top
    assert isinstance(app.stack.top, RoundSummaryScene) or resumed.over
    assert resumed.host.state == scene.host.state


def test_play_again_after_the_game_deals_a_new_game(app):
    scene = open_scene(app)
    end_a_scripted_game(app, scene)
    assert scene.over and isinstance(app.stack.top, RoundSummaryScene)
    key(app, pygame.K_RETURN)      # "Play again" has the focus
    settle(app, 1.0)
    assert app.stack.top is scene and not scene.over
    assert scene.host.state.round_no == 1 and scene.host.state.totals == (0, 0)


def test_a_card_changing_piles_grows_on_its_way_not_at_once(app):
    """An opponent's small card thrown on the big discard pile is drawn between the two sizes in flight."""
    scene = open_scene(app)
    small, big = scene.board.size_of("grid:1:0"), scene.board.size_of("discard")
    assert small[0] < big[0]
    sprite = scene.board.top("grid:1:0")
    scene.board.take("grid:1:0")
    scene.board.put("discard", sprite)
    assert sprite.size == big and sprite.rect.size == small      # it is a discard now, still drawn small
    scene.animator.queue(scene.board.relayout("discard", 0.3))
    sizes = []
    for _ in range(24):
        app.step(FRAME)
        sizes.append(sprite.rect.width)
    assert any(small[0] < w < big[0] for w in sizes), sizes       # in between on the way
    assert sizes == sorted(sizes) and sprite.rect.size == big and sprite.at_home
    scene.draw(app.canvas.surface)                                # a card between sizes draws too


def test_a_raised_card_comes_down_when_it_flies_to_another_pile(app):
    scene = open_scene(app)
    sprite = scene.board.top("discard")
    sprite.lift = 1.0
    scene.animator.queue(scene.board.relayout("discard", 0.2))   # moving within its pile keeps it raised
    sprite.pos = (sprite.pos[0] + 30, sprite.pos[1])
    scene.animator.queue(scene.board.relayout("discard", 0.2))
    settle(app, 0.4)
    assert sprite.lift == 1.0
    scene.board.take("discard")
    scene.board.put("held:0", sprite)
    scene.animator.queue(scene.board.relayout("held:0", 0.2))
    settle(app, 0.4)
    assert sprite.lift == 0.0 and sprite.at_home


def finish_a_scripted_round(app, scene, players=2, totals=None):
    """Seat 0 holds eleven face-up cards and takes the discard onto its last one: the round ends."""
    grid, other = [1, 2, 3] * 4, [4, 5, 6, 7, 8, 9, 10, 11, 12, 0, -1, 0]   # no more of a card than the deck has
    scene.host.jump(R.deal({"players": players}, [grid, grid] + [other] * (players - 2), [5], [12],
                                face_up=[range(11)] + [[0]] * (players - 1), current=0,
                                totals=totals or [0] * players))
    scene.take_updates()
    scene.sync(animate=False)
    scene.refresh_moves()
    settle(app, 0.2)
    drag(app, centre(scene, "discard"), centre(scene, "grid:0:11"))
    for _ in range(600):                       # the others' last turns
        if scene.host.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return
        app.step(FRAME)
    raise AssertionError("the round did not end")


def test_the_revealed_grids_stay_in_view_before_the_summary(app):
    scene = open_scene(app)
    finish_a_scripted_round(app, scene)
    assert scene.host.state.phase == Phase.ROUND_OVER
    assert scene.host.state.totals != (0, 0)
    assert scene.shown_total(0) == scene.shown_total(1) == 0        # the scores join the totals after the reveal
    assert scene.prompt() == "Every card turns over"
    while scene.animator.busy and app.stack.top is scene:
        app.step(FRAME)
    settle(app, 10.0)
    assert app.stack.top is scene and scene.summary_waiting     # the final table stays until asked
    assert [scene.shown_total(s) for s in (0, 1)] == list(scene.host.state.totals)
    click(app, scene.summary_button.center)                     # "Scores (Enter)"
    assert isinstance(app.stack.top, RoundSummaryScene)
    key(app, pygame.K_h)                                        # hide it: the table again
    app.step(FRAME)
    assert app.stack.top is scene and scene.summary_waiting and scene.round_over
    key(app, pygame.K_RETURN)                                   # Enter: the summary again
    app.step(FRAME)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    hide = next(b for b in summary.menu.widgets if b.text == "See the table")
    click(app, hide.rect.center)
    assert app.stack.top is scene
    scene.show_summary()
    app.stack.apply_pending()
    app.stack.top.next_round()
    app.stack.apply_pending()
    assert scene.host.state.round_no == 2 and not scene.summary_waiting


def test_eight_players_reveal_and_new_deal_are_brisk(app):
    app.settings["anim_speed"] = "normal"
    scene = open_scene(app, players=8)
    finish_a_scripted_round(app, scene, players=8)
    frames = 0
    while not scene.summary_waiting and frames < 600:
        app.step(FRAME)
        frames += 1
    assert frames * FRAME < 2.0                         # 77 cards turn, grid by grid, in under two seconds
    ask_for_summary(app, scene)
    app.stack.top.next_round()
    app.stack.apply_pending()
    assert scene.host.state.round_no == 2
    frames = 0
    while scene.animator.busy and frames < 600:
        app.step(FRAME)
        frames += 1
    assert frames * FRAME < 1.7                        # 97 cards, gathered and dealt in well under two seconds
    assert all(len(scene.board.sprites(f"grid:{s}:{i}")) == 1 for s in range(8) for i in range(12))
    assert all(s.at_home and not s.face_up for s in scene.board.all_sprites() if s.pile.startswith("grid"))


def test_an_exchange_sends_the_old_card_to_the_discard_and_the_new_one_into_the_slot(app):
    scene = open_scene(app)
    grid = [1, 2, 3] * 4
    scene.host.jump(R.deal({"players": 2}, [grid, grid], [9, 5], [12], face_up=[[0, 1], [0, 1]], current=0))
    scene.take_updates()
    scene.sync(animate=False)
    scene.refresh_moves()
    old, taken = scene.board.top("grid:0:11"), scene.board.top("discard")
    assert not old.face_up and taken.card == 12
    drag(app, centre(scene, "discard"), centre(scene, "grid:0:11"))
    assert scene.actions[-1] == "take 11"
    for _ in range(120):
        if not scene.animator.busy:
            break
        app.step(FRAME)
    assert scene.board.sprites("grid:0:11") == [taken] and scene.board.top("discard") is old
    assert old.face_up and old.card == 3 and old.at_home and taken.at_home


def test_the_final_summary_fits_its_table_and_centres_its_buttons(app):
    scene = open_scene(app)
    end_a_scripted_game(app, scene)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    buttons = summary.menu.widgets
    assert [b.text for b in buttons] == ["Play again", "Menu", "See the table"]    # the focus order
    assert all(summary.box.contains(b.rect) for b in buttons)
    row = buttons[0].rect.unionall([b.rect for b in buttons[1:]])
    assert abs(row.centerx - summary.box.centerx) <= 1 and len({b.rect.y for b in buttons}) == 1
    # two players: a panel shorter than the full height, with the table's last row above the buttons
    assert summary.box.h < 720 - 120 and summary.box.bottom - summary.button_dy > summary.box.y + 120 + 3 * 40


def test_a_computers_move_marks_its_slot_from_what_the_table_sent(app):
    """Computers play at the table, never through the scene's act(): their exchange (or card turned
    after a discard) still flashes and marks its slot, read from the update that told the move."""
    scene = open_scene(app)
    grid = [1, 2, 3] * 4
    scene.host.jump(R.deal({"players": 2}, [grid, grid], [9, 5], [12], face_up=[[0, 1], [0, 1]], current=1))
    scene.take_updates()
    wait_for_human(app, scene)
    last = R.parse_action(scene.actions[-1])
    assert scene.actions and last.kind in ("take", "swap", "flip")
    assert scene.marks.marks[1][:2] == (f"grid:1:{last.slot}", last.kind == "take")


def frames_of_a_game(tmp_path, monkeypatch, line):
    """The frames drawn while the human plays its set-up and first turns by mouse, the line to the
    table as given (local objects or wire bytes)."""
    from cardgames.ui.table_line import LINE_ENV, WireHandle

    monkeypatch.setenv(LINE_ENV, line)
    app = table_app(tmp_path / line)
    scene = open_scene(app)
    assert isinstance(scene.line, WireHandle) == (line == "wire")
    frames = []
    for _ in range(5):
        wait_for_human(app, scene)
        human_move_by_mouse(app, scene)
        for _ in range(20):
            app.step(FRAME)
            frames.append(pygame.image.tobytes(app.canvas.surface, "RGB"))
    return frames, list(scene.actions)


@pytest.mark.own_line
def test_the_wire_line_draws_the_same_frames_as_the_local_one(tmp_path, monkeypatch):
    local, local_moves = frames_of_a_game(tmp_path, monkeypatch, "local")
    wire, wire_moves = frames_of_a_game(tmp_path, monkeypatch, "wire")
    assert wire_moves == local_moves and len(local_moves) >= 5
    assert [i for i, (a, b) in enumerate(zip(local, wire)) if a != b] == []

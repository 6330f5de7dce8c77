"""The TriPeaks solver: agrees with brute force on small deals and with the previous solver on full
deals, and its lines replay to wins."""
import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.cards import JOKER, Card, Rank, Suit
from cardgames.games.tripeaks import rules, solver
from cardgames.games.tripeaks.layout import parse_layout
from cardgames.games.tripeaks.rules import Play, Turn


def brute_force(state) -> bool:
    """Plain search through the rules module itself: no memo, no pruning."""
    if rules.is_won(state):
        return True
    return any(brute_force(rules.apply(state, a)[0]) for a in rules.legal_actions(state))


def replays_to_a_win(state, line) -> bool:
    for action in line:
        state, _ = rules.apply(state, action)
    return rules.is_won(state)


@st.composite
def small_deals(draw):
    """A random small layout (each slot covered by up to two later slots) and cards of nearby ranks."""
    n = draw(st.integers(2, 7))
    slots = []
    for i in range(n):
        later = list(range(i + 1, n))
        cover = draw(st.lists(st.sampled_from(later), max_size=2, unique=True)) if later else []
        slots.append({"x": i, "y": 0, "covered_by": cover})
    layout = parse_layout({"name": "small", "title": "Small", "slots": slots, "peaks": [0]})
    ranks = st.sampled_from([Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.QUEEN, Rank.KING])
    card = st.builds(Card, ranks, st.sampled_from(list(Suit)))
    options = {"wrap": draw(st.booleans()), "wild": draw(st.booleans()), "empty_waste": draw(st.booleans()),
               "open_peaks": draw(st.booleans())}
    cards = draw(st.lists(card, min_size=n + 7, max_size=n + 7, unique=True))   # one deck holds each card once
    tableau, stock = cards[:n], cards[n:n + draw(st.integers(0, 6))]
    if options["wild"]:
        stock.insert(draw(st.integers(0, len(stock))), JOKER)
    waste = [] if options["empty_waste"] else [cards[-1]]
    return rules.deal(options, tableau, stock, waste, layout=layout)


@settings(max_examples=300, deadline=None)
@given(small_deals())
def test_both_engines_agree_with_brute_force_on_small_deals(state):
    truth = brute_force(state)
    for method in ("search", "table"):
        result = solver.solve(state, method=method)
        assert result.winnable == truth, method
        if result.winnable:
            assert replays_to_a_win(state, result.line), method
        else:
            assert result.line == ()


@settings(max_examples=40, deadline=None)
@given(small_deals(), st.integers(0, 2**31))
def test_solver_agrees_from_positions_in_mid_game(state, seed):
    rng = random.Random(seed)
    for _ in range(rng.randrange(4)):
        if rules.is_over(state):
            break
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    truth = brute_force(state)
    assert solver.solve(state, method="search").winnable == truth
    assert solver.solve(state, method="table").winnable == truth


def test_both_engines_agree_on_full_deals():
    # Seeds chosen to include losses (200, 264 with the wrap; 12, 23 without) and slow wins (253, 493).
    for options, seeds in (({}, (200, 264, 253, 493, 3)), ({"wrap": False}, (12, 23, 15)),
                           ({"wild": True, "empty_waste": True}, (1, 2))):
        for seed in seeds:
            state = rules.new_game(options, seed)
            search, table = solver.solve(state, method="search"), solver.solve(state, method="table")
            assert search.winnable == table.winnable, (options, seed)
            for result in (search, table):
                assert not result.winnable or replays_to_a_win(state, result.line)


def test_full_deals_lines_replay_to_wins_for_every_option():
    combos = [{}, {"wrap": False}, {"wild": True}, {"open_peaks": True}, {"empty_waste": True},
              {"layout": "twin_peaks", "wild": True}, {"layout": "pyramid"}, {"layout": "wall"},
              {"layout": "diamond", "empty_waste": True}]
    for n, options in enumerate(combos):
        state = rules.new_game(options, 100 + n)
        result = solver.solve(state, time_limit=20)
        assert result.winnable is not None
        if result.winnable:
            assert replays_to_a_win(state, result.line)


def test_a_lost_deal_is_proved_lost():
    # Seed 200 (wrap on) loses: the search has to exhaust it, bounds and memo included.
    state = rules.new_game({}, 200)
    result = solver.solve(state)
    assert result.winnable is False and result.line == ()
    assert solver.hint(state, max_nodes=None, time_limit=None) == rules.legal_actions(state)[0]  # fallback


def test_budgets_give_unknown_instead_of_blocking():
    state = rules.new_game({}, 200)
    solver.clear_session()                     # a deal already filled in this session is a lookup, free
    assert solver.solve(state, max_nodes=50).winnable is None
    assert solver.is_winnable(state, max_nodes=50) is None
    assert solver.hint(state, max_nodes=50) is None
    assert solver.solve(state, time_limit=0.0).winnable is None or solver.solve(state).winnable is False


def test_hint_keeps_a_win_possible():
    state = rules.new_game({}, 3)
    assert solver.is_winnable(state, max_nodes=None, time_limit=None)
    for _ in range(12):
        move = solver.hint(state, max_nodes=None, time_limit=None)
        assert move in rules.legal_actions(state)
        state, _ = rules.apply(state, move)
        if rules.is_won(state):
            break
        assert solver.solve(state).winnable
    assert solver.hint(rules.new_game({}, 3)) in (Play(i) for i in range(18, 28))  # a play before turning


def test_winnable_seed_is_deterministic_and_winnable():
    options = {"wrap": False}
    seed = solver.winnable_seed(options, 24)
    assert seed == solver.winnable_seed(options, 24)
    assert seed != 24          # seed 24 itself is lost without the wrap, so another seed is dealt
    assert solver.solve(rules.new_game(options, seed)).winnable
    assert solver.winnable_seed({}, 3) == 3


def test_game_over_positions():
    won = rules.deal({"wild": True}, (None, None), (), (JOKER,), layout=parse_layout(
        {"name": "two", "title": "Two", "slots": [{"x": 0, "y": 0, "covered_by": []}] * 2}))
    assert solver.solve(won) == solver.Result(True, (), 0)
    assert solver.hint(won) is None
    state = rules.new_game({}, 5)
    while not rules.is_over(state):
        state, _ = rules.apply(state, Turn() if Turn() in rules.legal_actions(state) else rules.legal_actions(state)[0])
    assert solver.solve(state).winnable is rules.is_won(state)


def test_bench_runs_and_reports_its_figures():
    from cardgames.games.tripeaks import bench

    figures = bench.run({"wrap": True}, range(5))
    assert figures["deals"] == 5 and 0 <= figures["winnable"] <= 1
    assert figures["median"] <= figures["p99"] <= figures["max"]
    assert "winnable" in bench.report("wrap on", figures)


def test_same_verdicts_as_the_previous_solver_on_seeded_deals_and_mid_game():
    """tripeaks_reference_solver.py is the solver as it was before the session tables (kept only here)."""
    import tripeaks_reference_solver as reference

    from cardgames.games.tripeaks import bench

    for options in ({"wrap": True}, {"wrap": False}):
        for seed in range(150):
            for state in (rules.new_game(options, seed), bench.mid_game(options, seed)):
                solver.clear_session()
                new, old = solver.solve(state), reference.solve(state)
                assert new.winnable == old.winnable, (options, seed, len(state.stock))
                assert not new.winnable or replays_to_a_win(state, new.line)


def test_a_later_position_of_a_solved_deal_is_a_lookup_with_the_same_answer():
    state = rules.new_game({"wrap": False}, 23)            # lost: the search gives way to the table
    solver.clear_session()
    assert solver.solve(state).winnable is False
    later = state
    for _ in range(6):
        later, _ = rules.apply(later, rules.legal_actions(later)[-1])
    kept = solver.solve(later)
    solver.clear_session()
    assert kept.winnable == solver.solve(later, method="table").winnable == solver.solve(later, method="search").winnable


def test_the_cpu_budget_ignores_time_spent_waiting():
    """time_limit is CPU time of the solving thread: a thread that is not running (a busy machine) does not
    use it up. A wall-clock limit of 0.05 s would run out during the sleep below; the CPU budget does not."""
    state = rules.new_game({"wrap": False}, 23)
    solver.clear_session()
    start = time.thread_time()
    time.sleep(0.1)
    assert time.thread_time() - start < 0.05
    assert solver.solve(state, time_limit=5.0).winnable is False


def test_the_cycle_collector_is_paused_only_while_solving():
    """solve() pauses gc (its lists hold no cycles) and gives it back as it found it, also on an error
    and when two threads solve at once."""
    import gc
    import threading

    state = rules.new_game({"wrap": False}, 23)
    assert gc.isenabled()
    solver.clear_session()
    assert solver.solve(state).winnable is False and gc.isenabled()
    try:
        solver.solve(state, method="nonsense")
    except ValueError:
        pass
    assert gc.isenabled()
    seen = []
    threads = [threading.Thread(target=lambda s=s: seen.append(solver.solve(rules.new_game({}, s), method="table")))
               for s in (200, 264)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 2 and gc.isenabled()
    gc.disable()
    try:
        solver.solve(state)
        assert not gc.isenabled()          # left off when it was off
    finally:
        gc.enable()


def test_bench_runs_option():
    from cardgames.games.tripeaks import bench

    assert bench._runs(["bench"]) == 1 and bench._runs(["bench", "--runs", "3"]) == 3
    for bad in (["bench", "--runs"], ["bench", "--runs", "0"], ["bench", "--runs", "x"]):
        try:
            bench._runs(bad)
        except SystemExit as e:
            assert "--runs" in str(e)
        else:
            raise AssertionError(bad)


# ---------------------------------------------------------------- the excess bound (solver_bounds.py)

def independent_sets(wrap):
    """Every nonempty set of ranks no two of which are adjacent, with its neighbours, by brute force."""
    def near(r):
        out = {r - 1, r + 1} if not wrap else {(r - 2) % 13 + 1, r % 13 + 1}
        return {q for q in out if 1 <= q <= 13}
    found = []
    for mask in range(1, 1 << 13):
        x = {r for r in range(1, 14) if mask >> (r - 1) & 1}
        n = set().union(*(near(r) for r in x))
        if not n & x:
            found.append((x, n))
    return found


INDEPENDENT = {wrap: independent_sets(wrap) for wrap in (False, True)}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=13, max_size=13), st.lists(st.integers(0, 4), min_size=13, max_size=13),
       st.integers(0, 2), st.booleans())
def test_the_excess_programme_finds_the_best_independent_set(tableau, starters, jokers, wrap):
    from cardgames.games.tripeaks import solver_bounds

    a = [0, *tableau, 0]
    c = [0, *(t + s for t, s in zip(tableau, starters)), 0]
    best = max(sum(a[r] for r in x) - sum(c[q] for q in n) for x, n in INDEPENDENT[wrap])
    loops = solver_bounds.cycle_excess if wrap else solver_bounds.path_excess
    assert loops(a, c) == best
    assert solver_bounds.compiled(wrap)(a, c, jokers) == best - jokers
    if not wrap:
        low = max(5, max(c) + 1)    # as the solver takes it; any wider base gives the same
        for base in (low, low + 3):
            assert solver_bounds.path_automaton(base)([x * base + y for x, y in zip(a, c)], jokers) == best - jokers


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 7), st.data())
def test_the_excess_automaton_agrees_with_the_programme_for_any_base(base, data):
    """path_automaton(base) reads a[r] * base + c[r] for any counts below base (a <= c), not only one deck's."""
    from cardgames.games.tripeaks import solver_bounds

    c = [0, *data.draw(st.lists(st.integers(0, base - 1), min_size=13, max_size=13)), 0]
    a = [data.draw(st.integers(0, x)) for x in c]
    codes = [x * base + y for x, y in zip(a, c)]
    assert solver_bounds.path_automaton(base)(codes, 1) == solver_bounds.path_excess(a, c) - 1


def excess_of(state):
    from cardgames.games.tripeaks import solver_bounds
    from cardgames.games.tripeaks.solver_table import start_of, stock_codes

    _, w = start_of(state)
    counts = [0] * 15
    for card in state.tableau:
        if card is not None:
            counts[int(card.rank)] += 1
    return solver_bounds.Excess(stock_codes(state), state.options.wrap).of(counts, 0, w)


@settings(max_examples=300, deadline=None)
@given(small_deals(), st.integers(0, 2**31))
def test_the_excess_bound_never_calls_a_winnable_position_lost(state, seed):
    rng = random.Random(seed)
    for _ in range(rng.randrange(4)):
        if rules.is_over(state):
            break
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    if brute_force(state):
        assert excess_of(state) <= 0


def test_the_excess_bound_holds_all_along_winning_lines_of_full_deals():
    """Every position on a winning line is winnable, so none may have a positive excess; lost deals with a
    positive excess exist (the bound does prove some losses)."""
    from cardgames.games.tripeaks import bench

    proved = 0
    for options in ({"wrap": True}, {"wrap": False}, {"wrap": False, "wild": True}, {"empty_waste": True}):
        for seed in range(40):
            for state in (rules.new_game(options, seed), bench.mid_game(options, seed)):
                solver.clear_session()
                result = solver.solve(state, method="table")
                if not result.winnable:
                    proved += excess_of(state) > 0
                    continue
                assert excess_of(state) <= 0, (options, seed)
                for action in result.line:
                    state, _ = rules.apply(state, action)
                    assert excess_of(state) <= 0, (options, seed, action)
    assert proved > 0


def test_restarts_are_deterministic_and_budgets_still_give_unknown():
    for seed in (1, 2, 9, 23):
        for options in ({"wrap": True}, {"wrap": False}):
            state = rules.new_game(options, seed)
            first, again = solver.solve(state, method="search"), solver.solve(state, method="search")
            assert first == again
            small = solver.solve(state, max_nodes=100, method="search")
            assert small.winnable in (None, first.winnable)
            assert small.nodes <= 100


def test_turns_that_play_nothing_are_passed_over_and_kept_in_the_line():
    """The 5 plays only on the 4 at the bottom of the stock: the three cards turned before it play on
    nothing, so the search turns on past them without visiting those positions, and its line still
    holds every turn (it replays to a win through the rules)."""
    layout = parse_layout({"name": "one", "title": "One", "slots": [{"x": 0, "y": 0, "covered_by": []}],
                           "peaks": [0]})
    five, king = Card(Rank.FIVE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS)
    stock = [Card(Rank.FOUR, Suit.CLUBS), Card(Rank.NINE, Suit.DIAMONDS), Card(Rank.QUEEN, Suit.SPADES),
             Card(Rank.KING, Suit.SPADES)]   # bottom first: the King of spades turns first
    state = rules.deal({"wrap": False}, [five], stock, [king], layout=layout)
    result = solver.solve(state, method="search")
    assert result.winnable
    assert result.line == (Turn(),) * 4 + (Play(0),)
    assert replays_to_a_win(state, result.line)
    assert result.nodes == 2   # the first position and the one with the 4 on the waste; not the 3 between
    lost = rules.deal({"wrap": False}, [five], stock[1:], [king], layout=layout)   # no 4 or 6 left: lost
    assert solver.solve(lost, method="search").winnable is False


def mirrored(search) -> bool:
    """j may go on the waste just before i exactly when i may go just after j."""
    n = search.n
    return all((search.pred[i] >> j & 1) == (search.succ[j] >> i & 1) for i in range(n) for j in range(n))


def test_the_cards_a_play_could_precede_are_the_only_ones_it_can_leave_without_a_predecessor():
    """After playing slot i, the search looks again only at the cards in succ[i] for one whose rank no stock
    card left can precede and that has no tableau card left to go just before it: a card keeps every
    predecessor but i, and i is among its predecessors exactly when it is in succ[i]."""
    from cardgames.games.tripeaks.layout import layout_names

    for name in layout_names():
        for wrap in (False, True):
            for seed in range(3):
                state = rules.new_game({"wrap": wrap, "layout": name}, seed)
                assert mirrored(solver._Search(state, None, None)), (name, wrap, seed)


@settings(max_examples=200, deadline=None)
@given(small_deals())
def test_predecessors_and_successors_mirror_each_other_on_small_layouts(state):
    assert mirrored(solver._Search(state, None, None))

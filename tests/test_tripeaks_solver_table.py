"""The TriPeaks solver's table (solver_table.Table): its level-by-level fill gives the same value for every
set of cards left and every waste rank as the plain fill it replaced (kept here as the reference), on
seeded deals with and without the wrap, from the deal and from mid-game positions, on every shipped layout."""
import random

import pytest

from cardgames.games.tripeaks import bench, rules, solver, solver_table
from cardgames.games.tripeaks.solver_table import EMPTY, WILD, start_of

TURNED = 16


def reference_values(state, search):
    """The table fill as it was before the level-by-level one (2026-12-02, commit d55551c): one Python loop
    per move, smallest set first. Returns value(rem, w), or None for a set not within the position."""
    order, moves, index = solver_table.ideals(state.layout)
    rank, ns, stock, adj = search.rank, len(search.stock), search.stock, search.adj_rank_bits
    rem0, _ = start_of(state)
    last_before = []
    for q in range(16):
        row, last = [], -1
        for a in range(ns + 1):
            if a > 0 and stock[a - 1] == q:
                last = a - 1
            row.append(last)
        row.append(-1)
        last_before.append(row)
    info = []
    for slot in range(len(rank)):
        r = rank[slot]
        qs = [q for q in range(1, 14) if r and adj[r] >> q & 1]
        qs += [15] * (2 - len(qs))
        rows = (last_before[qs[0]], last_before[qs[1]], last_before[WILD])
        info.append((r, qs[0], qs[1], [max(t) for t in zip(*rows)]))
    values = [None] * len(order)
    values[0] = [ns] * (TURNED + 1)
    for i in range(1, len(order)):
        if order[i] & ~rem0:
            continue
        best = [-1] * (TURNED + 1)
        turn = -1
        for slot, child in moves[i]:
            r, qa, qb, turn_row = info[slot]
            after = values[child]
            value = max(after[r], after[TURNED])
            best[qa] = max(best[qa], value)
            best[qb] = max(best[qb], value)
            turn = max(turn, turn_row[value])
        best[TURNED] = turn
        values[i] = best

    def value(rem, w):
        v = values[index[rem]]
        if v is None:
            return None
        if w in (EMPTY, WILD):
            return max(v[1:14] + v[TURNED:])
        return max(v[w], v[TURNED])
    return value


def assert_same_table(state):
    search = solver._Search(state, None, None)
    table = solver_table.Table(state, search)
    reference = reference_values(state, search)
    order, _moves, _index = solver_table.ideals(state.layout)
    rem0, _ = start_of(state)
    checked = 0
    for rem in order:
        if rem & ~rem0:
            continue
        for w in range(15):
            assert table.value(rem, w) == reference(rem, w), (state.seed, bin(rem), w)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("wrap", [True, False])
def test_same_values_as_the_reference_fill_from_the_deal_and_mid_game(wrap):
    for seed in range(6):
        assert_same_table(rules.new_game({"wrap": wrap}, seed))
        assert_same_table(bench.mid_game({"wrap": wrap}, seed))


@pytest.mark.parametrize("options", [
    {"wild": True}, {"wild": True, "wrap": False}, {"empty_waste": True}, {"open_peaks": True, "wrap": False},
    {"layout": "twin_peaks", "wild": True}, {"layout": "pyramid"}, {"layout": "wall", "wrap": False},
    {"layout": "diamond", "empty_waste": True}])
def test_same_values_as_the_reference_fill_for_every_option_and_layout(options):
    for seed in (7, 8):
        assert_same_table(rules.new_game(options, seed))
        assert_same_table(bench.mid_game(options, seed))


def test_same_values_from_later_positions_of_a_played_deal():
    """Positions many moves in (most cards gone, a long stock turned), where few sets are within them."""
    for options in ({"wrap": True}, {"wrap": False, "wild": True}):
        state = rules.new_game(options, 11)
        rng = random.Random(5)
        for step in range(40):
            legal = rules.legal_actions(state)
            if not legal or rules.is_over(state):
                break
            state, _ = rules.apply(state, rng.choice(legal))
            if step % 8 == 7:
                assert_same_table(state)


def test_a_table_answers_like_the_search_and_its_lines_win():
    """Verdicts and lines read from the table agree with the plain search on seeded deals and mid-game."""
    for options in ({"wrap": True}, {"wrap": False}):
        for seed in range(20, 32):
            for state in (rules.new_game(options, seed), bench.mid_game(options, seed)):
                search = solver._Search(state, None, None)
                table = solver_table.Table(state, search)
                rem, w = start_of(state)
                truth = solver.solve(state, method="search").winnable
                assert table.wins(rem, 0, w) == truth, (options, seed)
                if truth:
                    for action in table.line(rem, 0, w):
                        state, _ = rules.apply(state, action)
                    assert rules.is_won(state)


def test_the_cpu_budget_stops_a_fill():
    state = rules.new_game({"wrap": False}, 23)
    search = solver._Search(state, None, None)
    with pytest.raises(solver_table.OutOfBudget):
        solver_table.Table(state, search, deadline=0.0)

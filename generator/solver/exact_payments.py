"""The walk programme with each turn's payments exact (R11), for one direction (issue 36).

The walk bound (walk_bound.py) prices the payments: λ[k, T] per action of type T in turn k, so a
walk may achieve three photo goals in a turn whose box choice gives two photo actions, as long as
the price makes up for it, and across a turn's box choices the relaxation takes a mix that no
single choice gives. Here the programme chooses each turn one box choice and carries what the turn
has spent of each action type in its labels: a goal is achieved only if the turn's choice still
has its cost in actions of its type. No λ is left (descend holds it at 0): every plan's walk is
among this programme's walks, which are among the walk bound's, so the bound is still true.

Bonus actions (R9, advanced game) stay relaxed as in walk_bound, more loosely in one respect and
more tightly in another: bonus value may pay any part of a goal's cost on a type the turn's choice
gives, and each step past the choice's plan actions (up to MAX_BONUS_PER_TURN × the top value), at
θ a unit, from the first turn on and without the two-a-turn limit on goals; θ still weighs the
value used against what the crossings earn.

A turn's labels are (actions spent, walk label), so the turn's programme runs once per box choice;
its arrays are built once per distinct budget and reused for every turn and programme. Two
directions share a turn's actions between the arms: not built (each arm paying within a choice of
its own gained 1–3 points, docs/solver-journal.md)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules.cards import ActionType
from generator.rules.grid import Coord
from generator.rules.sheet import MAX_BONUS_PER_TURN
from generator.solver.facts import GOAL_TYPES, Facts
from generator.solver.walk_bound import EPSILON, Prices, Relaxation, Walker, Walk

PLAN = ActionType.PLAN


@dataclass
class _Budget:
    """A box choice's goal actions as the programme's arrays: the resource states (mixed radix over
    the types it gives), and the claim edges it can pay, with their shifts in that radix."""

    states: int  # R: the resource states
    src_flat: object  # (R, E) flat index into a (R, S) layer, per state and edge; 0 where invalid
    valid: object  # (R, E) the state has spent at least the edge's payment in its type
    gain_index: object  # (E,) the edge's goal (index into the programme's gains), −1: no claim
    units: object  # (E,) the bonus action value the edge's goal takes (R9, priced θ)
    edge_ids: object  # (E,) index into the expanded edge arrays
    # The valid (state, edge) pairs alone, grouped by (state, target label), for the programme:
    pair_src: object  # flat index into the (R, S) layer before the step
    pair_gain: object  # the goal's gain slot, −1: no claim
    pair_units: object
    pair_starts: object  # reduceat starts
    pair_targets: object  # flat index into the (R, S) layer after the step
    stay_rows: object  # per stay claim it can pay: the resource state after it
    stay_ids: object  # index into the expanded stay arrays


class PaidWalker(Walker):
    """The labelling programme with exact per-turn payments (one direction, basic or advanced)."""

    paid = True

    def __init__(self, facts: Facts, relax: Relaxation, radius: int = 1,
                 remember: dict[Coord, frozenset[Coord]] | None = None) -> None:
        if facts.puzzle.directions != 1:
            raise ValueError("exact payments are built for one direction only")
        super().__init__(facts, relax, radius, remember)
        import numpy as np

        self.goal_keys = []  # (node index, goal index, type index, cost) per gain slot
        key_of = {}
        for i, v in enumerate(self.nodes):
            for g, (action, cost, _, _, _) in enumerate(relax.goal_terms.get(v, ())):
                key_of[(i, g)] = len(self.goal_keys)
                self.goal_keys.append((i, g, GOAL_TYPES.index(action), cost))
        # R9: with bonus actions a goal's cost may be paid in part (or whole) by bonus value added to
        # its type; the part from the choice's actions is `pay`, the rest `units` (priced θ).
        splits = (lambda cost: [(u, cost - u) for u in range(cost, -1, -1)]) if relax.bonus_top else (lambda cost: [(cost, 0)])

        def expand(pairs):
            """Each (src, dst, node) once per goal of the node and way to pay it; node −1: no claim."""
            rows = []
            for a, d, node in pairs:
                if node < 0:
                    rows.append((a, d, -1, -1, 0, 0))
                    continue
                for g in range(len(relax.goal_terms[self.nodes[node]])):
                    key = key_of[(node, g)]
                    _, _, t, cost = self.goal_keys[key]
                    rows.extend((a, d, key, t, pay, units) for pay, units in splits(cost))
            return [np.array(column, dtype=np.int64) for column in zip(*rows)]

        # Every claim edge once per goal its location offers (choice locations, R14); the order
        # stays grouped by target label.
        self.x_src, self.x_dst, self.x_gain, self.x_kind, self.x_pay, self.x_units = expand(
            (int(a), int(d), int(c)) for a, d, c in zip(self.src, self.dst, self.claim))
        self.s_src, self.s_dst, self.s_gain, self.s_kind, self.s_pay, self.s_units = expand(
            (int(a), int(d), int(c)) for a, d, c in zip(self.stay_src, self.stay_dst, self.stay_node))
        self.extra_steps = MAX_BONUS_PER_TURN * relax.bonus_top  # R9: bonus value added to plan, at most
        self._budgets: dict[tuple[int, ...], _Budget] = {}
        self.variants = [self._variants(k) for k in range(facts.turns)]

    def _variants(self, k: int) -> list[tuple[tuple[int, ...], int, int, bool]]:
        """Turn k's box choices: (goal budget, plan steps, option index, hunted)."""
        return [(tuple(option.amount(a) for a in GOAL_TYPES), option.amount(PLAN), o, option.hunted)
                for o, option in enumerate(self.facts.options[k])]

    def _budget(self, budget: tuple[int, ...]) -> _Budget:
        """The arrays of one goal budget, built once."""
        import numpy as np

        cached = self._budgets.get(budget)
        if cached is not None:
            return cached
        radix, size = [0] * len(budget), 1
        for t, b in enumerate(budget):
            radix[t] = size
            size *= b + 1
        states = np.arange(size)
        amount = np.array(budget + (0,), dtype=np.int64)  # index −1 (no claim): 0
        scale = np.array(radix + [0], dtype=np.int64)

        def payable(kind, pay, units):
            # R11 from the choice's actions; R9: bonus value only on a type the choice gives.
            return (kind < 0) | ((pay <= amount[kind]) & ((units == 0) | (amount[kind] > 0)))

        ids = np.flatnonzero(payable(self.x_kind, self.x_pay, self.x_units))
        kind, pay = self.x_kind[ids], self.x_pay[ids]
        shift = pay * scale[kind]
        spent = (states[:, None] // np.maximum(scale[kind], 1)[None, :]) % (amount[kind] + 1)[None, :]
        valid = (kind < 0)[None, :] | (spent >= pay[None, :])
        S = self.label_count
        src_flat = np.where(valid, (states[:, None] - shift[None, :]) * S + self.x_src[ids][None, :], 0)
        rows, cols = np.nonzero(valid)  # row-major: by state, then by edge (grouped by target)
        pair_targets, pair_starts = np.unique(rows * S + self.x_dst[ids][cols], return_index=True)
        stay_ids = np.flatnonzero(payable(self.s_kind, self.s_pay, self.s_units))
        stay_rows = self.s_pay[stay_ids] * scale[self.s_kind[stay_ids]]
        made = _Budget(size, src_flat, valid, self.x_gain[ids], self.x_units[ids], ids, src_flat[rows, cols],
                       self.x_gain[ids][cols], self.x_units[ids][cols], pair_starts, pair_targets, stay_rows, stay_ids)
        self._budgets[budget] = made
        return made

    def _gains(self, prices: Prices):
        """Each goal's worth at these prices (no λ: payments are exact); −inf for one worth nothing."""
        import numpy as np

        relax = self.relax
        out = np.empty(len(self.goal_keys))
        for slot, (i, g, _, _) in enumerate(self.goal_keys):
            v = self.nodes[i]
            _, _, counts, eats, restaurants = relax.goal_terms[v][g]
            gain = (sum(prices.counter[c] for c in counts) + prices.eatery_worth(relax.goal_kind.get((v, g))) * eats
                    + prices.restaurant * restaurants - prices.location[v])
            out[slot] = gain if gain > EPSILON else -np.inf
        return out

    def _stay_worth(self, ids, values, gains, theta: float):
        """What each stay claim of `ids` (the expanded stay arrays) reaches from the labels' `values`."""
        return values[self.s_src[ids]] + gains[self.s_gain[ids]] - theta * self.s_units[ids]

    def _option_layers(self, values, variant, gains, theta: float, keep: bool):
        """One box choice's turn from `values`: the layers after 0 … steps steps, each (R, S), kept
        only when `keep` (the read-back), and the best per label over steps and resources. Steps
        past the choice's plan actions are bonus value added to plan (R9), θ each."""
        import numpy as np

        budget, plan, _, _ = variant
        b = self._budget(budget)
        S = self.label_count
        layer = np.full((b.states, S), -np.inf)
        layer[0] = values
        if len(b.stay_ids):
            np.maximum.at(layer, (b.stay_rows, self.s_dst[b.stay_ids]), self._stay_worth(b.stay_ids, values, gains, theta))
        best = layer.max(axis=0)
        layers = [layer] if keep else None
        steps = plan + (self.extra_steps if plan else 0)
        if steps:
            add = _worth(b.pair_gain, b.pair_units, gains, theta)
        for step in range(1, steps + 1):
            cand = layer.ravel()[b.pair_src] + (add if step <= plan else add - theta)
            nxt = np.full(b.states * S, -np.inf)
            nxt[b.pair_targets] = np.maximum.reduceat(cand, b.pair_starts)
            nxt = nxt.reshape(b.states, S)
            best = np.maximum(best, nxt.max(axis=0))
            layer = nxt
            if keep:
                layers.append(layer)
        return best, layers

    def run(self, prices: Prices) -> Walk:
        """The best walk at these prices, each turn paid from one box choice."""
        import numpy as np

        values = np.full(self.label_count, -np.inf)
        values[0] = 0.0
        gains = self._gains(prices)
        inputs, picks = [], []
        reached = 0
        for k in range(self.facts.turns):
            inputs.append(values)
            out = np.full(self.label_count, -np.inf)
            pick = np.zeros(self.label_count, dtype=np.int64)
            for n, variant in enumerate(self.variants[k]):
                best, _ = self._option_layers(values, variant, gains, prices.bonus, False)
                best = best - prices.hunted * variant[3]
                better = best > out
                out = np.where(better, best, out)
                pick = np.where(better, n, pick)
            picks.append(pick)
            values = out
            reached = max(reached, int(np.count_nonzero(values > -np.inf)))
        return self._read_back_paid(values, inputs, picks, gains, prices.bonus, reached)

    def _read_back_paid(self, values, inputs, picks, gains, theta: float, reached: int) -> Walk:
        """The best walk, read back turn by turn from the end: each turn's choice is rerun with its
        layers kept, and the edges that gave each label its value are found again."""
        import numpy as np

        K = self.facts.turns
        S = self.label_count
        label = int(np.argmax(values))
        total = float(values[label])
        boxes, claims, bonus, steps = [0] * K, [[] for _ in range(K)], [0] * K, [0] * K
        trail = []  # backwards
        for k in range(K - 1, -1, -1):
            variant = self.variants[k][int(picks[k][label])]
            budget, plan, o, _ = variant
            b = self._budget(budget)
            _, layers = self._option_layers(inputs[k], variant, gains, theta, True)
            # The fewest steps, then the lowest resource state, that reach the label's best.
            column = np.stack([layer[:, label] for layer in layers])  # (steps + 1, R)
            j, r = np.unravel_index(int(np.argmax(column)), column.shape)
            j, r = int(j), int(r)
            boxes[k], steps[k] = o, j
            used = max(0, j - plan)  # steps paid by bonus value (R9)
            for step in range(j, 0, -1):
                segment = np.flatnonzero(self.x_dst[b.edge_ids] == label)
                worth = _worth(b.gain_index[segment], b.units[segment], gains, theta) - (theta if step > plan else 0.0)
                cand = np.where(b.valid[r, segment], layers[step - 1].ravel()[b.src_flat[r, segment]] + worth, -np.inf)
                e = int(segment[int(np.argmax(cand))])
                if b.gain_index[e] >= 0:
                    i, g, _, _ = self.goal_keys[int(b.gain_index[e])]
                    claims[k].append((self.nodes[i], g))
                    used += int(b.units[e])
                trail.append(self.nodes[self.label_node[label]])
                r, label = divmod(int(b.src_flat[r, e]), S)
            if r or layers[0][0, label] > inputs[k][label]:  # the turn began with a claim where it stood (R10)
                ids = b.stay_ids
                mine = np.flatnonzero((self.s_dst[ids] == label) & (b.stay_rows == r))
                s = int(ids[mine[int(np.argmax(self._stay_worth(ids[mine], inputs[k], gains, theta)))]])
                i, g, _, _ = self.goal_keys[int(self.s_gain[s])]
                claims[k].append((self.nodes[i], g))
                used += int(self.s_units[s])
                label = int(self.s_src[s])
            bonus[k] = used
        trail.append(self.facts.start)
        return Walk(total, boxes, claims, bonus, steps, reached, trail[::-1])


def _worth(gain_index, units, gains, theta: float):
    """What each edge adds: its goal's gain (none without a claim) less θ per unit of bonus value."""
    import numpy as np

    return np.where(gain_index >= 0, gains[np.maximum(gain_index, 0)], 0.0) - theta * units

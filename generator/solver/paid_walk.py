"""The walk programme with each turn's payments exact (R11): one direction, basic game (issue 36).

The walk bound (walk_bound.py) prices the payments: λ[k, T] per action of type T in turn k, so a
walk may achieve three photo goals in a turn whose box choice gives two photo actions, as long as
the price makes up for it, and across a turn's box choices the relaxation takes a mix that no
single choice gives. Here the programme chooses each turn one box choice and carries what the turn
has spent of each action type in its labels: a goal is achieved only if the turn's choice still
has its cost in actions of its type. No λ is left (descend holds it at 0): every plan's walk is
among this programme's walks, which are among the walk bound's, so the bound is still true and,
for the same other multipliers, never above the walk bound's.

A turn's labels are (actions spent, walk label), so the turn's programme runs once per box choice;
its arrays are built once per distinct budget and reused for every turn and programme. Not built,
measured (docs/solver.md): two directions (each arm paying within a choice of its own gained 1–3
points) and bonus actions (a box choice per bonus use: 3.8 s a programme on brug-02)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules.cards import ActionType
from generator.solver.facts import GOAL_TYPES, Facts
from generator.solver.walk_bound import EPSILON, Prices, Relaxation, Walker, Walk

PLAN = ActionType.PLAN


@dataclass
class _Budget:
    """A box choice's goal actions as the programme's arrays: the resource states (mixed radix over
    the types it gives), and the claim edges it can pay, with their shifts in that radix."""

    states: int  # R: the resource states
    src_flat: object  # (R, E) flat index into a (R, S) layer, per state and edge; 0 where invalid
    valid: object  # (R, E) the state has spent at least the edge's cost in its type
    gain_index: object  # (E,) the edge's goal (index into the programme's gains), −1: no claim
    edge_ids: object  # (E,) index into the expanded edge arrays
    # The valid (state, edge) pairs alone, grouped by (state, target label), for the programme:
    pair_src: object  # flat index into the (R, S) layer before the step
    pair_gain: object  # the goal's gain slot, −1: no claim
    pair_starts: object  # reduceat starts
    pair_targets: object  # flat index into the (R, S) layer after the step
    stay_rows: object  # per stay claim it can pay: (resource state after it)
    stay_ids: object  # index into the expanded stay arrays


class PaidWalker(Walker):
    """The labelling programme with exact per-turn payments (one direction)."""

    paid = True

    def __init__(self, facts: Facts, relax: Relaxation, radius: int = 1) -> None:
        if facts.puzzle.directions != 1 or facts.bonus_values:
            raise ValueError("exact payments are built for one direction without bonus actions")
        super().__init__(facts, relax, radius)
        import numpy as np


        self.goal_keys = []  # (node index, goal index) per gain slot
        key_of = {}
        for i, v in enumerate(self.nodes):
            for g, (action, cost, _, _, _) in enumerate(relax.goal_terms.get(v, ())):
                key_of[(i, g)] = len(self.goal_keys)
                self.goal_keys.append((i, g, GOAL_TYPES.index(action), cost))
        # Every claim edge once per goal its location offers (choice locations, R14).
        src, dst, gain, kind, cost = [], [], [], [], []
        for e in range(len(self.src)):
            node = int(self.claim[e])
            if node < 0:
                src.append(int(self.src[e])), dst.append(int(self.dst[e])), gain.append(-1), kind.append(-1), cost.append(0)
                continue
            for g in range(len(relax.goal_terms[self.nodes[node]])):
                key = key_of[(node, g)]
                src.append(int(self.src[e])), dst.append(int(self.dst[e])), gain.append(key)
                kind.append(self.goal_keys[key][2]), cost.append(self.goal_keys[key][3])
        self.x_src, self.x_dst = np.array(src), np.array(dst)
        self.x_gain, self.x_kind, self.x_cost = np.array(gain), np.array(kind), np.array(cost)
        s_src, s_dst, s_gain = [], [], []
        for s, d, node in zip(self.stay_src, self.stay_dst, self.stay_node):
            for g in range(len(relax.goal_terms[self.nodes[int(node)]])):
                s_src.append(int(s)), s_dst.append(int(d)), s_gain.append(key_of[(int(node), g)])
        self.s_src, self.s_dst, self.s_gain = np.array(s_src), np.array(s_dst), np.array(s_gain)
        self.s_kind = np.array([self.goal_keys[k][2] for k in s_gain])
        self.s_cost = np.array([self.goal_keys[k][3] for k in s_gain])
        self._budgets: dict[tuple[int, ...], _Budget] = {}
        self.variants = [self._variants(k) for k in range(facts.turns)]

    def _variants(self, k: int) -> list[tuple[tuple[int, ...], int, int, bool]]:
        """Turn k's box choices: (goal budget, plan steps, option index, hunted)."""
        return [(tuple(option.amount(a) for a in GOAL_TYPES), option.amount(PLAN), o, option.hunted)
                for o, option in enumerate(self.facts.options[k])]

    def _budget(self, budget: tuple[int, ...]) -> _Budget:
        import numpy as np

        cached = self._budgets.get(budget)
        if cached is not None:
            return cached
        radix, size = [0] * len(budget), 1
        for t, b in enumerate(budget):
            radix[t] = size
            size *= b + 1
        states = np.arange(size)

        def spent(t):
            return (states // radix[t]) % (budget[t] + 1) if budget[t] else np.zeros(size, dtype=np.int64)

        affordable = np.array([k < 0 or c <= budget[k] for k, c in zip(self.x_kind, self.x_cost)], dtype=bool)
        ids = np.flatnonzero(affordable)
        kind, cost = self.x_kind[ids], self.x_cost[ids]
        shift = np.where(kind >= 0, cost * np.array([radix[t] if t >= 0 else 0 for t in kind], dtype=np.int64), 0)
        valid = np.ones((size, len(ids)), dtype=bool)
        for t in range(len(budget)):
            mine = kind == t
            if mine.any():
                valid[:, mine] = spent(t)[:, None] >= cost[mine][None, :]
        S = self.label_count
        src_flat = np.where(valid, (states[:, None] - shift[None, :]) * S + self.x_src[ids][None, :], 0)
        rows, cols = np.nonzero(valid)  # row-major: by state, then by edge (grouped by target)
        pair_target = rows * S + self.x_dst[ids][cols]
        pair_targets, pair_starts = np.unique(pair_target, return_index=True)
        stay_ok = np.array([c <= budget[k] for k, c in zip(self.s_kind, self.s_cost)], dtype=bool)
        stay_ids = np.flatnonzero(stay_ok)
        stay_rows = np.array([c * radix[k] for k, c in zip(self.s_kind[stay_ids], self.s_cost[stay_ids])], dtype=np.int64)
        made = _Budget(size, src_flat, valid, self.x_gain[ids], ids, src_flat[rows, cols], self.x_gain[ids][cols],
                       pair_starts, pair_targets, stay_rows, stay_ids)
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
            gain = (sum(prices.counter[c] for c in counts) + prices.eatery * eats + prices.restaurant * restaurants
                    - prices.location[v])
            out[slot] = gain if gain > EPSILON else -np.inf
        return out

    def _option_layers(self, values, variant, gains, keep: bool):
        """One box choice's turn from `values`: the layers after 0 … steps steps, each (R, S), kept
        only when `keep` (the read-back), and the best per label over steps and resources."""
        import numpy as np

        budget, steps, _, _ = variant
        b = self._budget(budget)
        S = self.label_count
        layer = np.full((b.states, S), -np.inf)
        layer[0] = values
        if len(b.stay_ids):
            ids = b.stay_ids
            cand = values[self.s_src[ids]] + gains[self.s_gain[ids]]
            np.maximum.at(layer, (b.stay_rows, self.s_dst[ids]), cand)
        best = layer.max(axis=0)
        layers = [layer] if keep else None
        if steps:
            add = np.where(b.pair_gain >= 0, gains[np.maximum(b.pair_gain, 0)], 0.0)
        for _ in range(steps):
            cand = layer.ravel()[b.pair_src] + add
            nxt = np.full(b.states * S, -np.inf)
            nxt[b.pair_targets] = np.maximum.reduceat(cand, b.pair_starts)
            nxt = nxt.reshape(b.states, S)
            best = np.maximum(best, nxt.max(axis=0))
            layer = nxt
            if keep:
                layers.append(layer)
        return best, layers

    def run(self, prices: Prices) -> Walk:
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
                best, _ = self._option_layers(values, variant, gains, False)
                best = best - prices.hunted * variant[3]
                better = best > out
                out = np.where(better, best, out)
                pick = np.where(better, n, pick)
            picks.append(pick)
            values = out
            reached = max(reached, int(np.count_nonzero(values > -np.inf)))
        return self._read_back_paid(values, inputs, picks, gains, reached)

    def _read_back_paid(self, values, inputs, picks, gains, reached: int) -> Walk:
        import numpy as np

        K = self.facts.turns
        label = int(np.argmax(values))
        total = float(values[label])
        boxes, claims, bonus, steps = [0] * K, [[] for _ in range(K)], [0] * K, [0] * K
        for k in range(K - 1, -1, -1):
            variant = self.variants[k][int(picks[k][label])]
            budget, _, o, _ = variant
            b = self._budget(budget)
            _, layers = self._option_layers(inputs[k], variant, gains, True)
            # The fewest steps, then the lowest resource state, that reach the label's best.
            column = np.stack([layer[:, label] for layer in layers])  # (steps + 1, R)
            j, r = np.unravel_index(int(np.argmax(column)), column.shape)
            j, r = int(j), int(r)
            boxes[k], steps[k] = o, j
            S = self.label_count
            for step in range(j, 0, -1):
                segment = np.flatnonzero(self.x_dst[b.edge_ids] == label)
                before = layers[step - 1].ravel()
                cand = np.where(b.valid[r, segment], before[b.src_flat[r, segment]]
                                + np.where(b.gain_index[segment] >= 0, gains[np.maximum(b.gain_index[segment], 0)], 0.0), -np.inf)
                e = int(segment[int(np.argmax(cand))])
                flat = int(b.src_flat[r, e])
                if b.gain_index[e] >= 0:
                    i, g, _, _ = self.goal_keys[int(b.gain_index[e])]
                    claims[k].append((self.nodes[i], g))
                r, label = divmod(flat, S)
            if r:  # the turn began with a claim where it stood (R10)
                ids = b.stay_ids
                mine = np.flatnonzero((self.s_dst[ids] == label) & (b.stay_rows == r))
                cand = inputs[k][self.s_src[ids[mine]]] + gains[self.s_gain[ids[mine]]]
                s = int(ids[mine[int(np.argmax(cand))]])
                i, g, _, _ = self.goal_keys[int(self.s_gain[s])]
                claims[k].append((self.nodes[i], g))
                label = int(self.s_src[s])
        return Walk(total, boxes, claims, bonus, steps, reached)


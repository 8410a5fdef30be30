"""Stages (generator/daily/stages.py) that remember what a daily job tells them."""

from __future__ import annotations


class Heard:
    def __init__(self) -> None:
        self.stages: list[str] = []
        self.plans: list[tuple[int | None, int | None]] = []

    def begin(self, stage: str) -> None:
        self.stages.append(stage)

    def best(self, score: int | None, bound: int | None) -> None:
        self.plans.append((score, bound))

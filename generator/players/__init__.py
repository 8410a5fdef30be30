"""Automatic players built on the engine's legal-choice API (no solver): random and heuristic."""

"""The Citytrip rules engine: standard library only, the single source of truth.

Everything else (loaders, solver, renderers, puzzle generator) builds on these objects; the
solver's plans are replayed here and their scores must match. Each module is imported by its own
name (`from generator.rules.replay import replay`): the package exports nothing of its own, so
that importing one module loads only what it needs (in the browser too).
"""

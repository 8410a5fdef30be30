"""Print renderers: everything that turns plain layout values into PDF pages.

This package is the only one that imports reportlab (and pypdfium2 for previews), so the rules
engine and the solver stay free of drawing code.
"""

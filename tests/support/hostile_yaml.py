"""Hostile YAML documents shared by the reader's tests and the fuzz test."""

# "Billion laughs": nine strings, then eight levels of nine aliases each: 9^9 values in under
# 600 bytes. PyYAML builds it as shared references; printing or walking it never ends.
BILLION_LAUGHS = (
    'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    + "".join(f"{b}: &{b} [*{a},*{a},*{a},*{a},*{a},*{a},*{a},*{a},*{a}]\n" for a, b in zip("abcdefg", "bcdefgh"))
    + "target: [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n"
)

DEEP_FLOW = "[" * 5000 + "]" * 5000

"""Which invisible format characters (Unicode category Cf) a chat line may hold: only those that
draw an emoji, so text cannot hide, join or turn around what is shown.

Format characters show nothing by themselves: zero-width spaces and joiners, the word joiner,
soft hyphens, bidi embeddings, overrides and isolates, the byte order mark, tag characters. A
line holding one is refused (naming the character) rather than silently changed, as names are
(accounts/names.py), except in the two emoji sequences that need them:

- a zero-width joiner between two emoji (a symbol, optionally followed by its variation
  selector or skin tone), as in family, profession and rainbow-flag emoji;
- tag characters closed by a cancel tag right after the black flag, as in the flags of
  England, Scotland and Wales.

The zero-width non-joiner, which Persian spelling uses inside words, is refused with the rest:
a line reads the same without it.
"""

from __future__ import annotations

import re
import unicodedata

ZERO_WIDTH_JOINER = "\u200d"
#: A flag's tag sequence: black flag, tag letters or digits, cancel tag.
TAG_SEQUENCE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]{1,32}\U000e007f")
#: What may follow an emoji before a joiner: variation selectors and skin tones.
EMOJI_TAILS = frozenset("\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")


def refused_format_character(text: str) -> str | None:
    """The first format character of ``text`` that no emoji sequence needs; None if none."""
    # A flag's tags are allowed as a whole: replaced by the flag alone before the check.
    plain = TAG_SEQUENCE.sub("\U0001f3f4", text)
    for index, char in enumerate(plain):
        if unicodedata.category(char) != "Cf":
            continue
        if char == ZERO_WIDTH_JOINER and _joins_emoji(plain, index):
            continue
        return char
    return None


def _joins_emoji(text: str, index: int) -> bool:
    """Whether the joiner at ``index`` stands between two emoji."""
    before = index - 1
    while before >= 0 and text[before] in EMOJI_TAILS:
        before -= 1
    after = index + 1
    return (before >= 0 and after < len(text)
            and unicodedata.category(text[before]) == "So"
            and unicodedata.category(text[after]) == "So")

"""Display names: normalised, and unable to hide or reorder the text around them.

A name is NFKC-normalised (full-width letters become plain ones, half-width kana full-width,
jamo compose into Hangul syllables, odd spaces become spaces) and trimmed. It may not hold
control or format characters (bidi overrides, embeddings and isolates, zero-width characters,
soft hyphens), private-use or unassigned code points, or characters drawn as nothing (Hangul
fillers, the braille blank): each is refused by name (``U+202E``) rather than silently dropped,
so what was typed is what is shown. A name must show at least one letter, digit, punctuation
mark or symbol. Clients isolate names (``<bdi>``) so right-to-left names are shown as written
without turning the sentence around them.
"""

from __future__ import annotations

import unicodedata

from meeplehall.server.errors import ApiError

MAX_LENGTH = 32

#: Categories never allowed: control, format, surrogate, private use, unassigned, and the line
#: and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: Characters of other categories that are drawn as nothing.
INVISIBLE = frozenset(
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers (letters, but blank)
    "\u2800"  # braille pattern blank
    "\u034f"  # combining grapheme joiner
    "\u17b4\u17b5"  # Khmer inherent vowels, drawn as nothing
)

#: Categories that show something by themselves (a mark shows only on a letter).
VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def clean_name(raw: str, blank: ApiError) -> str:
    """The name as it will be kept and shown; raises ``blank`` when nothing in it is visible,
    and a ``name_bad_character`` or ``name_too_long`` refusal for the other faults."""
    normal = unicodedata.normalize("NFKC", raw)
    # The characters as typed first, so a refusal names the one the person typed.
    for char in raw + normal:
        if unicodedata.category(char) in REFUSED_CATEGORIES or char in INVISIBLE:
            code = _code_point(char)
            raise ApiError(422, "name_bad_character",
                           f"a name cannot hold the character {code} (a control, formatting or "
                           f"invisible character)", {"char": code})
    name = " ".join(normal.split())  # trimmed, and runs of spaces made one
    if not any(unicodedata.category(char)[0] in VISIBLE_CATEGORIES for char in name):
        raise blank
    if len(name) > MAX_LENGTH:
        raise ApiError(422, "name_too_long",
                       f"a name is at most {MAX_LENGTH} characters once normalised",
                       {"max": MAX_LENGTH})
    return name


def login_key(raw: str) -> str:
    """The case-insensitive key a login name is found by (whatever width it is typed in)."""
    return " ".join(unicodedata.normalize("NFKC", raw).split()).lower()

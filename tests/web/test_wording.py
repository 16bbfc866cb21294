"""How the texts read around their placeholders, in every language: a counted thing has its
singular form, Japanese particles sit right after the name they follow, and Korean particles
take the form the name's last sound asks for ("지민이", "하나가"), not both ("이(가)")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.web.conftest import Pages

WEB = Path(__file__).resolve().parents[2] / "src" / "meeplehall" / "web"
GAMES = sorted(path.parent.name for path in WEB.glob("games/*/texts.js"))
# A counted thing after its number, one adjective allowed: "{n} secret objectives",
# "{count} possible moves", "{n} white counter(s)". A verb after an ordinal ("Round {n} begins")
# is not a count.
COUNTED = re.compile(r"\{(n|count)\}(?: [a-z]+)?? (?!begins\b|was\b)[a-z]{2,}(?:s|\(s\))(?![a-z])")
JAPANESE = "\u3040-\u30ff\u4e00-\u9fff\u3001\u3002\uff08\uff09"
SPACED = re.compile(rf"\}}[ ]+[{JAPANESE}]|[{JAPANESE}][ ]+\{{")


def _game_pack(game: str, language: str) -> dict[str, str]:
    """A game's texts in `language`, read from its texts.js (one `key: "text",` a line)."""
    source = (WEB / "games" / game / "texts.js").read_text(encoding="utf-8")
    start = source.index(f"const {language} = {{")
    block = source[start:source.index("\n};", start)]
    line = re.compile(r'^\s+"?([\w.]+)"?: (["`])(.*)\2,$', re.M)
    return {match[1]: match[3] for match in line.finditer(block)}


def _packs(language: str) -> dict[str, dict[str, str]]:
    shell = json.loads((WEB / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    return {"shell": shell, **{game: _game_pack(game, language) for game in GAMES}}


def test_the_packs_are_read() -> None:
    packs = _packs("en")
    assert set(packs) == {"shell", "monsterhex", "pyramido", "yaxha"}
    assert all(len(pack) > 100 for pack in packs.values())


def test_every_counted_english_text_has_its_singular_form() -> None:
    missing = [
        (name, key, text)
        for name, pack in _packs("en").items()
        for key, text in pack.items()
        if COUNTED.search(text) and f"{re.sub(r'[.](one|other)$', '', key)}.one" not in pack
    ]
    assert missing == []


def test_no_japanese_text_has_a_space_between_a_name_and_its_particle() -> None:
    spaced = [(name, key, text) for name, pack in _packs("ja").items()
              for key, text in pack.items() if SPACED.search(text)]
    assert spaced == []


KOREAN_CASES = [
    # (template, name, expected): Hangul by its last syllable, digits as read, Latin as English.
    ("{name}이(가) 놓았습니다.", "지민", "지민이 놓았습니다."),
    ("{name}이(가) 놓았습니다.", "하나", "하나가 놓았습니다."),
    ("{name}을(를) 가져갔습니다.", "빨강", "빨강을 가져갔습니다."),
    ("{name}을(를) 가져갔습니다.", "파랑 큐브", "파랑 큐브를 가져갔습니다."),
    ("{name}은(는) 끝났습니다.", "라운드 3", "라운드 3은 끝났습니다."),
    ("{name}은(는) 끝났습니다.", "라운드 2", "라운드 2는 끝났습니다."),
    ("{name}와(과) 함께", "초록", "초록과 함께"),
    ("{name}와(과) 함께", "보라", "보라와 함께"),
    ("{name}(으)로 갑니다.", "서울", "서울로 갑니다."),
    ("{name}(으)로 갑니다.", "부산", "부산으로 갑니다."),
    ("{name}이(가) 이겼습니다.", "Bot (레벨 2)", "Bot (레벨 2)이 이겼습니다."),
    ("{name}이(가) 이겼습니다.", "봇 (레벨 1) (4번 자리)", "봇 (레벨 1) (4번 자리)이 이겼습니다."),
    ("{name}을(를) 골랐습니다.", "하나 (2번 자리)", "하나 (2번 자리)를 골랐습니다."),
    ("{name}이(가) 이겼습니다.", "Anna", "Anna가 이겼습니다."),
    ("{name}이(가) 이겼습니다.", "Player", "Player가 이겼습니다."),
    ("{name}을(를) 골랐습니다.", "Paul", "Paul을 골랐습니다."),
    # Nothing tells how a kana name ends: both forms stay.
    ("{name}이(가) 이겼습니다.", "さくら", "さくら이(가) 이겼습니다."),
]


def test_korean_particles_follow_the_last_sound_of_the_name(pages: Pages) -> None:
    page = pages.new()
    page.goto("/")
    written = page.evaluate(
        """async (cases) => {
          const { format } = await import("./js/i18n.js");
          return cases.map(([template, name]) => format(template, { name }));
        }""",
        KOREAN_CASES,
    )
    assert written == [expected for _, _, expected in KOREAN_CASES]

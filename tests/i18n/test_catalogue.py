"""Issue 19: one catalogue with every text a player sees — each message in both languages with the same
placeholders, no English left in the Japanese texts (nor Japanese in the English ones) of the terminal, game and
command-line files, and every key the code looks up defined."""

from __future__ import annotations

import json
import re
import string
from importlib import resources
from pathlib import Path

import pytest

from sevens.games.registry import families
from sevens.i18n import LANGS, catalogue

SRC = Path(__file__).parents[2] / "src" / "sevens"
OWN_FILES = ("game.json", "terminal.json", "cli.json")  # the terminal engineer's (issue 19); others test theirs
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# what may stay Latin in Japanese text: commands and settings in `backticks`, {placeholders}, card and action
# notation, key names and single-letter keys
ALLOWED_LATIN = re.compile(
    r"`[^`]*`|\{[^}]*\}|Jk\+9h|(?:10|[A2-9TJQK])[shdc♠♥♦♣]|\b(?:Enter|Esc|Home|End|F1|ID|English|Jk|A|K)\b"
    r"|\([a-z]\)|(?<![A-Za-z])[a-z](?![A-Za-z])"
)


def own_messages() -> dict[str, dict[str, str]]:
    folder = resources.files("sevens.locale")
    merged: dict[str, dict[str, str]] = {}
    for name in OWN_FILES:
        merged |= json.loads(folder.joinpath(name).read_text(encoding="utf-8"))
    return merged


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    texts = catalogue()[key]
    assert set(texts) == set(LANGS) and all(texts[lang].strip() for lang in LANGS)
    # the only field one language may leave out is the echo of the action's notation (Japanese says it in words)
    assert fields(texts["en"]) ^ fields(texts["ja"]) <= {"action"}, texts


@pytest.mark.parametrize("key", sorted(own_messages()))
def test_japanese_has_no_english_and_english_no_japanese(key: str) -> None:
    texts = own_messages()[key]
    left = re.findall(r"[A-Za-z]{2,}", ALLOWED_LATIN.sub("", texts["ja"]))
    assert not left or texts["ja"] == texts["en"], (key, left)  # a text the same in both (e.g. "7 / 27") is fine
    assert not KANA_KANJI.search(texts["en"].replace("日本語", "")), (key, texts["en"])


LOOKUPS = [
    (re.compile(r"""\bt\(\s*"([\w.]+)\""""), "{}"),
    (re.compile(r"""\btr\(\s*"([\w.]+)\""""), "tui.{}|{}"),
    (re.compile(r"""\b_label\(\s*"([\w.]+)\""""), "cli.killer.{}"),
    (re.compile(r"""\blabel\(\s*"([\w.]+)\""""), "cli.seven27.{}"),
    (re.compile(r"""\(\s*"((?:refusal|event|log|s27|action|key)\.[\w.]+)\""""), "{}|tui.{}"),
]


def test_every_key_the_code_looks_up_exists() -> None:
    missing, found = [], 0
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for pattern, forms in LOOKUPS:
            for key in pattern.findall(source):
                found += 1
                if not any(form.format(key) in catalogue() for form in forms.split("|")):
                    missing.append(f"{path.relative_to(SRC)}: {key}")
    assert found > 150 and not missing, (found, missing)


def test_every_family_has_its_help() -> None:
    for name in families():
        assert f"tui.help.{name}" in catalogue()


def test_every_preset_has_its_name_and_one_line_about_it() -> None:
    # the lobby, the terminal's menu and `sevens rules` say each preset in a line from here
    for family in families().values():
        for preset in family.presets:
            assert {f"preset.{preset}", f"preset.{preset}.about"} <= catalogue().keys(), preset

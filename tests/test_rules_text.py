"""The rules in words: every parameter and every value of every family has a sentence in Japanese and English
(keys generated from the rules' own parameters, so a new parameter or choice cannot be missed), and no key of
``rule.*`` is left over that no parameter uses."""

from __future__ import annotations

import re
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevens.games.registry import families
from sevens.games.rules_base import RulesBase
from sevens.i18n import LANGS, catalogue
from sevens.rules_text import describe, required_keys, sentence, sentence_key

# every family's Rules is a RulesBase (the registry's entry reads its presets only as RulesLike)
RULES_TYPES = {name: type(cast(RulesBase, next(iter(family.presets.values())))) for name, family in families().items()}
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("family", list(RULES_TYPES))
def test_every_parameter_and_value_has_a_sentence_in_both_languages(family: str) -> None:
    messages = catalogue()
    for key in required_keys(RULES_TYPES[family]):
        assert key in messages, f"{family}: no sentence {key!r} in src/sevens/locale/pages.json"
        en, ja = messages[key]["en"], messages[key]["ja"]
        assert en.strip() and ja.strip() and en != ja, key
        assert not KANA_OR_KANJI.search(en), f"{key}: Japanese in the English sentence"
        assert KANA_OR_KANJI.search(ja), f"{key}: the Japanese sentence has no Japanese"
        if key.endswith(".n"):
            assert "{n}" in en and "{n}" in ja, f"{key} must say the number"


def test_no_rule_sentence_is_left_over() -> None:
    needed = {key for rules_type in RULES_TYPES.values() for key in required_keys(rules_type)}
    numbers = {key.rsplit(".", 1)[0] for key in needed if key.endswith(".n")}
    for key in catalogue():
        if not key.startswith("rule."):
            continue
        base, _, token = key.rpartition(".")
        assert key in needed or (base in numbers and token.isdigit()), f"{key} belongs to no parameter value"


@pytest.mark.parametrize("preset", [p for family in families().values() for p in family.presets])
def test_every_preset_reads_as_sentences_in_each_language(preset: str) -> None:
    family = next(f for f in families().values() if preset in f.presets)
    rules = cast(RulesBase, family.presets[preset])
    for lang in LANGS:
        lines = describe(rules, lang)
        assert len(lines) == len(rules.to_dict())
        for line in lines:
            assert not line.startswith("rule."), f"{preset}: untranslated {line!r}"
            assert "{" not in line, f"{preset}: unfilled placeholder in {line!r}"
            assert bool(KANA_OR_KANJI.search(line)) == (lang == "ja"), (lang, line)


def test_named_values_read_as_the_local_rule_not_its_code_name() -> None:
    """B6 and B3 in words, as a Japanese player says them."""
    assert sentence("ak_link", True, "ja").startswith("AとKがつながる")
    assert sentence("ak_link", True, "en").startswith("A and K are joined")
    assert "sevens_placed" not in sentence("opening", "sevens_placed", "en")
    assert sentence("jokers", 0, "en") == "No jokers."
    assert sentence("pass_limit", None, "ja") == "パスは何回でもできる。"


@given(st.sampled_from(["pass_limit", "jokers", "enclosure", "stack", "ante", "raise_cap", "deals"]),
       st.integers(min_value=2, max_value=500))  # fmt: skip
def test_any_number_is_said_with_its_value(name: str, value: int) -> None:
    key, params = sentence_key(name, value)
    assert key.startswith(f"rule.{name}.")
    if params:
        assert params == {"n": value} and key == f"rule.{name}.n"
    for lang in LANGS:
        assert str(value) in sentence(name, value, lang)

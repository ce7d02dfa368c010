"""The rules of a table in words: one sentence per parameter value, from the message catalogue.

A parameter ``name`` is named by the key ``rule.<name>``; its value is said by ``rule.<name>.<token>`` where the
token is ``on``/``off`` for a switch, the choice's own name, ``none`` for an integer left open, or the number
itself when that number needs its own sentence (``rule.jokers.0`` "No jokers."); any other number uses
``rule.<name>.n`` with ``{n}`` filled. The browser derives the same keys (web/js/rules.js, ``ruleSentence``).

>>> from sevens.games.registry import families
>>> standard = families()["shichinarabe"].presets["standard"]
>>> sentence("ak_link", True, "ja")
'AとKがつながる：Kの次にA、Aの次にKが出せる。'
>>> sentence("pass_limit", 3, "en")
'You may pass 3 times a round; if you then cannot play, you are out.'
>>> describe(standard, "en")[2]
'The player holding 7♦ goes first.'
"""

from __future__ import annotations

from typing import Any

from sevens.games.rules_base import RulesBase, parameters
from sevens.i18n import Lang, catalogue, t

NUMBER = "n"  # the token of the sentence that says any number with {n}


def value_token(value: Any) -> str:
    """The key part that says ``value``: ``on``/``off``, ``none``, or the value's text."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None:
        return "none"
    return str(value)


def sentence_key(name: str, value: Any) -> tuple[str, dict[str, Any]]:
    """The catalogue key that says ``name = value``, and its placeholders."""
    exact = f"rule.{name}.{value_token(value)}"
    if exact in catalogue() or not isinstance(value, int) or isinstance(value, bool):
        return exact, {}
    return f"rule.{name}.{NUMBER}", {"n": value}


def sentence(name: str, value: Any, lang: Lang) -> str:
    """One sentence saying what ``name = value`` means at the table."""
    key, params = sentence_key(name, value)
    return t(key, lang, **params)


def describe(rules: RulesBase, lang: Lang, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every parameter of ``rules`` in words, in the parameters' order (those in ``skip`` left out)."""
    return [sentence(name, getattr(rules, name), lang) for name in parameters(type(rules)) if name not in skip]


def required_keys(rules_type: type[RulesBase]) -> list[str]:
    """Every key the parameters of a family's rules need: the name of each parameter and a sentence for every
    value it can take (each choice, ``on`` and ``off``, ``none`` where a number may be left open, and the
    sentence for any number)."""
    keys = []
    for name in parameters(rules_type):
        keys.append(f"rule.{name}")
        if name in rules_type._CHOICES:
            keys += [f"rule.{name}.{choice}" for choice in rules_type._CHOICES[name]]
        elif name in rules_type._FLAGS:
            keys += [f"rule.{name}.on", f"rule.{name}.off"]
        else:
            if name in rules_type._OPTIONAL:
                keys.append(f"rule.{name}.none")
            keys.append(f"rule.{name}.{NUMBER}")
    return keys


__all__ = ["describe", "required_keys", "sentence", "sentence_key", "value_token"]

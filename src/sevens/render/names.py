"""Presets by the names people read, for every terminal command (``sevens rules``, ``history``, the game's
title): 「標準」 / "Standard" as the web page says them (``preset.<id>`` of the catalogue), never only the id."""

from __future__ import annotations

from sevens.i18n import Lang, catalogue, t


def preset_name(preset: str | None, lang: Lang) -> str:
    """A preset's name (「標準」, "Standard"); an unknown one as it is, none as ``-``.

    >>> preset_name("standard", "ja"), preset_name("ak_link", "en"), preset_name("mine", "en")
    ('標準', 'A–K link', 'mine')
    """
    if preset is None:
        return "-"
    key = f"preset.{preset}"
    return t(key, lang) if key in catalogue() else preset


def preset_with_id(preset: str, lang: Lang) -> str:
    """The name and the id one types (``--preset``) when they differ in more than case: ``standard（標準）``,
    ``ak_link (A–K link)``, but ``standard`` alone in English.

    >>> preset_with_id("standard", "ja"), preset_with_id("standard", "en"), preset_with_id("fan_tan", "en")
    ('standard（標準）', 'standard', 'fan_tan')
    """
    name = preset_name(preset, lang)
    if name.casefold() == preset.replace("_", " ").casefold():
        return preset
    return f"{preset}（{name}）" if lang == "ja" else f"{preset} ({name})"


__all__ = ["preset_name", "preset_with_id"]

"""The message catalogue's data: one JSON file per area, read by :mod:`sevens.i18n`."""

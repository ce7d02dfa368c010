"""The core of the sevens families (七並べ and Killer sevens): one round, one view, one position grammar, one
record form; each family supplies its geometry (see :mod:`.state` and docs/decisions.md)."""

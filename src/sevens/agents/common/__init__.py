"""What the agents of several families share, one job per module (docs/decisions.md, "Agents core").

The core of the 七並べ families' agents, around each family's geometry: :mod:`.knowledge` (the deductions from
the public log, read incrementally), :mod:`.heuristic` (the rule-following players and the policies' score
scale), :mod:`.sampling` (hidden hands dealt within the deductions, and the posterior chain over them) and
:mod:`.search` (the determinized search and its oracle). Shared by every family: :mod:`.montecarlo` (budgets,
the sampling loop, early stopping and the paired decision rule)."""

"""What the agents of several families share, one job per module (docs/decisions.md, "Agents core").

The core of the 七並べ families' agents: :mod:`.view` (what it reads of a family's view), :mod:`.knowledge`
(the deductions from the public log, read incrementally), :mod:`.heuristic` (the ``heuristic`` agent around a
family's policy, and the corrections every family makes), :mod:`.search` (the ``search`` agent around it),
:mod:`.determinized` (its flat Monte Carlo loop over determinized states), :mod:`.deals` (dealing hidden
cards within the deductions, and the position text's common end), :mod:`.posterior` (the opponent models'
base and a Metropolis–Hastings chain over deals), :mod:`.resampling` (deals turned into states),
:mod:`.oracle` (the loop on the true state), :mod:`.greedy` and :mod:`.casual` (the simple levels).
Shared by every family: :mod:`.budget` (CPU-time or sample budgets and the seeded generator),
:mod:`.montecarlo` (sampling on a budget and the paired decision rule), :mod:`.stopping` (when a decision is
settled), :mod:`.points` (the E2 points) and :mod:`.scores` (the policies' score scale and tie rule)."""

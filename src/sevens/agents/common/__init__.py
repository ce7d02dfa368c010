"""What the agents of several families share, one job per module.

:mod:`.points` (the E2 points they play for), :mod:`.scores` (the policies' score scale and tie rule),
:mod:`.budget` (``think_ms`` / ``rollouts`` and the seeded generator), :mod:`.montecarlo` (the flat Monte
Carlo loop and its paired decision rule), :mod:`.stopping` (when a search on a clock may stop: its decision
is settled), :mod:`.determinized` (that loop over determinized states, for the
search agents), :mod:`.resampling` (deals that explain the opponents' choices, turned into states), :mod:`.posterior`
(a Metropolis–Hastings chain over deals, the posterior given those choices), :mod:`.oracle` (the same
loop on the true state), :mod:`.deals` (dealing hidden cards within the public deductions),
:mod:`.knowledge` (reading the public log incrementally) and :mod:`.greedy` (the greedy baseline)."""

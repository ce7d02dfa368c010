"""What the agents of several families share: the E2 points they play for (:mod:`.points`) and the flat
Monte Carlo decision loop of the search agents (:mod:`.montecarlo`)."""

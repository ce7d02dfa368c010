"""Multi-round sessions: the E2 points table, stars (E3), turn clocks (E4)."""

"""Screens of the terminal UI: the menu, the game, the end of a round, and the replay of a stored round."""

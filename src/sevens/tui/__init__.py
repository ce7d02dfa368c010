"""``sevens play``: the game in the terminal (Textual), with sessions, scoring, stars and saved progress.

- :mod:`.controller` the session and game logic, testable without a screen (rounds and scores per kind of game:
  :mod:`sevens.session.match`); :mod:`.options` the player's choices; :mod:`.persistence` the store it needs;
- :mod:`.app` the Textual apps and their entry points; :mod:`.screens` menu, game, round end, replay;
  :mod:`.widgets` the hand, the players panel and one table module per family; :mod:`.text` ja/en words;
- :mod:`.history` past sessions and the replay of stored rounds.

The package imports nothing itself: ``sevens --help`` imports :mod:`.command` without Textual or the store.
"""

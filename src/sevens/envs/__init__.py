"""Research environments: the games through the standard interfaces of reinforcement learning and game theory.

- :mod:`sevens.envs.pettingzoo`: PettingZoo AEC environments (every family, preset and ``--set`` variant).
- :mod:`sevens.envs.gymnasium`: a Gymnasium single-agent environment (one seat learns, named agents play the rest).
- :mod:`sevens.envs.openspiel`: ``import`` it to register the games with OpenSpiel (``pyspiel.load_game``).

They need the ``research`` extra (``pip install 'sevens[research]'``); :mod:`.encoding` and :mod:`.table`, the
parts they share, need numpy only. Each environment asks the engine for everything (legal actions, views,
results); observations are built from one seat's view, so hidden cards never reach a learner.
"""

"""Research environments: the games through the standard interfaces of reinforcement learning and game theory.

- :mod:`sevens.envs.pettingzoo`: PettingZoo AEC environments (every family, preset and ``--set`` variant).
- :mod:`sevens.envs.gymnasium`: a Gymnasium single-agent environment (one seat learns, agents or policies play the
  rest), registered as the `gymnasium.make` ids of :data:`GYMNASIUM_IDS`.
- :mod:`sevens.envs.openspiel`: ``import`` it to register the games with OpenSpiel (``pyspiel.load_game``).

They need the ``research`` extra (``pip install 'sevens[research]'``); :mod:`.encoding` and :mod:`.table`, the
parts they share, need numpy only. Each environment asks the engine for everything (legal actions, views,
results); observations are built from one seat's view, so hidden cards never reach a learner.
"""

GYMNASIUM_IDS = {
    "sevens/Shichinarabe-v0": "standard",
    "sevens/Killer-v0": "killer",
    "sevens/Seven27-v0": "seven27",
}
"""``gymnasium.make`` ids (registered when this package is imported) and the preset each starts from; any
:class:`~sevens.envs.gymnasium.SevensEnv` argument may be given too: ``gymnasium.make("sevens/Killer-v0",
players=3, opponents="easy")``. ``gymnasium.make("sevens.envs:sevens/Killer-v0")`` imports this package first."""


def _register_gymnasium_ids() -> None:
    try:
        import gymnasium
    except ImportError:  # the research extra is not installed: nothing to register
        return
    for env_id, preset in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="sevens.envs.gymnasium:SevensEnv", kwargs={"preset": preset})


_register_gymnasium_ids()

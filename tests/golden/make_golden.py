"""Write the golden records: one recorded game per Shichi-narabe preset and a few variants, with the final
position text. Run only when a rules change is intended (``python tests/golden/make_golden.py``) and review
the diff: a golden file that changes means recorded games would replay differently."""

from __future__ import annotations

import json
import random
from pathlib import Path

from sevens.games.shichinarabe import PRESETS, State, to_record

HERE = Path(__file__).parent
CASES = {f"{name}_5p": PRESETS[name].replace(players=5) for name in PRESETS} | {
    "tunnel_end_3p": PRESETS["tunnel"].replace(players=3, tunnel="end"),
    "joker2_optional_4p": PRESETS["joker"].replace(jokers=2, joker_exchange="optional"),
    "joker_none_2p": PRESETS["joker"].replace(players=2, joker_exchange="none"),
    "standard_20p": PRESETS["standard"].replace(players=20),
}


def main() -> None:
    for name, rules in CASES.items():
        rng = random.Random(name)
        state = State.new(rules, seed=len(name) * 7919)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        golden = {"record": to_record(state), "final_position": state.position()}
        (HERE / f"{name}.json").write_text(json.dumps(golden, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""append_action: committed one by one, idempotent for a retried identical action, refusing conflicts and gaps."""

from __future__ import annotations

import threading

import pytest

from sevens.store import Store, StoreError

from .helpers import new_session


@pytest.fixture
def round_id(store: Store) -> int:
    return store.start_round(new_session(store), 1, dealer=3, seed=1, rules={})


def test_append_and_retry(store: Store, round_id: int) -> None:
    assert store.append_action(round_id, 1, "6c") is True
    assert store.append_action(round_id, 1, "6c") is False  # a retry of the same action
    assert store.append_action(round_id, 2, "pass") is True
    assert store.append_action(round_id, 1, "6c") is False
    assert store.get_round(round_id).actions == ["6c", "pass"]


def test_conflicts_gaps_and_bad_numbers_are_refused(store: Store, round_id: int) -> None:
    store.append_action(round_id, 1, "6c")
    with pytest.raises(StoreError, match=r"action 1 of round \d+ is already stored as '6c', not '8d'"):
        store.append_action(round_id, 1, "8d")
    with pytest.raises(StoreError, match="has 1 actions, so the next one is number 2, not 3"):
        store.append_action(round_id, 3, "8d")
    with pytest.raises(StoreError, match="action numbers start at 1"):
        store.append_action(round_id, 0, "8d")
    with pytest.raises(StoreError, match="non-empty text"):
        store.append_action(round_id, 2, " ")
    assert store.get_round(round_id).actions == ["6c"]


def test_the_first_action_must_be_number_1(store: Store, round_id: int) -> None:
    with pytest.raises(StoreError, match="has 0 actions, so the next one is number 1, not 2"):
        store.append_action(round_id, 2, "6c")


def test_a_finished_round_takes_no_new_action_but_accepts_a_retry(store: Store, round_id: int) -> None:
    store.append_action(round_id, 1, "6c")
    store.finish_round(round_id, {}, [0] * 4, [0] * 4)
    assert store.append_action(round_id, 1, "6c") is False
    with pytest.raises(StoreError, match="is finished; it takes no more actions"):
        store.append_action(round_id, 2, "pass")


def test_concurrent_writers_of_one_seq(db_url: str, round_id: int) -> None:
    """Several connections race to store action 1: one writes it, identical retries succeed, others are refused."""
    outcomes: list[tuple[str, object]] = []
    lock = threading.Lock()
    start = threading.Barrier(6)

    def write(text: str) -> None:
        with Store.open(db_url) as own:
            start.wait()
            try:
                result: object = own.append_action(round_id, 1, text)
            except StoreError as exc:
                result = exc
        with lock:
            outcomes.append((text, result))

    threads = [threading.Thread(target=write, args=(t,)) for t in ("6c", "6c", "6c", "8d", "8d", "8d")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with Store.open(db_url) as check:
        (stored,) = check.get_round(round_id).actions
    written = [text for text, result in outcomes if result is True]
    assert written == [stored]
    for text, result in outcomes:
        if text == stored:
            assert result in (True, False)
        else:
            assert isinstance(result, StoreError) and "already stored" in str(result)

"""Which database the store opens: explicit URL, else $SEVENS_DATABASE_URL, else the user's data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.store import DATABASE_URL_ENV, Store, StoreError, default_path, resolve_url


def test_explicit_url_beats_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DATABASE_URL_ENV, f"sqlite:///{tmp_path / 'env.db'}")
    assert resolve_url(f"sqlite:///{tmp_path / 'arg.db'}").database == str(tmp_path / "arg.db")
    assert resolve_url(None).database == str(tmp_path / "env.db")


def test_default_is_a_file_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(DATABASE_URL_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = tmp_path / "data" / "sevens" / "sevens.sqlite3"
    assert default_path() == expected
    assert resolve_url(None).database == str(expected)
    assert not expected.parent.exists()
    with Store.open() as store:
        store.create_player("Hana")
    assert expected.is_file()


def test_empty_environment_variable_means_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DATABASE_URL_ENV, "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert resolve_url(None).database == str(tmp_path / "sevens" / "sevens.sqlite3")


@pytest.mark.parametrize("scheme", ["postgres", "postgresql", "postgresql+psycopg"])
def test_postgres_urls_use_psycopg(scheme: str) -> None:
    assert resolve_url(f"{scheme}://u:p@db:5433/sevens").drivername == "postgresql+psycopg"


def test_missing_folders_of_a_sqlite_file_are_created(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "games.db"
    Store.open(f"sqlite:///{target}").close()
    assert target.is_file()


def test_text_that_is_not_a_url_is_refused() -> None:
    with pytest.raises(StoreError, match="is not a database URL"):
        resolve_url("just some words")

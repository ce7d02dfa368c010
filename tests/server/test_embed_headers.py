"""``/embed/…`` (docs/embed.md) is framed only by the sites ``--embed-origin`` names, every other page by none;
the embedded page learns the sites it may post its results to from a ``<meta>`` (no inline script)."""

from __future__ import annotations

import re

import pytest

from sevens.server.site.embedding import META_NAME

from .harness import running

FAMILY = ("https://family.example", "http://127.0.0.1:8080")


def frame_ancestors(policy: str) -> str:
    found = re.search(r"frame-ancestors ([^;]+)", policy)
    assert found, policy
    return found[1].strip()


@pytest.mark.parametrize("path", ["/embed", "/embed/play?preset=standard", "/embed/room/ABC234"])
def test_embed_is_framed_by_exactly_the_allowed_sites(path: str) -> None:
    with running(embed_origins=FAMILY) as server:
        page = server.http.get(path)
        assert page.status_code == 200
        assert frame_ancestors(page.headers["content-security-policy"]) == " ".join(FAMILY)
        assert "x-frame-options" not in page.headers  # it cannot name several sites; the policy does
        assert f'<meta name="{META_NAME}" content="{" ".join(FAMILY)}">' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]  # the rest of the policy kept
        site = server.http.get("/")
        assert frame_ancestors(site.headers["content-security-policy"]) == "'none'"
        assert site.headers["x-frame-options"] == "DENY"
        assert META_NAME not in site.text


def test_without_embed_origins_nobody_frames_the_table_and_it_posts_to_nobody() -> None:
    with running() as server:
        page = server.http.get("/embed/play")
        assert frame_ancestors(page.headers["content-security-policy"]) == "'none'"
        assert page.headers["x-frame-options"] == "DENY"
        assert f'<meta name="{META_NAME}" content="">' in page.text

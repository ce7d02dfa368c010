"""tests/deploy/compose_site.py reads compose.yaml as Docker Compose does (no container engine needed): the
services start after what they depend on, variables are interpolated, and each service's ``podman create``
arguments carry its image, command, environment, mounts, address, names of the others, restart policy, grace
period and limits."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from .compose_site import COMPOSE_FILE, Site, interpolate, seconds


def site_without_podman(**environ: str) -> Site:
    site = Site(project="unit", publish=False, environ=environ)
    site._ulimits_work = True  # as on a machine whose runtime sets resource limits (no probe)
    return site


def option_values(args: list[str], option: str) -> list[str]:
    return [args[i + 1] for i, arg in enumerate(args) if arg == option]


def test_services_start_after_what_they_depend_on() -> None:
    order = site_without_podman().order()
    assert set(order) == {"redis", "postgres", "node1", "node2", "node3", "nginx"}
    for node in ("node1", "node2", "node3"):
        assert order.index("redis") < order.index(node) and order.index("postgres") < order.index(node)
        assert order.index(node) < order.index("nginx")
    assert site_without_podman().dependencies("node1") == {"redis": "service_healthy", "postgres": "service_healthy"}


def test_a_dependency_cycle_is_refused(tmp_path: Path) -> None:
    compose = tmp_path / "compose.yaml"
    compose.write_text(
        "services:\n  a: {image: x, depends_on: [b]}\n  b: {image: x, depends_on: [a]}\n"
        "networks: {site: {ipam: {config: [{subnet: 10.99.0.0/24}]}}}\n"
    )
    with pytest.raises(ValueError, match="cycle: a -> b -> a"):
        Site(compose_file=compose, environ={}).order()


def test_variables_are_interpolated_as_compose_does() -> None:
    assert interpolate("${A:-x}/${B:-y}/${C}", {"A": "1", "C": "3"}) == "1/y/3"
    assert interpolate({"k": ["${A:-x}"]}, {}) == {"k": ["x"]}
    assert seconds("30s") == 30 and seconds("500ms") == 0.5 and seconds("1m") == 60 and seconds(5) == 5
    with pytest.raises(ValueError, match="unsupported compose duration '1h'"):
        seconds("1h")


def test_a_node_is_created_as_compose_yaml_says() -> None:
    site = site_without_podman(POSTGRES_PASSWORD="s3cret")
    args = site.run_arguments("node1")
    image_at = args.index(site.services["node1"]["image"])
    assert args[image_at + 1 :] == site.services["node1"]["command"]  # the command follows the image
    environment = dict(value.split("=", 1) for value in option_values(args, "--env"))
    assert "sevens:s3cret@postgres:5432" in environment["SEVENS_DATABASE_URL"]  # ${POSTGRES_PASSWORD:-…}
    address = ipaddress.IPv4Address(option_values(args, "--ip")[0])
    assert address in site.subnet and str(address) == site.address("node1")
    (mac,) = option_values(args, "--mac-address")
    assert mac == "02:42:" + ":".join(f"{b:02x}" for b in address.packed)  # as Docker derives it
    hosts = dict(value.removeprefix("--add-host=").split(":") for value in args if value.startswith("--add-host="))
    assert hosts == {name: site.address(name) for name in site.services if name != "node1"}
    assert len(set(hosts.values()) | {str(address)}) == len(site.services)  # one address each
    assert option_values(args, "--restart") == ["unless-stopped"]
    assert option_values(args, "--stop-timeout") == ["30"]
    assert "--ulimit=nofile=65536:65536" in args
    assert option_values(args, "--network") == ["unit_site"]


def test_nginx_mounts_the_repository_configuration_and_publishes_only_when_asked() -> None:
    site = site_without_podman()
    mounts = option_values(site.run_arguments("nginx"), "--volume")
    root = COMPOSE_FILE.parent
    assert f"{root / 'deploy/nginx/nginx.conf'}:/etc/nginx/nginx.conf:ro" in mounts
    assert option_values(site.run_arguments("nginx"), "--publish") == []
    published = Site(project="unit", publish=True, environ={})
    published._ulimits_work = False  # a machine whose runtime refuses limits: none asked for
    args = published.run_arguments("nginx")
    assert option_values(args, "--publish") == ["80:80"]
    assert not [a for a in args if a.startswith("--ulimit")]
    postgres_mounts = option_values(site.run_arguments("postgres"), "--volume")
    assert postgres_mounts == ["unit_pgdata:/var/lib/postgresql/data"]  # the project's named volume

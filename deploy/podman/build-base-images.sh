#!/usr/bin/env bash
# Stand-in base images for machines that cannot pull from a container registry (this project's CI): one
# Debian bookworm root file system (debootstrap, minbase) with Python 3.11, redis-server, PostgreSQL and nginx
# installed, imported once and tagged under each name the Dockerfile and compose.yaml use, each with the
# entry point and command of the real image it stands in for. docs/deploy.md explains.
#
# Idempotent and cached: when every image exists with this recipe's label, nothing is done (a second of
# checks). The recipe's label is a hash of this file and its helpers: change them and the images are rebuilt.
#
# Usage (as root): deploy/podman/build-base-images.sh [--force]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="$here/containers.conf"  # runc, cgroupfs, no default ulimits (see that file)

base=localhost/sevens-standin-base:bookworm
python_image=docker.io/library/python:3.11-slim-bookworm
redis_image=docker.io/library/redis:7-bookworm
postgres_image=docker.io/library/postgres:15-bookworm
nginx_image=docker.io/library/nginx:1.27-bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
recipe=$(cat "${BASH_SOURCE[0]}" "$here/postgres-entrypoint.sh" "$here/redis-entrypoint.sh" | sha256sum | cut -c1-16)

has_recipe() {  # the image exists and was built by this very recipe
    [ "$(podman image inspect --format '{{index .Labels "sevens.stand-in"}}' "$1" 2>/dev/null)" = "$recipe" ]
}

if [ "${1:-}" != --force ]; then
    all=1
    for image in "$python_image" "$redis_image" "$postgres_image" "$nginx_image"; do
        has_recipe "$image" || all=0
    done
    if [ $all = 1 ]; then
        echo "build-base-images: stand-in images present (recipe $recipe), nothing to do" >&2
        exit 0
    fi
fi

started=$(date +%s)
work=$(mktemp -d /var/tmp/sevens-rootfs.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "build-base-images: debootstrap bookworm into $rootfs" >&2
debootstrap --variant=minbase \
    --include=ca-certificates,python3,python3-venv,redis-server,postgresql,nginx-light \
    bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -30 "$work/debootstrap.log" >&2; exit 1; }

# The machine's own certificate authorities (a TLS-intercepting egress proxy, if any) so that pip inside a
# build reaches PyPI as the host does; the real images need nothing of the kind.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
    chroot "$rootfs" update-ca-certificates >/dev/null 2>&1
fi
printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$rootfs/etc/pip.conf"
ln -sf python3 "$rootfs/usr/bin/python"  # python:3.11-slim has `python`
# PostgreSQL: no cluster of Debian's own (the entry point makes one in $PGDATA, as the real image does)
rm -rf "$rootfs/var/lib/postgresql/15/main" "$rootfs/etc/postgresql/15/main"
install -m 0755 "$here/postgres-entrypoint.sh" "$rootfs/usr/local/bin/docker-entrypoint.sh"
# Redis: the official image runs as the user redis in /data, with protected mode off (it is reached over the
# container network, where the default "protected mode" refuses every client without a password)
install -m 0755 "$here/redis-entrypoint.sh" "$rootfs/usr/local/bin/redis-entrypoint.sh"
install -d -o "$(chroot "$rootfs" id -u redis)" -g "$(chroot "$rootfs" id -g redis)" "$rootfs/data"
# nginx: the official image logs to the container's output
ln -sf /dev/stdout "$rootfs/var/log/nginx/access.log"
ln -sf /dev/stderr "$rootfs/var/log/nginx/error.log"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*

echo "build-base-images: importing" >&2
tar -C "$rootfs" -c . | podman import --quiet - "$base" >/dev/null

path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
configure() {  # configure NAME [buildah config options...]: the base under NAME with a real image's settings
    local name=$1
    shift
    local container
    container=$(buildah from --quiet "$base")
    buildah config --env "PATH=$path" --env LANG=C.UTF-8 --label "sevens.stand-in=$recipe" \
        --label "org.opencontainers.image.description=stand-in for $name built from Debian bookworm packages by deploy/podman/build-base-images.sh" \
        "$@" "$container"
    buildah commit --quiet --rm "$container" "$name" >/dev/null
}
configure "$python_image" --cmd '["python3"]'
configure "$redis_image" --entrypoint '["redis-entrypoint.sh"]' --cmd '["redis-server"]' --workingdir /data \
    --port 6379
configure "$postgres_image" --entrypoint '["docker-entrypoint.sh"]' --cmd '["postgres"]' --stop-signal SIGINT \
    --env PGDATA=/var/lib/postgresql/data --env "PATH=/usr/lib/postgresql/15/bin:$path" --port 5432
configure "$nginx_image" --cmd '["nginx", "-g", "daemon off;"]' --stop-signal SIGQUIT --port 80
echo "build-base-images: built $python_image $redis_image $postgres_image $nginx_image (recipe $recipe)" \
    "in $(( $(date +%s) - started )) s" >&2

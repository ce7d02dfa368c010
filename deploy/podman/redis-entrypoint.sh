#!/bin/sh
# The stand-in redis image's entry point (deploy/podman/build-base-images.sh): as the official image, run
# redis-server as the user redis with protected mode off (clients come over the container network).
set -e
if [ "${1:-}" = redis-server ]; then
    shift
    exec setpriv --reuid=redis --regid=redis --init-groups redis-server "$@" --protected-mode no
fi
exec "$@"

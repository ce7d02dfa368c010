#!/bin/sh
# The stand-in postgres image's entry point (deploy/podman/build-base-images.sh), the official image's
# contract: on an empty $PGDATA, create a cluster whose superuser is $POSTGRES_USER with $POSTGRES_PASSWORD,
# a database $POSTGRES_DB, password logins from any address; then run the server as the user postgres.
set -eu
if [ "${1:-}" = postgres ]; then
    : "${PGDATA:=/var/lib/postgresql/data}" "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
    : "${POSTGRES_PASSWORD:?the postgres image needs POSTGRES_PASSWORD}"
    mkdir -p "$PGDATA" /run/postgresql
    chown postgres:postgres "$PGDATA" /run/postgresql
    chmod 0700 "$PGDATA"
    as_postgres="setpriv --reuid=postgres --regid=postgres --init-groups"
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
        password_file=$(mktemp)
        printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
        chown postgres "$password_file"
        $as_postgres initdb --username="$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust \
            --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
        rm -f "$password_file"
        echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
        echo "listen_addresses = '*'" >>"$PGDATA/postgresql.auto.conf"
        if [ "$POSTGRES_DB" != postgres ]; then
            $as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
            $as_postgres createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
            $as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
        fi
    fi
    shift
    exec $as_postgres postgres "$@"
fi
exec "$@"

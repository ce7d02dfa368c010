#!/usr/bin/env bash
# Start a local PostgreSQL for the store tests and print ONE line on stdout, the export of its URL:
#
#   pg_env=$(bash .ci/postgres.sh)   # a failure stops a `set -e` script here (inside eval "$(…)" it would not)
#   eval "$pg_env"                    # export SEVENS_TEST_POSTGRES_URL='postgresql+psycopg://sevens:sevens@127.0.0.1:5432/sevens_test'
#
# On a Debian machine, as root (or with password-less sudo): installs Debian's postgresql with apt-get when it is
# missing (the only network it needs), creates and starts a cluster, and creates a login role and a database
# for the tests (each test makes and drops its own schema in it). Idempotent: when PostgreSQL is installed and
# running it only checks and prints the URL (well under a second). Everything else goes to stderr.
#
# Overridable: SEVENS_PG_ROLE (sevens), SEVENS_PG_PASSWORD (sevens), SEVENS_PG_DATABASE (sevens_test),
# SEVENS_PG_CLUSTER (main). Test credentials only: the cluster listens on localhost alone.
set -euo pipefail

ROLE=${SEVENS_PG_ROLE:-sevens}
PASSWORD=${SEVENS_PG_PASSWORD:-sevens}
DATABASE=${SEVENS_PG_DATABASE:-sevens_test}
CLUSTER=${SEVENS_PG_CLUSTER:-main}

log() { echo "postgres.sh: $*" >&2; }
die() { log "$*"; exit 1; }
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
    else die "needs root (or sudo) to run: $*"
    fi
}
as_postgres() { (cd / && as_root runuser -u postgres -- "$@"); }
for name in "$ROLE" "$DATABASE"; do
    [[ $name =~ ^[a-z_][a-z0-9_]*$ ]] || die "role and database names are lower-case identifiers, got '$name'"
done
[[ $PASSWORD != *"'"* ]] || die "the password may not contain a single quote"

# 1. Install (server, client and Debian's cluster tools) unless present.
server_installed() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && command -v pg_ctlcluster >/dev/null; }
if ! server_installed; then
    log "installing PostgreSQL with apt-get (about 20 s)"
    apt_log=$(mktemp)
    if ! as_root env DEBIAN_FRONTEND=noninteractive sh -c \
        'apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql' >"$apt_log" 2>&1; then
        cat "$apt_log" >&2
        die "apt-get could not install postgresql"
    fi
    rm -f "$apt_log"
    server_installed || die "apt-get did not install a PostgreSQL server"
fi
VERSION=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)

# 2. A cluster of that version (the package usually creates "main"; a trimmed image may not have it).
cluster_field() {  # pg_lsclusters columns: Ver Cluster Port Status Owner Data-directory Log-file
    pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" -v f="$1" '$1 == v && $2 == c { print $f }'
}
if [ -z "$(cluster_field 2)" ]; then
    log "creating cluster $VERSION/$CLUSTER"
    as_root pg_createcluster "$VERSION" "$CLUSTER" >&2
fi
PORT=$(cluster_field 3)

# 3. Running, and accepting connections.
if [ "$(cluster_field 4)" != "online" ]; then
    log "starting cluster $VERSION/$CLUSTER on port $PORT"
    as_root pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$CLUSTER" start >&2
fi
for _ in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p "$PORT" && break
    sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$PORT" || die "PostgreSQL $VERSION/$CLUSTER is not accepting connections on port $PORT"

# 4. The test role and database.
as_postgres psql -X -q -p "$PORT" -d postgres -v ON_ERROR_STOP=1 >&2 <<SQL
DO \$\$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN
        CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
    ELSE
        ALTER ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
    END IF;
END
\$\$;
SQL
if [ "$(as_postgres psql -X -tA -p "$PORT" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" != "1" ]; then
    log "creating database $DATABASE"
    as_postgres createdb -p "$PORT" -O "$ROLE" "$DATABASE"
fi

URL="postgresql+psycopg://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DATABASE"
log "PostgreSQL $VERSION ready: $URL"
printf "export SEVENS_TEST_POSTGRES_URL='%s'\n" "$URL"

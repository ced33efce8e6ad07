#!/usr/bin/env bash
# Start the distribution's PostgreSQL cluster and create the test role and a database owned by it
# (idempotent): alea_test, or the database named as the first argument.
set -euo pipefail
database=${1:-alea_test}
sudo=""
if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
    $sudo pg_createcluster "$version" main >/dev/null
fi
$sudo pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
    if $sudo -u postgres psql -qAtc "select 1" >/dev/null 2>&1 \
        || su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1; then
        break
    fi
    sleep 1
done
run_sql() {
    if [[ -n $sudo ]]; then
        $sudo -u postgres psql -qAtc "$1"
    else
        su postgres -c "psql -qAtc \"$1\""
    fi
}
if [[ $(run_sql "select 1 from pg_roles where rolname='alea'") != 1 ]]; then
    run_sql "create role alea login password 'alea'"
fi
if [[ $(run_sql "select 1 from pg_database where datname='$database'") != 1 ]]; then
    run_sql "create database $database owner alea"
fi

#!/usr/bin/env bash
# Start PostgreSQL (the distribution's, as CI does), N `alea serve` processes on one database,
# and nginx in front of them on one port. Stop everything with Ctrl-C.
#
#     bash scripts/cluster.sh [N] [PORT]        # default: 2 processes behind port 8000
#
# ALEA_DB overrides the database (default: alea_cluster on the local server, made with the role
# of the tests by .ci/postgres.sh; not the tests' database, which they empty).
set -euo pipefail
n=${1:-2}
port=${2:-8000}
root=$(cd "$(dirname "$0")/.." && pwd)
db=${ALEA_DB:-postgresql+psycopg://alea:alea@127.0.0.1:5432/alea_cluster}
alea=${ALEA:-$root/.venv/bin/alea}
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 1; }
[[ -x $alea ]] || { echo "no alea at $alea: run bash scripts/test.sh once, or set ALEA" >&2; exit 1; }
if [[ -z ${ALEA_DB:-} ]]; then
    bash "$root/.ci/postgres.sh" alea_cluster
fi
run=$(mktemp -d)
pids=()
cleanup() {
    [[ -f $run/nginx.pid ]] && nginx -p "$run" -c nginx.conf -s stop 2>/dev/null || true
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$run/tmp"
cp "$root/deploy/nginx.conf" "$run/nginx.conf"
echo "listen $port;" >"$run/listen.conf"
: >"$run/upstreams.conf"
for i in $(seq 1 "$n"); do
    p=$((port + i))
    "$alea" serve --port "$p" --db "$db" >"$run/alea-$p.log" 2>&1 &
    pids+=($!)
    echo "server 127.0.0.1:$p max_fails=1 fail_timeout=5s;" >>"$run/upstreams.conf"
done
for i in $(seq 1 "$n"); do
    p=$((port + i))
    until curl -sf "http://127.0.0.1:$p/api/catalog" >/dev/null; do
        if ! kill -0 "${pids[$((i - 1))]}" 2>/dev/null; then
            echo "the process on port $p stopped; its log ($run/alea-$p.log) ends:" >&2
            tail -5 "$run/alea-$p.log" >&2
            exit 1
        fi
        sleep 0.2
    done
done
nginx -p "$run" -c nginx.conf
echo "Alea on http://127.0.0.1:$port/ : $n processes (ports $((port + 1))-$((port + n))), logs in $run"
wait

#!/usr/bin/env bash
# Set up the project's virtual environment (once) and start the web app on http://127.0.0.1:8000/
# (games stored in the SQLite file alea.db here). Extra arguments go to `alea serve`,
# e.g. `scripts/start.sh --port 8080` or `scripts/start.sh --db postgresql+psycopg://...`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -x .venv/bin/python ]]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/alea serve "$@"

#!/usr/bin/env bash
# Set up the project's virtual environment (once) and start a game in the terminal.
# Extra arguments go to `alea play`, e.g. `scripts/start.sh --seat Pompey=human`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -x .venv/bin/python ]]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
if [[ $# -eq 0 ]]; then
    set -- --seat Caesar=human --seat Crassus=heuristic --seat Pompey=heuristic
fi
exec .venv/bin/alea play triumvirate "$@"

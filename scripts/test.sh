#!/usr/bin/env bash
# The project's one test command: format, lint, types, layers, then the test suite.
# Extra arguments go to pytest, e.g. `scripts/test.sh -k forum -x`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ! -x .venv/bin/python ]]; then
    python3 -m venv .venv
fi
export PATH="$PWD/.venv/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check -e '.[dev]'

# bench/ and tests/ may not exist yet in a young checkout; lint what is there.
lint_dirs=()
for dir in src tests bench scripts examples; do
    if [[ -d $dir ]]; then
        lint_dirs+=("$dir")
    fi
done

step() {
    printf '\n== %s\n' "$*"
    "$@"
}

step ruff format --check "${lint_dirs[@]}"
step ruff check "${lint_dirs[@]}"
step mypy
step lint-imports

pytest_args=()
if python -c 'import xdist' 2>/dev/null; then
    pytest_args+=(-n auto)
fi

printf '\n== pytest %s\n' "${pytest_args[*]} $*"
status=0
pytest "${pytest_args[@]}" "$@" || status=$?
if [[ $status -eq 5 ]]; then
    echo "pytest collected no tests: that is a failure, not a pass" >&2
fi
exit "$status"

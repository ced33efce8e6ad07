"""The ``alea`` command run as a user runs it: in a subprocess of this Python, with piped input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run_alea(
    *args: str, cwd: Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``alea ARGS`` in ``cwd`` with ``stdin`` piped in: its exit code and output as they are."""
    command = [sys.executable, "-m", "alea", *args]
    return subprocess.run(
        command, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, check=False
    )

"""Fixtures of the web app tests: one headless chromium a module, for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import CHROMIUM, FLAGS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (the test skips without either)."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()

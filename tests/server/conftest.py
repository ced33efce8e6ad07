"""Fixtures of the web app tests: one headless chromium and one ``alea serve`` a module for the
browser tests, and the PostgreSQL test database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import CHROMIUM, FLAGS, POSTGRES_URL, empty_database, serving


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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a server of the module's own, on a fresh SQLite file, one bot worker."""
    with serving(tmp_path_factory.mktemp("site") / "alea.db", "--workers", "1") as url:
        yield url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The PostgreSQL test database, emptied and held by this test alone (skips without one)."""
    if not POSTGRES_URL:
        pytest.skip("no PostgreSQL server (ALEA_TEST_POSTGRES_URL)")
    with empty_database(POSTGRES_URL) as emptied:
        yield emptied

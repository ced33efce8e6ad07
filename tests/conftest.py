"""Test-suite wide plugins.

Rule citations: every numbered rule in a game's ``RULES.md`` must be cited by at least one
test (``@pytest.mark.rule("TRI-4.5")``), and every cited id must exist. The check runs at the
end of a session that collected the whole ``tests/`` tree; a narrowed run (``-k``, ``-m``, node
ids, a sub-folder, ``--lf``, ``--deselect``, ``--ignore``) cannot tell, so it skips the check.
Under pytest-xdist each worker reports what it collected and the controller decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

TESTS_DIR = Path(__file__).resolve().parent
GAMES_DIR = TESTS_DIR.parent / "src" / "alea" / "games"

# ---------------------------------------------------------------------------------------------
# RULES.md parsing
# ---------------------------------------------------------------------------------------------

RULE_ID = r"[A-Z]{3}-\d+(?:\.\d+)*"
"""A rule id: three capitals, a dash, dotted numbers (``TRI-4``, ``TRI-4.5``, ``FOR-3.2.1``)."""

# A markdown heading whose text starts with a rule id, optionally bold or in backticks:
# "## TRI-4 Movement", "### TRI-4.5 Water", "### **TRI-4.5** Water", "#### TRI-4.5. Water".
_HEADING_ID = re.compile(
    rf"^ {{0,3}}#{{1,6}}[ \t]+[*_`]*(?P<id>{RULE_ID})(?![\w-]|\.\d)",
)
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def parse_rule_ids(markdown: str) -> list[str]:
    """Return the rule ids that head a markdown heading, in order (duplicates kept).

    Mentions of an id in running text, list items or fenced code blocks are not rules.
    """
    ids: list[str] = []
    fence: str | None = None
    for line in markdown.splitlines():
        opening = _FENCE.match(line)
        if opening:
            if fence is None:
                fence = opening.group(1)
            elif opening.group(1) == fence:
                fence = None
            continue
        if fence is not None:
            continue
        match = _HEADING_ID.match(line)
        if match:
            ids.append(match.group("id"))
    return ids


@pytest.fixture
def rule_id_parser() -> Callable[[str], list[str]]:
    """The RULES.md parser, for the tests of the citation check itself."""
    return parse_rule_ids


def defined_rules(games_dir: Path = GAMES_DIR) -> dict[str, list[Path]]:
    """Map every rule id in ``<game>/RULES.md`` to the files that define it."""
    rules: dict[str, list[Path]] = {}
    for path in sorted(games_dir.glob("*/RULES.md")):
        for rule in parse_rule_ids(path.read_text(encoding="utf-8")):
            rules.setdefault(rule, []).append(path)
    return rules


def citation_problems(defined: dict[str, list[Path]], cited: Iterable[str]) -> list[str]:
    """Sentences naming each uncited, unknown or duplicated rule id (empty: all is well)."""
    cited = set(cited)
    problems: list[str] = []
    for rule, paths in sorted(defined.items(), key=lambda kv: _rule_sort_key(kv[0])):
        where = ", ".join(sorted({_shown(p) for p in paths}))
        if rule not in cited:
            problems.append(f"{rule} ({where}) is cited by no test")
        if len(paths) > 1:
            problems.append(f"{rule} is defined {len(paths)} times ({where})")
    for rule in sorted(cited - defined.keys(), key=_rule_sort_key):
        problems.append(f"{rule} is cited by a test but is in no RULES.md")
    return problems


def _rule_sort_key(rule: str) -> tuple[str, tuple[int, ...]]:
    prefix, _, numbers = rule.partition("-")
    return prefix, tuple(int(n) for n in numbers.split(".") if n.isdigit())


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(TESTS_DIR.parent))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------------------------------------
# The session check
# ---------------------------------------------------------------------------------------------

_WORKER_KEY = "alea_rule_citations"


def _whole_tree_requested(config: pytest.Config) -> bool:
    """Whether the command line asks for every test under ``tests/``, unfiltered."""
    option = config.option
    if option.keyword or option.markexpr:
        return False
    if getattr(option, "lf", False) or getattr(option, "deselect", None):
        return False
    if getattr(option, "ignore", None) or getattr(option, "ignore_glob", None):
        return False
    if getattr(option, "pyargs", False):
        return False
    covered = False
    for arg in config.args:
        if "::" in arg:
            return False  # a node id: one test, class or parametrization
        path = Path(arg)
        if not path.is_absolute():
            path = config.invocation_params.dir / path
        path = path.resolve()
        if path == TESTS_DIR or path in TESTS_DIR.parents:
            covered = True
    return covered


class RuleCitations:
    """Collects the cited rule ids of a session and fails it if the citations are wrong."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.narrowed = not _whole_tree_requested(config)
        self.collected = False
        self.collection_failed = False
        self.cited: set[str] = set()
        self.problems: list[str] = []

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        if items:
            self.narrowed = True

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            # A module that failed to import hides its citations; the error itself is the news.
            self.collection_failed = True

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = True
        for item in session.items:
            for mark in item.iter_markers("rule"):
                self.cited.update(str(arg) for arg in mark.args)
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput[_WORKER_KEY] = {"narrowed": self.narrowed, "cited": sorted(self.cited)}

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        data = getattr(node, "workeroutput", {}).get(_WORKER_KEY)
        if data is not None:
            self.collected = True
            self.narrowed |= bool(data["narrowed"])
            self.cited.update(data["cited"])

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if hasattr(self.config, "workeroutput"):
            return  # an xdist worker: the controller decides
        if self.narrowed or not self.collected or self.collection_failed:
            return
        if exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            return
        self.problems = citation_problems(defined_rules(), self.cited)
        if self.problems and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.problems:
            return
        terminalreporter.section("rule citations", sep="=", red=True, bold=True)
        terminalreporter.line(
            "Every rule in a RULES.md needs a test marked @pytest.mark.rule(<id>), "
            "and every cited id must exist in one:"
        )
        for problem in self.problems:
            terminalreporter.line(f"  {problem}", red=True)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RuleCitations(config), "alea-rule-citations")

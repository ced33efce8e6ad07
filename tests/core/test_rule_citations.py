"""The RULES.md parser behind the rule-citation check (the check itself lives in conftest)."""

from __future__ import annotations

from collections.abc import Callable

Parser = Callable[[str], list[str]]

RULES = """\
# Triumvirate — rules

TRI-0 is mentioned here in running text, which does not define it.

## TRI-1 Setup

Each player starts as in TRI-1.2 below; see also **TRI-9.9** in a paragraph.

### TRI-1.1 Seats
- TRI-7.7 in a list item is a reference, not a rule.
### **TRI-1.2** Starting troops
#### TRI-1.2.3. Garrisons
### TRI-1.3: Order of play
## TRI-10 — Round cap

```markdown
## TRI-8 inside a fenced block is an example
```

~~~
### TRI-8.1 also fenced
~~~

##TRI-11 needs a space after the hashes
    ## TRI-12 indented code, not a heading
### Ruling on TRI-4.5 (the id does not lead the heading)
### TRI-4x is not an id
### TRI-4.5a is not an id either
###### FOR-3.2 Another game's prefix
"""


def test_ids_are_read_from_headings_in_order(rule_id_parser: Parser) -> None:
    assert rule_id_parser(RULES) == [
        "TRI-1",
        "TRI-1.1",
        "TRI-1.2",
        "TRI-1.2.3",
        "TRI-1.3",
        "TRI-10",
        "FOR-3.2",
    ]


def test_mentions_outside_headings_are_ignored(rule_id_parser: Parser) -> None:
    found = set(rule_id_parser(RULES))
    for mention in ("TRI-0", "TRI-9.9", "TRI-7.7", "TRI-8", "TRI-8.1", "TRI-11", "TRI-12"):
        assert mention not in found
    assert "TRI-4.5" not in found
    assert not any(rule.startswith("TRI-4") for rule in found)


def test_duplicates_are_kept_for_the_check_to_report(rule_id_parser: Parser) -> None:
    text = "## HRE-2 Taxes\n\n## HRE-2 Taxes again\n"
    assert rule_id_parser(text) == ["HRE-2", "HRE-2"]


def test_a_file_without_rules_has_no_ids(rule_id_parser: Parser) -> None:
    assert rule_id_parser("") == []
    assert rule_id_parser("# Rules\n\nNothing numbered yet.\n") == []

"""Scripted keyboard input for terminal sessions under test."""

from __future__ import annotations

import io
from collections.abc import Iterable


class Script:
    """Answers prompts from a list, echoing them as a terminal would; runs out like stdin."""

    def __init__(self, answers: Iterable[str], out: io.StringIO) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.out = out

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        self.out.write(f"{prompt}{answer}\n")
        return answer

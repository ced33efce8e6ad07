"""Playing a game at the terminal: any mix of humans and agents, saved after every action.

Chance is drawn exactly as ``alea.play`` draws it (the same derived generators, the same
``sample_chance`` calls), so a game between agents with a given seed is the game ``alea.play``
plays with that seed. Resuming replays the record and draws every past roll again from the
seed's generator before playing on, so quitting and resuming never changes the dice to come.
"""

from __future__ import annotations

import random
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from alea.agents.level_ratings import level_ratings
from alea.core.agent import Agent
from alea.core.errors import AleaError
from alea.core.game import Action, Game, State
from alea.core.record import result_of
from alea.core.rng import derive_seed, make_rng
from alea.terminal.log import apply_and_narrate, merge, result_lines
from alea.terminal.saving import RecordWriter
from alea.terminal.seats import Seat
from alea.terminal.views import GameView, LogNote, rules_text, view_for

LOG_SHOWN = 20
"""Lines the ``log`` command shows."""

COMMANDS = (
    ("NUMBER", "play the action with that number"),
    ("PLACE", "a place (a hex name or col,row; a market): list only the moves that go there"),
    ("list", "show the numbered actions again"),
    ("board", "draw the board again"),
    ("log", f"show the last {LOG_SHOWN} lines of the game log"),
    ("hand", "read your hand in full (where the game has one)"),
    ("rules", "read the full rules"),
    ("save", "save the game now (it is also saved after every action)"),
    ("quit", "save and leave; continue later with alea play --resume FILE"),
    ("help", "this help"),
)

Reader = Callable[[str], str]

CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (ECMA-48 / xterm)."""


class _Quit(Exception):
    """The player asked to save and leave."""


class BotError(AleaError):
    """An agent failed to choose an action."""


def terminal_reader(console: Console) -> Reader:
    """Read a line after a prompt; when input is piped, echo it so transcripts read well."""
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        line = console.input(prompt)
        if echo:
            console.print(escape(line), highlight=False)
        return line

    return read


class Session:
    """One game being played at the terminal.

    Args:
        game: the loaded game.
        seats: who plays each seat.
        writer: the record to extend and the file it is saved to after every action.
        console: where everything is shown.
        read_line: reads a human's answer after a prompt.
        delay: seconds to pause after each action no human chose.
        quiet: show only the final board and result (and the humans' prompts).

    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        writer: RecordWriter,
        console: Console,
        *,
        read_line: Reader | None = None,
        delay: float = 0.0,
        quiet: bool = False,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.writer = writer
        self.console = console
        self.read_line = read_line or terminal_reader(console)
        self.delay = delay
        self.quiet = quiet
        self.view: GameView = view_for(game.name)
        humans = [i for i, s in enumerate(self.seats) if s.human]
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.hot_seat = len(humans) > 1
        """Several people share this keyboard: each private view is shown to its seat alone."""
        self._at_keyboard: int | None = None
        self._seen: dict[int, int] = {}
        self.log: list[str] = []
        self._pending: list[LogNote] = []
        self._last_human = False
        self.state = self._replay()

    @property
    def path(self) -> Path:
        """The file the record is saved to."""
        return self.writer.path

    def _replay(self) -> State:
        """Rebuild the recorded position, drawing each past roll again to keep the dice in step."""
        record = self.writer.record
        seed = record.seed
        base = seed if seed is not None else secrets.randbits(62)
        self.chance_rng = make_rng(derive_seed(base, "chance"))
        state = self.game.new_initial_state()
        for data in record.actions:
            if state.is_chance_node():
                state.sample_chance(self.chance_rng)
            action = self.game.action_from_json(data)
            for note in apply_and_narrate(self.view, state, action, self.viewer):
                self.log.append(f"── {note.text} ──" if note.rule else note.text)
        del self.log[:-LOG_SHOWN]
        n = len(record.actions)
        # A fresh game uses exactly alea.play's generators; a resumed one gets its own.
        self.agent_rngs: list[random.Random] = [
            make_rng(derive_seed(base, f"seat{i}" if n == 0 else f"seat{i}/resume{n}"))
            for i in range(self.game.num_players)
        ]
        return state

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until a human quits); return the process exit code."""
        state = self.state
        try:
            if self.writer.record.actions and not self.quiet:
                self._show_board(self.viewer)
            while not state.is_terminal():
                player = state.current_player()
                if player < 0:
                    action = state.sample_chance(self.chance_rng)
                    self._play(action, by_bot=not self._last_human)
                    continue
                seat = self.seats[player]
                self._last_human = seat.human
                if seat.agent is None:
                    self._flush()
                    self._play(self._ask(player), by_bot=False)
                else:
                    self._play(self._bot_action(seat, seat.agent, player), by_bot=True)
        except _Quit:
            path = escape(str(self.path))
            return self._stopped(
                0, f"Game saved in [bold]{path}[/bold]. Continue it with: alea play --resume {path}"
            )
        except KeyboardInterrupt:
            path = escape(str(self.path))
            return self._stopped(
                130,
                f"\nInterrupted: the game so far is saved in {path} "
                f"(continue with: alea play --resume {path})",
            )
        except EOFError:
            return self._stopped(
                1,
                f"alea: input ended before the game did; it is saved in {self.path} "
                f"(continue with: alea play --resume {self.path})",
                error=True,
            )
        except BotError as exc:
            return self._stopped(
                1, f"alea: error: {exc}; the game so far is saved in {self.path}", error=True
            )
        self._flush()
        self.writer.record.result = result_of(state)
        self.writer.save()
        self.console.rule("Final position")
        self.view.render(state, self.console, None)
        for line in result_lines(state):
            self.console.print(line)
        self.console.print(
            f"Game record: [bold]{escape(str(self.path))}[/bold] "
            f"(watch it again with: alea replay {escape(str(self.path))})",
            soft_wrap=True,
        )
        return 0

    def _stopped(self, code: int, message: str, *, error: bool = False) -> int:
        """Save a game cut short, say where (on stderr for an error) and return ``code``."""
        self._flush()
        self._save_now(final=True)
        if error:
            print(message, file=sys.stderr)
        else:
            self.console.print(message, soft_wrap=True)
        return code

    def _bot_action(self, seat: Seat, agent: Agent, player: int) -> Action:
        try:
            if agent.name == "mcts" and self.console.is_terminal and not self.quiet:
                # A search bot may take seconds a decision: show that it is thinking.
                with self.console.status(f"{seat.name} ({seat.describe()}) is thinking…"):
                    return agent.act(self.state, player, self.agent_rngs[player])
            return agent.act(self.state, player, self.agent_rngs[player])
        except (AleaError, ValueError) as exc:
            raise BotError(f"{seat.name}'s player ({seat.describe()}) failed: {exc}") from None

    def _play(self, action: Action, *, by_bot: bool) -> None:
        if self.quiet:
            self.state.apply_action(action)
            notes: Sequence[LogNote] = ()
        else:
            notes = apply_and_narrate(self.view, self.state, action, self.viewer)
        self.writer.append(action.to_json())
        self.writer.save()
        for note in notes:
            self._note(note, groupable=by_bot)
        if by_bot and self.delay > 0:
            self._flush()
            time.sleep(self.delay)

    def _save_now(self, *, final: bool) -> None:
        if final:
            self.writer.record.result = result_of(self.state)
        self.writer.save()

    # -- the log ----------------------------------------------------------------------------

    def _note(self, note: LogNote, *, groupable: bool) -> None:
        if groupable and note.group is not None and self.delay <= 0:
            if self._pending and self._pending[0].group == note.group:
                self._pending.append(note)
                return
            self._flush()
            self._pending = [note]
            return
        self._flush()
        self._emit(note.text, rule=note.rule)

    def _flush(self) -> None:
        if self._pending:
            line = merge(self._pending)
            self._pending = []
            self._emit(line, rule=False)

    def _emit(self, line: str, *, rule: bool) -> None:
        self.log.append(f"── {line} ──" if rule else line)
        if self.quiet:
            return
        if rule:
            if self.delay > 0:
                self._show_board(self.viewer)
            self.console.rule(line, style="dim")
        else:
            self.console.print(line, highlight=False)

    # -- a human's turn -----------------------------------------------------------------------

    def _show_board(self, seat: int | None) -> None:
        self.view.render(self.state, self.console, seat)

    def _choice_text(self, player: int, action: Action) -> str:
        text = self.state.action_to_string(action)
        name = self.game.player_names[player]
        if text.startswith(name + " "):
            text = text[len(name) + 1 :]
        return text

    def _show_choices(self, player: int, actions: Sequence[Action], only: Sequence[int]) -> None:
        if self.view.choice_rows is None:
            items = [
                Text.assemble(
                    (f"{i + 1:>3}.", "bold cyan"), " ", self._choice_text(player, actions[i])
                )
                for i in only
            ]
            self.console.print(Columns(items, padding=(0, 3), column_first=True))
            return
        self.console.print(
            choices_grid(self.view.choice_rows(self.state, actions, only)), highlight=False
        )

    def _hand_over(self, player: int) -> None:
        """Clear the screen and wait until the next seat's player has the keyboard.

        The screen (and, in a terminal, its scrollback) is cleared before the prompt, so the
        seat that just played leaves nothing private behind; the seat taking over then sees
        the log lines shown since it last had the keyboard.
        """
        name = self.game.player_names[player]
        if self._at_keyboard is not None:
            self._seen[self._at_keyboard] = len(self.log)
        self.clear_screen()
        self.read_line(f"Pass the keyboard to {name}; {name}, press Enter when ready > ")
        self.clear_screen()
        self._at_keyboard = player
        missed = self.log[self._seen.get(player, 0) :]
        if missed:
            self.console.rule("Since your last turn" if player in self._seen else "So far")
            for line in missed[-LOG_SHOWN:]:
                self.console.print(line, highlight=False)

    def clear_screen(self) -> None:
        """Clear the terminal, scrollback included; in a transcript, a divider stands for it."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCREEN)
            self.console.file.flush()
        else:
            self.console.rule("the keyboard changes hands", characters="=")

    def _ask(self, player: int) -> Action:
        if self.hot_seat and player != self._at_keyboard:
            self._hand_over(player)
        actions = self.state.legal_actions()
        name = self.game.player_names[player]
        everything = range(len(actions))
        line = self.view.brief(self.state, player) if self.view.brief is not None else None
        if line is None:
            self._show_board(player)
        else:
            self.console.print(line, highlight=False)
        self.console.print(f"[bold]{escape(name)}[/bold], choose an action:")
        self._show_choices(player, actions, everything)
        n = len(actions)
        while True:
            answer = self.read_line(f"{name} [1-{n}, help]> ").strip()
            word = answer.lower()
            if answer.isdigit():
                k = int(answer)
                if 1 <= k <= n:
                    return actions[k - 1]
                self._say(f"There is no action {k}: choose a number from 1 to {n}.")
            elif not answer:
                self._say(f"Type the number of an action (1 to {n}), or help.")
            elif word in ("help", "?", "h"):
                self._help()
            elif word == "hand" and self.view.private is not None:
                self.view.private(self.state, self.console, player)
            elif word == "rules":
                self._rules()
            elif word in ("board", "b"):
                self._show_board(player)
                self._show_choices(player, actions, everything)
            elif word in ("list", "l", "ls"):
                self._show_choices(player, actions, everything)
            elif word == "log":
                for line in self.log[-LOG_SHOWN:]:
                    self.console.print(line, highlight=False)
                if not self.log:
                    self._say("Nothing has happened yet.")
            elif word == "save":
                self._save_now(final=False)
                self.console.print(f"Saved in {escape(str(self.path))}.", soft_wrap=True)
            elif word in ("quit", "q", "exit"):
                raise _Quit
            elif self.view.command is None or not self.view.command(
                self.state, self.console, player, answer
            ):
                self._filter(player, actions, answer)

    def _filter(self, player: int, actions: Sequence[Action], answer: str) -> None:
        find, dest = self.view.find_place, self.view.destination
        target = find(answer) if find is not None else None
        if target is None or dest is None:
            self._say(
                f"{answer!r} is not a choice: type a number from 1 to {len(actions)}, "
                "a place, or help."
            )
            return
        hits = [i for i, a in enumerate(actions) if dest(a) == target]
        if not hits:
            self._say(f"No action of yours ends at {answer.strip()} now.")
            return
        self._show_choices(player, actions, hits)

    def _say(self, line: str) -> None:
        self.console.print(escape(line), style="yellow", highlight=False)

    def _help(self) -> None:
        guide = self.view.guide_text(self.game.options)
        if guide:
            self.console.print(guide, highlight=False)
        self.console.print("[bold]Commands[/bold] (type at the prompt):")
        for cmd, what in (*COMMANDS, *self.view.commands):
            self.console.print(f"  [cyan]{cmd:<8}[/cyan] {escape(what)}", highlight=False)

    def _rules(self) -> None:
        text = rules_text(self.game)
        if text is None:
            self._say(f"The rules of {self.game.name} are not packaged with this version.")
            return
        doc = Markdown(text)
        if self.console.is_terminal and sys.stdin.isatty():
            with self.console.pager(styles=False):
                self.console.print(doc)
        else:
            self.console.print(doc)


def choices_grid(rows: list[tuple[str, list[tuple[int, str]]]]) -> Table:
    """Numbered choices in labelled rows (a game's ``choice_rows``), as the prompt shows them."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True, style="dim")
    grid.add_column()
    for label, entries in rows:
        cells = [
            Text.from_markup(f"[bold cyan]{i + 1}[/bold cyan] {text}", overflow="ellipsis")
            for i, text in entries
        ]
        for cell in cells:
            cell.no_wrap = True
        grid.add_row(escape(label), Columns(cells, padding=(0, 3)))
    return grid


def seats_line(seats: Sequence[Seat], game: str | None = None) -> str:
    """A line naming who plays each seat; with ``game``, a level's rating there beside it."""
    rated = level_ratings(game) if game else {}

    def who(seat: Seat) -> str:
        level = seat.spec()["name"]
        if level in rated and level != "normal":
            return f"{seat.describe()} ({rated[level].text()})"
        return seat.describe()

    return ", ".join(f"{s.name}: {who(s)}" for s in seats)

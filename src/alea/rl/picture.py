"""What ``render()`` returns: text for ``"ansi"``, a picture for ``"rgb_array"``.

Both are drawn from ``state.observation(seat)`` (a spectator's view by default). The text is
the terminal front end's own view of the game, captured without colours. The picture is the
game's SVG board (``alea.render``) rasterised by cairosvg when that optional package imports,
else the codec's small numpy drawing of the same observation.
"""

from __future__ import annotations

import importlib
import io
from typing import Final, Protocol

import numpy as np
from gymnasium import logger
from rich.console import Console

from alea.core.game import State
from alea.render import NoRendererError, render_observation
from alea.rl.codecs.base import GameCodec, ObservationEncoder
from alea.rl.pixels import RgbArray
from alea.terminal.views import renderer_for

RENDER_MODES: Final = ("ansi", "rgb_array")
BACKENDS: Final = ("auto", "cairosvg", "numpy")
"""``render_backend`` values: the SVG if possible, the SVG or an error, numpy only."""


class RenderBackendError(RuntimeError):
    """The requested rasteriser is not available."""


def ansi_text(state: State, seat: int | None, width: int = 120) -> str:
    """The terminal view of ``state`` as ``seat`` sees it, as plain text."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    renderer_for(state.game.name)(state, console, seat)
    return buffer.getvalue()


def rasterise_svg(svg: str) -> RgbArray:
    """An SVG document as an ``H x W x 3`` uint8 array, through cairosvg and Pillow.

    Raises:
        RenderBackendError: cairosvg, the cairo library under it, or Pillow is missing.

    """
    try:
        cairosvg = importlib.import_module("cairosvg")
        image = importlib.import_module("PIL.Image")
    except (ImportError, OSError) as exc:
        raise RenderBackendError(
            f"the SVG board needs cairosvg and Pillow ({exc}): pip install cairosvg, "
            "or use render_backend='numpy'"
        ) from None
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    with image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.uint8).copy()


class Drawable(Protocol):
    """What ``render_for`` reads of an environment."""

    render_mode: str | None
    render_backend: str
    game_state: State
    codec: GameCodec


def render_for(env: Drawable, seat: int | None) -> str | RgbArray | None:
    """What ``env.render()`` returns in its mode, as ``seat`` sees it (None for no mode)."""
    if env.render_mode is None:
        logger.warn("render() was called with no render_mode set; nothing drawn")
        return None
    if env.render_mode == "ansi":
        return ansi_text(env.game_state, seat)
    return rgb_picture(env.game_state, seat, env.codec.observations, env.render_backend)


def rgb_picture(
    state: State, seat: int | None, encoder: ObservationEncoder, backend: str = "auto"
) -> RgbArray:
    """The picture of ``state`` as ``seat`` sees it (see ``BACKENDS``)."""
    if backend not in BACKENDS:
        raise ValueError(f"render_backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    obs = state.observation(seat)
    if backend != "numpy":
        try:
            return rasterise_svg(render_observation(state.game.name, obs))
        except (RenderBackendError, NoRendererError):
            if backend == "cairosvg":
                raise
    return encoder.draw(obs)


def check_render(render_mode: str | None, render_backend: str, max_steps: int | None) -> None:
    """Raise ``ValueError`` naming a render mode, picture backend or step limit an env refuses."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {RENDER_MODES}")
    if render_backend not in BACKENDS:
        raise ValueError(f"render_backend must be one of {BACKENDS}, not {render_backend!r}")
    if max_steps is not None and max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, not {max_steps}")

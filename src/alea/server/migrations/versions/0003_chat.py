"""Chat, whose turn each game waits for, and time controls.

``chat`` holds the lines players and spectators wrote in a game.
``n`` numbers a game's lines from 1; ``seat`` is the writer's seat (null for a spectator);
``author`` is the name shown with the line, fixed when it was written; ``kind`` is ``say`` for
what someone wrote and ``note`` for what the server tells the table (a move taken back).
``games.to_move`` is the seat the stored position waits for (-1 chance, -4 over; null for
games stored before it), so a player's list of games needs no replay. ``games.clock`` is the
game's time control and its seats' clocks (JSON, null: none) and ``games.clock_deadline`` the
moment the running clock runs out, so the clocks run on through a restart.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the chat table and add ``games.to_move``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("to_move", sa.Integer, nullable=True))
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_clock_deadline", "games", ["clock_deadline"])
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False, server_default="say"),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("chat")
    op.drop_index("ix_games_clock_deadline", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock_deadline")
        batch.drop_column("clock")
        batch.drop_column("to_move")

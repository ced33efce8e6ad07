"""Chat: the lines players and spectators wrote in a game.

``n`` numbers a game's lines from 1; ``seat`` is the writer's seat (null for a spectator);
``author`` is the name shown with the line, fixed when it was written; ``kind`` is ``say`` for
what someone wrote and ``note`` for what the server tells the table (a move taken back).

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
    """Create the chat table."""
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
    """Drop it."""
    op.drop_table("chat")

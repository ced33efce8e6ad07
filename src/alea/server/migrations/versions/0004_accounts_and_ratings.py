"""Player accounts, their sign-in sessions and seats, and ratings per game.

``accounts`` are players who registered a name and a password (an Argon2id hash, never the
password). ``name_key`` is the name folded for comparison, so that two accounts never differ
by case alone. ``sessions`` are the signed-in browsers: the SHA-256 digest of the cookie's
token, its account, and when it stops being valid; signing out deletes the row.
``account_seats`` ties a seat of a game to the account that created or joined it, with the
seat's token, so that the account (and nobody else) can open the seat from another device.
``ratings`` holds one rating per player and game (``player`` is ``account:<id>`` or
``bot:<level>``), and ``rated_games`` one row per finished game the ratings have seen: its
primary key is what makes a game count once, whichever process finishes it.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the accounts, sessions, account seats, ratings and rated games tables."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("rated_games")
    op.drop_table("ratings")
    op.drop_index("ix_account_seats_account_id", "account_seats")
    op.drop_table("account_seats")
    op.drop_index("ix_sessions_expires", "sessions")
    op.drop_index("ix_sessions_account_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")

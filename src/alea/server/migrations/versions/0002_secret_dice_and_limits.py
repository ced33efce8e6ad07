"""Secret dice, the creating client and the digest of imported records.

``secret``: the hexadecimal secret every chance outcome of the game derives from (null for games
stored before secrets, which keep their seed's dice). ``seed`` may be null: a game with a secret
needs none. ``client``: a digest of the address that created the game, to cap the games one
client keeps open. ``record_hash``: the digest of an imported record, so importing the same
record again stores nothing new.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the three columns and their indexes; let ``seed`` be null."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("secret", sa.String(128), nullable=True))
        batch.add_column(sa.Column("client", sa.String(64), nullable=True))
        batch.add_column(sa.Column("record_hash", sa.String(64), nullable=True))
        batch.alter_column("seed", existing_type=sa.Integer, nullable=True)
    op.create_index("ix_games_client", "games", ["client"])
    op.create_index("ix_games_record_hash", "games", ["record_hash"])


def downgrade() -> None:
    """Drop them again (games with a secret and no seed get seed 0)."""
    op.drop_index("ix_games_record_hash", "games")
    op.drop_index("ix_games_client", "games")
    op.execute("UPDATE games SET seed = 0 WHERE seed IS NULL")
    with op.batch_alter_table("games") as batch:
        batch.alter_column("seed", existing_type=sa.Integer, nullable=False)
        batch.drop_column("record_hash")
        batch.drop_column("client")
        batch.drop_column("secret")

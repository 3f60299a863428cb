-- Games and their moves. A challenge is a game row whose status is 'open'.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    -- Opaque channel id with a platform prefix, e.g. 'discord:1234' or 'console:main'.
    channel       TEXT    NOT NULL,
    status        TEXT    NOT NULL
                  CHECK (status IN ('open', 'active', 'finished', 'declined', 'cancelled', 'expired')),
    challenger_id TEXT    NOT NULL,
    -- The players by their colour at the start; a swap exchanges colours, and is in `moves`.
    black_id      TEXT    NOT NULL,
    black_name    TEXT    NOT NULL,
    white_id      TEXT    NOT NULL,
    white_name    TEXT    NOT NULL,
    -- Options.
    size          INTEGER NOT NULL CHECK (size BETWEEN 3 AND 16),
    pile          INTEGER NOT NULL CHECK (pile BETWEEN 0 AND 1000),
    win_rule      TEXT    NOT NULL CHECK (win_rule IN ('delayed', 'immediate')),
    start_code    TEXT    NOT NULL,
    -- Result: the winning colour (NULL for a draw or an abort), its player, and the reason.
    winner        TEXT    CHECK (winner IN ('black', 'white')),
    winner_id     TEXT,
    reason        TEXT,
    -- Open offers: the user who offered a draw, or asked to take back a move.
    draw_offer_by TEXT,
    takeback_by   TEXT,
    -- Unix seconds.
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    last_move_at  INTEGER,
    finished_at   INTEGER,
    -- Bumped by every change; writers update only the version they read.
    version       INTEGER NOT NULL DEFAULT 0
);

-- One open challenge or active game per channel.
CREATE UNIQUE INDEX games_one_per_channel ON games (channel) WHERE status IN ('open', 'active');
CREATE INDEX games_by_black ON games (black_id, status);
CREATE INDEX games_by_white ON games (white_id, status);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL CHECK (ply >= 0),
    -- Canonical notation: F6, A2-D3', swap.
    notation  TEXT    NOT NULL,
    -- The position code after the move.
    code      TEXT    NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- What is due without anyone acting, and the notices the service decides to send.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- When something is next due for a game (an open challenge expires; later, a clock runs
-- out), in Unix seconds. The scheduler wakes at the smallest one.
ALTER TABLE games ADD COLUMN deadline_at INTEGER;
UPDATE games SET deadline_at = created_at + 86400 WHERE status = 'open';
CREATE INDEX games_by_deadline ON games (deadline_at)
    WHERE deadline_at IS NOT NULL AND status IN ('open', 'active');

-- Notices the service decided to send outside a reply (a message to a channel, a direct
-- message), written in the same transaction as the decision. A front end delivers each one
-- and marks it delivered; failures are retried with backoff and given up after a few tries.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    -- The front end that delivers it: the target's platform prefix ('discord', 'console').
    platform     TEXT    NOT NULL,
    target_kind  TEXT    NOT NULL CHECK (target_kind IN ('channel', 'user')),
    -- Opaque channel or user id with its platform prefix.
    target       TEXT    NOT NULL,
    game_id      INTEGER REFERENCES games (id),
    -- The notice as JSON: text, mentions, channels, buttons, and the board to draw.
    payload      TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    -- When the next delivery attempt is due.
    due_at       INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    delivered_at INTEGER,
    gave_up_at   INTEGER
);
CREATE INDEX outbox_pending ON outbox (platform, due_at)
    WHERE delivered_at IS NULL AND gave_up_at IS NULL;

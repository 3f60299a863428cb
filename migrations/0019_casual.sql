-- Casual play (issue 43): rematches, open challenges, and following a game or a player.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- The finished game a challenge (or a game against the AI) is the rematch of. A game has at
-- most one live rematch at a time: the service looks for one in the transaction that would
-- make another (SQLite's single writer, PostgreSQL's SERIALIZABLE writes).
ALTER TABLE games ADD COLUMN rematch_of INTEGER;
CREATE INDEX games_by_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;

-- An open challenge: posted to anyone in the channel (its free seat holds 'open:anyone'
-- until someone takes it), optionally only for players rated within a range on the server.
ALTER TABLE games ADD COLUMN open_to_anyone INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_min INTEGER;
ALTER TABLE games ADD COLUMN rating_max INTEGER;

-- Who follows what: a game (its moves and result) or a player (the start of each new game
-- of theirs), by direct message; only within the server (or, without servers, the channel's
-- platform) where the follow was asked.
CREATE TABLE follows (
    follower_id TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('game', 'player')),
    -- The game's number, or the player's user id.
    target      TEXT    NOT NULL,
    -- The followed player's name as it was when followed, for the list.
    target_name TEXT    NOT NULL,
    server      TEXT,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (follower_id, kind, target)
);
CREATE INDEX follows_by_target ON follows (kind, target);

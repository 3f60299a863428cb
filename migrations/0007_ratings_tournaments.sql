-- Glicko-2 ratings (per server and global), their history, rated games, and tournaments.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- Whether the game counts for ratings (the challenge's `rated` option; tournaments' setting).
-- Games before this migration were casual.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- A player's current rating in one scope: a server ('discord:GUILD', 'console', a Matrix
-- space or room) or '*' for the global rating.
CREATE TABLE ratings (
    user_id      TEXT    NOT NULL,
    scope        TEXT    NOT NULL,
    -- The name the player had at their last rated game, for leaderboards.
    name         TEXT    NOT NULL,
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    -- Unix seconds; the deviation grows from here while the player is idle.
    last_game_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, scope)
) WITHOUT ROWID;
CREATE INDEX ratings_by_scope ON ratings (scope, rating DESC);

-- Each rated game's effect on each player, in each scope: before and after.
CREATE TABLE rating_history (
    game_id          INTEGER NOT NULL REFERENCES games (id),
    user_id          TEXT    NOT NULL,
    scope            TEXT    NOT NULL,
    rating_before    REAL    NOT NULL,
    deviation_before REAL    NOT NULL,
    rating           REAL    NOT NULL,
    deviation        REAL    NOT NULL,
    volatility       REAL    NOT NULL,
    at               INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id, scope)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_user ON rating_history (user_id, scope, at);

-- Tournaments. One tournament in sign-up, running or paused per channel: the channel where
-- it was created holds the sign-up message, the pairings and the standings.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    server         TEXT,
    channel        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    organiser_id   TEXT    NOT NULL,
    organiser_name TEXT    NOT NULL,
    format         TEXT    NOT NULL CHECK (format IN ('swiss', 'roundrobin')),
    -- Round robin: each pairing plays twice, colours reversed.
    double         INTEGER NOT NULL DEFAULT 0,
    -- Planned rounds; NULL until the start for a Swiss with the default count.
    rounds         INTEGER,
    time_control   TEXT    NOT NULL,
    size           INTEGER NOT NULL CHECK (size BETWEEN 3 AND 16),
    pile           INTEGER NOT NULL CHECK (pile BETWEEN 0 AND 1000),
    win_rule       TEXT    NOT NULL CHECK (win_rule IN ('delayed', 'immediate')),
    rated          INTEGER NOT NULL DEFAULT 1,
    -- Whether vacations stop the clocks of this tournament's games.
    vacation       INTEGER NOT NULL DEFAULT 0,
    max_players    INTEGER,
    status         TEXT    NOT NULL
                   CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    -- The round being played (0 before the start).
    current_round  INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
);
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel)
    WHERE status IN ('signup', 'running', 'paused');

-- Entrants, numbered from 1 in the order they joined (the pairing module's player ids).
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player        INTEGER NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    -- The rating at the start (seeds round 1); the server rating, 1500 for new players.
    rating        REAL    NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    joined_at     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player),
    UNIQUE (tournament_id, user_id)
) WITHOUT ROWID;

-- Pairings by round and board; board 0 is the bye (no second player, no game). A round
-- robin stores its whole schedule at the start; games are made when their round begins.
-- result: 'first', 'second', 'draw' (played), 'first-forfeit', 'second-forfeit',
-- 'both-forfeit' (the named side forfeited), NULL while being played.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 0),
    first         INTEGER NOT NULL,
    second        INTEGER,
    game_id       INTEGER REFERENCES games (id),
    result        TEXT CHECK (result IN ('first', 'second', 'draw', 'first-forfeit',
                                         'second-forfeit', 'both-forfeit')),
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_pairings_by_game ON tournament_pairings (game_id)
    WHERE game_id IS NOT NULL;

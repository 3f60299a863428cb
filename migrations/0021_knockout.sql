-- Knockout tournaments (issue 43): single elimination (double elimination later) beside Swiss
-- and round robin, sharing their tables. Landed migrations are never edited: add a new
-- NNNN_name.sql instead.
--
-- The format's CHECK grows, which SQLite does only by rebuilding the table. Entrants and
-- pairings refer to it; with foreign keys on (and they cannot be switched off inside the
-- migration's transaction) dropping the old table counts their rows as violations, deferred to
-- the commit, and putting the rows back into the new table under the old name clears them.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE tournaments_before_0021 AS SELECT * FROM tournaments;
CREATE TABLE tournaments_0021 (
    id             INTEGER PRIMARY KEY,
    server         TEXT,
    channel        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    organiser_id   TEXT    NOT NULL,
    organiser_name TEXT    NOT NULL,
    format         TEXT    NOT NULL
                   CHECK (format IN ('swiss', 'roundrobin', 'single', 'double')),
    double         INTEGER NOT NULL DEFAULT 0,
    rounds         INTEGER,
    time_control   TEXT    NOT NULL,
    size           INTEGER NOT NULL CHECK (size BETWEEN 3 AND 16),
    pile           INTEGER NOT NULL CHECK (pile BETWEEN 0 AND 1000),
    win_rule       TEXT    NOT NULL CHECK (win_rule IN ('delayed', 'immediate')),
    rated          INTEGER NOT NULL DEFAULT 1,
    vacation       INTEGER NOT NULL DEFAULT 0,
    max_players    INTEGER,
    status         TEXT    NOT NULL
                   CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    current_round  INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    signup_message TEXT,
    version        INTEGER NOT NULL DEFAULT 0,
    -- Knockout only (NULL otherwise): games per match (1, 3, 5 or 7), what decides a level
    -- match, how the seeds are drawn, and the seed of the random draw and of the lots.
    best_of        INTEGER CHECK (best_of IN (1, 3, 5, 7)),
    tie_rule       TEXT    CHECK (tie_rule IN ('extra-game', 'higher-seed')),
    seeding        TEXT    CHECK (seeding IN ('rating', 'random')),
    draw_seed      INTEGER
);
DROP TABLE tournaments;
ALTER TABLE tournaments_0021 RENAME TO tournaments;
INSERT INTO tournaments (id, server, channel, name, organiser_id, organiser_name, format, double,
    rounds, time_control, size, pile, win_rule, rated, vacation, max_players, status,
    current_round, created_at, signup_message, version)
    SELECT id, server, channel, name, organiser_id, organiser_name, format, double, rounds,
    time_control, size, pile, win_rule, rated, vacation, max_players, status, current_round,
    created_at, signup_message, version FROM tournaments_before_0021;
DROP TABLE tournaments_before_0021;
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel)
    WHERE status IN ('signup', 'running', 'paused');
CREATE INDEX tournaments_by_server ON tournaments (server, id);

-- A knockout entrant's seed (1 the best): the organiser's choice before the start (`tournament
-- seed`), every entrant's at the start.
ALTER TABLE tournament_entrants ADD COLUMN seed INTEGER;

-- A knockout's pairing (tournament_pairings: first the better seed, second the other or NULL
-- for a bye, game_id the game being played, result the match's: 'first' or 'second-forfeit'
-- when the better seed went through, a bye included) is a match of several games, one after
-- the other. number counts from 1; high_first: whether the better seed moved first.
CREATE TABLE knockout_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    number        INTEGER NOT NULL CHECK (number >= 1),
    game_id       INTEGER NOT NULL REFERENCES games (id),
    high_first    INTEGER NOT NULL,
    result        TEXT CHECK (result IN ('first', 'second', 'draw', 'first-forfeit',
                                         'second-forfeit', 'both-forfeit')),
    PRIMARY KEY (tournament_id, round, board, number)
) WITHOUT ROWID;
CREATE UNIQUE INDEX knockout_games_by_game ON knockout_games (game_id);

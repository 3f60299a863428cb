-- PostgreSQL twin of ../0021_knockout.sql (knockout tournaments, issue 43). Landed migrations
-- are never edited.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_format_check
    CHECK (format IN ('swiss', 'roundrobin', 'single', 'double'));
ALTER TABLE tournaments ADD COLUMN best_of BIGINT CHECK (best_of IN (1, 3, 5, 7));
ALTER TABLE tournaments ADD COLUMN tie_rule TEXT CHECK (tie_rule IN ('extra-game', 'higher-seed'));
ALTER TABLE tournaments ADD COLUMN seeding TEXT CHECK (seeding IN ('rating', 'random'));
ALTER TABLE tournaments ADD COLUMN draw_seed BIGINT;
ALTER TABLE tournament_entrants ADD COLUMN seed BIGINT;
CREATE TABLE knockout_games (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         BIGINT  NOT NULL,
    board         BIGINT  NOT NULL,
    number        BIGINT  NOT NULL CHECK (number >= 1),
    game_id       BIGINT  NOT NULL REFERENCES games (id),
    high_first    BIGINT  NOT NULL,
    result        TEXT CHECK (result IN ('first', 'second', 'draw', 'first-forfeit',
                                         'second-forfeit', 'both-forfeit')),
    PRIMARY KEY (tournament_id, round, board, number)
);
CREATE UNIQUE INDEX knockout_games_by_game ON knockout_games (game_id);

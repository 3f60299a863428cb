-- PostgreSQL twin of ../0023_checkin.sql (check-in, issue 43). Landed migrations are never
-- edited.
CREATE TABLE tournament_checkins (
    tournament_id  BIGINT PRIMARY KEY REFERENCES tournaments (id),
    window_seconds BIGINT NOT NULL CHECK (window_seconds BETWEEN 600 AND 86400),
    closes_at      BIGINT
);
CREATE INDEX tournament_checkins_by_close ON tournament_checkins (closes_at)
    WHERE closes_at IS NOT NULL;
ALTER TABLE tournament_entrants ADD COLUMN checked_in BIGINT NOT NULL DEFAULT 0;

-- Whether a withdrawn entrant was taken out by the organiser (a disqualification, 1) rather
-- than withdrawing themselves (0): the bracket, the web page and the standings say which.
ALTER TABLE tournament_entrants ADD COLUMN disqualified BIGINT NOT NULL DEFAULT 0;

-- A knockout's round deadline (`deadline:3d` at creation): its length, and while a round
-- runs, that round and when its deadline falls (NULL once applied). When it passes, each
-- undecided match of the round is decided by its score, a level one by the higher seed.
CREATE TABLE round_deadlines (
    tournament_id BIGINT PRIMARY KEY REFERENCES tournaments (id),
    seconds       BIGINT NOT NULL CHECK (seconds BETWEEN 3600 AND 5184000),
    round         BIGINT,
    due_at        BIGINT
);

-- The matches a round deadline decided, so that the bracket says so rather than "won".
CREATE TABLE deadline_matches (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

-- Check-in (issue 43): an optional window before a tournament's start in which entrants
-- confirm; at its close those who did not are dropped and the draw is made from the others.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
--
-- A tournament's check-in: its window's length (the organiser's `check-in:30m` at creation,
-- else the default when opened by `tournament check-in`) and, while it is open, when it
-- closes (NULL before it opens and after the start). A tournament without a row has none.
CREATE TABLE tournament_checkins (
    tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments (id),
    window_seconds INTEGER NOT NULL CHECK (window_seconds BETWEEN 600 AND 86400),
    closes_at      INTEGER
);
CREATE INDEX tournament_checkins_by_close ON tournament_checkins (closes_at)
    WHERE closes_at IS NOT NULL;

-- Whether an entrant confirmed in the open window (1) or not yet (0).
ALTER TABLE tournament_entrants ADD COLUMN checked_in INTEGER NOT NULL DEFAULT 0;

-- Whether a withdrawn entrant was taken out by the organiser (a disqualification, 1) rather
-- than withdrawing themselves (0): the bracket, the web page and the standings say which.
ALTER TABLE tournament_entrants ADD COLUMN disqualified INTEGER NOT NULL DEFAULT 0;

-- A knockout's round deadline (`deadline:3d` at creation): its length, and while a round
-- runs, that round and when its deadline falls (NULL once applied). When it passes, each
-- undecided match of the round is decided by its score, a level one by the higher seed.
CREATE TABLE round_deadlines (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
    seconds       INTEGER NOT NULL CHECK (seconds BETWEEN 3600 AND 5184000),
    round         INTEGER,
    due_at        INTEGER
);

-- The matches a round deadline decided, so that the bracket says so rather than "won".
CREATE TABLE deadline_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

-- PostgreSQL twin of ../0020_analysis.sql. Post-game analysis (issue 44): one row per finished game someone asked to have analysed.
-- The row is the queue entry while `done_at` is NULL (claimed by a worker until
-- `lease_until`, as `claims` does for the AI's moves), then the stored result, so that asking
-- again answers from here. Landed migrations are never edited: add a new NNNN_name.sql instead.
CREATE TABLE analyses (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id),
    -- Who asked, and where the result is posted.
    requested_by TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    requested_at BIGINT  NOT NULL,
    -- The worker holding the job, and until when (Unix seconds).
    owner        TEXT,
    lease_until  BIGINT,
    -- Positions evaluated so far, of `positions`, while it runs.
    progress     BIGINT  NOT NULL DEFAULT 0,
    positions    BIGINT  NOT NULL DEFAULT 0,
    done_at      BIGINT,
    -- The evaluations, one per move, as JSON (service/src/service/analysis.rs, `StoredEval`).
    evals        TEXT
);
CREATE INDEX analyses_queue ON analyses (done_at, requested_at, game_id);

-- Claims with leases, for what must happen once when several processes share one database
-- (issue 29). A process claims an item for a while (its lease), acts, and acknowledges; only
-- the owner acknowledges, and an item whose lease ran out (its process died) may be claimed
-- by another.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- A notice's claim: the delivery loop that holds it (its lease ends at `due_at`, when the
-- notice is due again). Only that loop marks it delivered or failed.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;

-- Claims on due games: `deadline` (the tick settling a game whose deadline passed) and `ai`
-- (an AI worker thinking of a move), by item (the game's id), until `lease_until` (Unix seconds).
CREATE TABLE claims (
    kind  TEXT    NOT NULL CHECK (kind IN ('deadline', 'ai')),
    item  INTEGER NOT NULL,
    owner TEXT    NOT NULL,
    lease_until INTEGER NOT NULL,
    PRIMARY KEY (kind, item)
) WITHOUT ROWID;

-- Leases on a role only one process may have at a time, by name (`matrix:@akron:example.org`:
-- the Matrix account a process runs), until `lease_until`; the holder renews it while it
-- runs, and another process may take it once it ran out.
CREATE TABLE leases (
    name        TEXT    PRIMARY KEY,
    owner       TEXT    NOT NULL,
    lease_until INTEGER NOT NULL
) WITHOUT ROWID;

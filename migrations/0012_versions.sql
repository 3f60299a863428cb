-- A version on each row that is read, decided on and written back outside a game: a writer
-- updates the row only at the version it read and bumps it, so two processes (or a database
-- without SQLite's single writer) can never both act on one reading. A stale writer changes
-- nothing and tries again on fresh reads.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.

-- A tournament: every result recorded and every round opened bumps it, so the check that a
-- round is complete and the opening of the next one happen once.
ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- A player's rating in one scope: a rated game reads it, computes the new one and writes it
-- back; a second game ending at the same moment must not overwrite it with a stale one.
ALTER TABLE ratings ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- PostgreSQL twin of ../0022_double.sql (double elimination, issue 43): whether a bracket
-- reset is played (1 yes, 0 no; NULL for every other format). Landed migrations are never
-- edited.
ALTER TABLE tournaments ADD COLUMN bracket_reset BIGINT CHECK (bracket_reset IN (0, 1));

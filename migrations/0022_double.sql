-- Double elimination (issue 43): whether a bracket reset is played when the losers' bracket's
-- winner wins the grand final (1 yes, 0 no; NULL for every other format). The format 'double'
-- is allowed since 0021. Landed migrations are never edited: add a new NNNN_name.sql instead.
ALTER TABLE tournaments ADD COLUMN bracket_reset INTEGER CHECK (bracket_reset IN (0, 1));

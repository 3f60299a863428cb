-- Finding a channel's game by its channel (issue 29: one move with 100,000 running games).
-- The only index on games.channel was the partial unique one for games that live in the
-- channel itself (wants_thread = 0), which the lookups of a command do not name, so each
-- command read every game: the channel's open challenge or active game (any wants_thread,
-- the lowest first), and its latest game in any status.
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
CREATE INDEX games_live_by_channel ON games (channel, wants_thread, id)
    WHERE status IN ('open', 'active');
CREATE INDEX games_by_channel ON games (channel, id);

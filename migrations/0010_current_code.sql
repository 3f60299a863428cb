-- Each game's current position code, kept by triggers in the same statement that changes the
-- moves: `analyze` refuses a running game's current position, and finding one must be a
-- single index look-up however often that position occurs in the history of other games (an
-- opening position is in the history of thousands).
-- Landed migrations are never edited: add a new NNNN_name.sql instead.
ALTER TABLE games ADD COLUMN current_code TEXT;

UPDATE games SET current_code = COALESCE(
    (SELECT code FROM moves WHERE moves.game_id = games.id ORDER BY ply DESC LIMIT 1),
    start_code);

CREATE TRIGGER games_current_code_at_start AFTER INSERT ON games
BEGIN
    UPDATE games SET current_code = NEW.start_code WHERE id = NEW.id;
END;

CREATE TRIGGER games_current_code_after_move AFTER INSERT ON moves
BEGIN
    UPDATE games SET current_code = (
        SELECT code FROM moves WHERE game_id = NEW.game_id ORDER BY ply DESC LIMIT 1)
    WHERE id = NEW.game_id;
END;

CREATE TRIGGER games_current_code_after_takeback AFTER DELETE ON moves
BEGIN
    UPDATE games SET current_code = COALESCE(
        (SELECT code FROM moves WHERE game_id = OLD.game_id ORDER BY ply DESC LIMIT 1),
        start_code)
    WHERE id = OLD.game_id;
END;

CREATE INDEX games_active_by_code ON games (current_code) WHERE status = 'active';
DROP INDEX games_active_by_start;
DROP INDEX moves_by_code;

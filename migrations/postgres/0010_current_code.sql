-- PostgreSQL twin of ../0010_current_code.sql: each game's current position code, kept by
-- triggers in the statement that changes the moves. Landed migrations are never edited.
ALTER TABLE games ADD COLUMN current_code TEXT;

UPDATE games SET current_code = COALESCE(
    (SELECT code FROM moves WHERE moves.game_id = games.id ORDER BY ply DESC LIMIT 1),
    start_code);

-- At the start a game is at its start position (SQLite's trigger sets it after the insert;
-- here it is set on the row being inserted, which has the same effect).
CREATE FUNCTION games_current_code_at_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.current_code := NEW.start_code;
    RETURN NEW;
END;
$$;
CREATE TRIGGER games_current_code_at_start BEFORE INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION games_current_code_at_start();

CREATE FUNCTION games_current_code_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET current_code = (
        SELECT code FROM moves WHERE game_id = NEW.game_id ORDER BY ply DESC LIMIT 1)
    WHERE id = NEW.game_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER games_current_code_after_move AFTER INSERT ON moves
    FOR EACH ROW EXECUTE FUNCTION games_current_code_after_move();

CREATE FUNCTION games_current_code_after_takeback() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET current_code = COALESCE(
        (SELECT code FROM moves WHERE game_id = OLD.game_id ORDER BY ply DESC LIMIT 1),
        start_code)
    WHERE id = OLD.game_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER games_current_code_after_takeback AFTER DELETE ON moves
    FOR EACH ROW EXECUTE FUNCTION games_current_code_after_takeback();

CREATE INDEX games_active_by_code ON games (current_code) WHERE status = 'active';
DROP INDEX games_active_by_start;
DROP INDEX moves_by_code;

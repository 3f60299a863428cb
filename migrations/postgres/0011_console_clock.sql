-- PostgreSQL twin of ../0011_console_clock.sql. Landed migrations are never edited.
CREATE TABLE console_clock (
    id            BIGINT PRIMARY KEY CHECK (id = 1),
    seconds_ahead BIGINT NOT NULL
);

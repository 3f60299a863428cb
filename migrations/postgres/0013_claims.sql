-- PostgreSQL twin of ../0013_claims.sql: claims with leases, for what must happen once when
-- several processes share one database. Landed migrations are never edited.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;

CREATE TABLE claims (
    kind  TEXT    NOT NULL CHECK (kind IN ('deadline', 'ai')),
    item  BIGINT  NOT NULL,
    owner TEXT    NOT NULL,
    lease_until BIGINT NOT NULL,
    PRIMARY KEY (kind, item)
);

CREATE TABLE leases (
    name        TEXT   PRIMARY KEY,
    owner       TEXT   NOT NULL,
    lease_until BIGINT NOT NULL
);

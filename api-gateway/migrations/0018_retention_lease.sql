-- Retention runs on one instance at a time: the one that holds this lease (a row, so that it works
-- alike on PGlite and PostgreSQL and survives a lost connection: it simply expires).
CREATE TABLE retention_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  leased_until timestamptz NOT NULL
);

-- A canary's page loads and failure reports, counted in the database: every instance judges it on
-- the same counts, whichever served the loads and heard the reports, and a restart forgets nothing.
CREATE TABLE canary_counts (
  remote text NOT NULL,
  -- The canary: its version and when it started (a canary of the same version started again counts anew).
  canary text NOT NULL,
  version text NOT NULL,
  loads bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, canary, version)
);

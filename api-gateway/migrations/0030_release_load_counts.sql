-- Page loads of each release and the load failures its visitors' browsers reported, by minute,
-- written by every instance (each adds what it counted): the staff console's release view reads
-- the last hour. Kept two days.
CREATE TABLE release_load_counts (
  remote text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  loads bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, version, minute)
);
CREATE INDEX release_load_counts_minute ON release_load_counts (minute);

-- What the operators' gauges read, the same from every instance.
-- The head of each network as its watcher last saw it: how many blocks the watcher is behind.
ALTER TABLE donation_watch_cursors ADD COLUMN head_block bigint;

-- Every backup `npm run backup` finished: when it was taken (its manifest's takenAt).
CREATE TABLE backups (
  taken_at timestamptz NOT NULL,
  database text NOT NULL,
  rows bigint NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backups_taken_at ON backups (taken_at);

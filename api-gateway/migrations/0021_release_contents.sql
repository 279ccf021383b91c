-- The release store every gateway reads: each published file once, by its SHA-256 (a file shared by
-- releases is stored once). Each instance keeps a verified copy of the releases it serves in its
-- own RELEASE_STORE_DIR; nothing is shared on disk.
CREATE TABLE release_contents (
  digest text PRIMARY KEY,
  content bytea NOT NULL
);

-- A canary's counts outlive it no longer than its own end (canary-watch drops them then).
DELETE FROM canary_counts c WHERE NOT EXISTS (SELECT 1 FROM remote_canaries r WHERE r.remote = c.remote);

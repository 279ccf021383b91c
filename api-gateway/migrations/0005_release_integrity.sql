-- What each release published: the SHA-256 of every file (`files`, path → hex digest) and one
-- digest of the whole (`digest`). The gateway serves only files that match, and a release is
-- activated only when its stored files are complete and unchanged. Null for releases published
-- before this migration: they cannot be activated again, only republished.

ALTER TABLE remote_releases ADD COLUMN files jsonb;

ALTER TABLE remote_releases ADD COLUMN digest text;

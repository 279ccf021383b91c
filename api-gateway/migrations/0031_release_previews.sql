-- Every preview link is recorded when it is made (issue 61): staff see each one that still works and
-- can end it before it expires. The link carries its record's id; a revoked record opens nothing.
CREATE TABLE release_previews (
  id uuid PRIMARY KEY,
  remote text NOT NULL,
  version text NOT NULL,
  made_by text NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by text
);

CREATE INDEX release_previews_open ON release_previews (expires_at) WHERE revoked_at IS NULL;

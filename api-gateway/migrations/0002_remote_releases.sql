-- Which release of each remote runs, and how it came to: releases are immutable once published,
-- every activation and rollback is recorded with who, when and why, and the active release of a
-- remote is one row, switched in one transaction. Times are clock_timestamp(): the moment of the
-- change, taken under the remote's lock, so history orders as the changes happened.

CREATE TABLE remote_releases (
  remote text NOT NULL,
  version text NOT NULL,
  entry text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_by text NOT NULL,
  reason text NOT NULL,
  PRIMARY KEY (remote, version)
);

CREATE TABLE remote_activations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL,
  version text NOT NULL,
  previous_version text,
  kind text NOT NULL CHECK (kind IN ('activate', 'rollback')),
  activated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  activated_by text NOT NULL,
  reason text NOT NULL,
  FOREIGN KEY (remote, version) REFERENCES remote_releases (remote, version)
);

CREATE TABLE active_remotes (
  remote text PRIMARY KEY,
  version text NOT NULL,
  activation_id bigint NOT NULL REFERENCES remote_activations (id),
  FOREIGN KEY (remote, version) REFERENCES remote_releases (remote, version)
);

-- A canary: a published release that a sticky share of visitors gets beside the active release,
-- until it is promoted (it becomes the active release) or ended, by a person or by a gateway that
-- saw its pages fail clearly more often than the active release's. One canary per remote at a time.
-- Its events join the remote's history; they never count as activations (rollback walks those).

CREATE TABLE remote_canaries (
  remote text PRIMARY KEY,
  version text NOT NULL,
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 99),
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (remote, version) REFERENCES remote_releases (remote, version)
);

-- Numbered from the activations' sequence: the history orders a canary's events and the switches
-- they bring as they happened, even within one clock tick.
CREATE TABLE remote_canary_events (
  id bigint PRIMARY KEY DEFAULT nextval(pg_get_serial_sequence('remote_activations', 'id')),
  remote text NOT NULL,
  version text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('canary', 'promote', 'canary-end')),
  percent integer,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  by text NOT NULL,
  reason text NOT NULL,
  FOREIGN KEY (remote, version) REFERENCES remote_releases (remote, version)
);

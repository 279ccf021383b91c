-- The party's people: staff accounts with a role, their sessions, and a log of who looked at which
-- member (the privacy policy promises it). Contact messages learn who answered them, and when.

CREATE TABLE staff_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('administrator', 'membership', 'communications')),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only a SHA-256 of the cookie's token is kept; a staff session lasts a working day.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Kept when a member is erased (it names the member by id only) and when the staff account goes.
CREATE TABLE staff_access_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('viewed', 'exported')),
  member_id bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_access_log_at ON staff_access_log (at DESC);

ALTER TABLE contact_messages
  ADD COLUMN answered_at timestamptz,
  ADD COLUMN answered_by text;

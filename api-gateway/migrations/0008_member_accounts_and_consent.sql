-- Membership is confirmed from an email (by the person who chose the password: the link asks for
-- it), then the member signs in to a member area. Registrations before this migration never
-- confirmed: they are pending like new ones.

ALTER TABLE members
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'cancelled')),
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN cancelled_at timestamptz,
  -- SHA-256 of the single-use secret in the latest confirmation link; null once used.
  ADD COLUMN confirmation_token_hash text UNIQUE,
  ADD COLUMN confirmation_expires_at timestamptz,
  -- The last "you are already a member" notice, sent at most every few minutes.
  ADD COLUMN notice_sent_at timestamptz;

-- A signed-in member's sessions: only a SHA-256 of the cookie's token is kept.
CREATE TABLE member_sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX member_sessions_member ON member_sessions (member_id);

-- What a person agreed to, when, and from which form: the version of the document they were shown.
CREATE TABLE consent_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  form text NOT NULL CHECK (form IN ('contact', 'newsletter', 'membership', 'volunteer')),
  document text NOT NULL CHECK (document IN ('privacy-policy', 'terms-of-use')),
  document_version text NOT NULL,
  agreed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_records_email ON consent_records (email);

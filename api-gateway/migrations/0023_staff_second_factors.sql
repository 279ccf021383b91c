-- Staff sign in with two factors (decision 0030): a passkey or an authenticator app's codes, with
-- single-use recovery codes kept as hashes. A session starts with the password alone and reaches
-- nothing but the second factor (or, for an account without one, enrolment) until it is given.
-- Administrators invite, disable and change the role of staff from the console.

CREATE TABLE staff_factors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('passkey', 'totp')),
  label text NOT NULL,
  -- An authenticator app's shared secret (base32), and the last 30-second step whose code was
  -- accepted: a code is taken once, and none older than it.
  totp_secret text,
  totp_last_step bigint,
  -- A passkey: its credential id and public key (base64url), its signature counter, its transports.
  credential_id text UNIQUE,
  public_key text,
  sign_count bigint,
  transports text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CHECK ((kind = 'totp') = (totp_secret IS NOT NULL) AND (kind = 'passkey') = (credential_id IS NOT NULL AND public_key IS NOT NULL))
);
CREATE INDEX staff_factors_staff ON staff_factors (staff_id);

-- Ten per account, each usable once; only a SHA-256 is kept (each code holds 120 random bits).
CREATE TABLE staff_recovery_codes (
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- A session knows when its second factor was last given (null: password only), when it was last
-- used (the idle limit), and the passkey challenge or app secret it is in the middle of.
ALTER TABLE staff_sessions
  ADD COLUMN factor_at timestamptz,
  ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN passkey_challenge text,
  ADD COLUMN pending_totp_secret text;

-- Sessions from before second factors existed end: their holders sign in again, with one.
DELETE FROM staff_sessions;

-- An invited account has no password until its link is followed; a disabled one signs in no more.
-- Duties beyond the role (`privacy`: answering data requests) are an administrator's to give.
ALTER TABLE staff_accounts
  ALTER COLUMN password_hash DROP NOT NULL,
  ADD COLUMN disabled_at timestamptz,
  ADD COLUMN invited_by text,
  ADD COLUMN duties text[] NOT NULL DEFAULT '{}';

-- A link to set one's password (an invitation, or a reset an administrator sends): single-use, expiring.
CREATE TABLE staff_password_links (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The access log also records how staff sign in and how accounts change, and the data requests
-- staff answer (the address as a hash: the log outlives an erasure): who, what, and to whom.
ALTER TABLE staff_access_log
  DROP CONSTRAINT staff_access_log_action_check,
  ADD CONSTRAINT staff_access_log_action_check CHECK (action IN (
    'viewed', 'exported', 'signed-in', 'factor-refused', 'factor-added', 'factor-removed', 'recovery-code-used',
    'recovery-codes-made', 'invited', 'password-set', 'role-changed', 'disabled', 'enabled',
    'looked-up', 'copied', 'erased', 'duties-changed'
  )),
  DROP CONSTRAINT staff_access_log_subject,
  ADD CONSTRAINT staff_access_log_subject CHECK (action NOT IN ('viewed', 'exported') OR (member_id IS NULL) <> (donation_id IS NULL)),
  ADD COLUMN detail text;

-- Members may add a passkey or an authenticator app to their own account (decision 0030): the
-- same factors and recovery codes as staff, in tables of their own. A member's session that has
-- given only its password (`factor_pending`) reaches nothing but the second factor; `verified_at`
-- is when it last signed in fully, which a change of factors needs to be recent.

CREATE TABLE member_factors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('passkey', 'totp')),
  label text NOT NULL,
  totp_secret text,
  totp_last_step bigint,
  credential_id text UNIQUE,
  public_key text,
  sign_count bigint,
  transports text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CHECK ((kind = 'totp') = (totp_secret IS NOT NULL) AND (kind = 'passkey') = (credential_id IS NOT NULL AND public_key IS NOT NULL))
);
CREATE INDEX member_factors_member ON member_factors (member_id);

CREATE TABLE member_recovery_codes (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (member_id, code_hash)
);

ALTER TABLE member_sessions
  ADD COLUMN factor_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN verified_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN passkey_challenge text,
  ADD COLUMN pending_totp_secret text;

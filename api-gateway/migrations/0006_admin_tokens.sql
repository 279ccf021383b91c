-- Credentials for release control through the running gateway: one per team or operator, scoped to
-- one remote or to all ('*'). Only a SHA-256 of the token is kept; it is shown once, when created.

CREATE TABLE admin_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner text NOT NULL,
  scope text NOT NULL,
  token_sha256 text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- A forgotten password is reset from an emailed link: single-use, valid one hour.

ALTER TABLE members
  ADD COLUMN reset_token_hash text UNIQUE,
  ADD COLUMN reset_expires_at timestamptz,
  -- The last reset email, sent at most every few minutes however often it is asked for.
  ADD COLUMN reset_sent_at timestamptz;

-- Wrong second factors in a row, per account, in the database every instance shares: after five,
-- each next attempt waits twice as long as the one before; the hundredth locks the factors (NIST SP
-- 800-63B 5.2.2) until an administrator unlocks them (staff) or the member resets the password.
ALTER TABLE staff_accounts
  ADD COLUMN factor_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN factor_failed_at timestamptz,
  ADD COLUMN factor_locked_at timestamptz;

ALTER TABLE members
  ADD COLUMN factor_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN factor_failed_at timestamptz,
  ADD COLUMN factor_locked_at timestamptz;

-- A lock (by the site, naming the account) and an unlock (by the administrator) are in the access log.
ALTER TABLE staff_access_log
  DROP CONSTRAINT staff_access_log_action_check,
  ADD CONSTRAINT staff_access_log_action_check CHECK (action IN (
    'viewed', 'exported', 'signed-in', 'factor-refused', 'factor-added', 'factor-removed', 'recovery-code-used',
    'recovery-codes-made', 'invited', 'password-set', 'role-changed', 'disabled', 'enabled',
    'looked-up', 'copied', 'erased', 'duties-changed', 'factor-locked', 'factor-unlocked'
  ));

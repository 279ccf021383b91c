-- Rollback walks back through history instead of toggling between the last two releases, and can
-- reach the remote's configured build (the one the gateway serves when no release is active).
-- `version` NULL: the configured build. `return_to`: where a rollback from this activation goes —
-- for an activation, what was active before it; for a rollback, where the activation it returned to
-- would have gone. Rows written before this migration keep their old meaning (the previous version).

ALTER TABLE remote_activations ALTER COLUMN version DROP NOT NULL;

ALTER TABLE remote_activations ADD COLUMN return_to text;

UPDATE remote_activations SET return_to = previous_version;

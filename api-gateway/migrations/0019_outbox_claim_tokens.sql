-- Each claim of outbox messages carries a token, and a worker records an outcome only under its own
-- token: one whose lease lapsed (and whose messages another worker took) changes nothing.
ALTER TABLE outbox_messages ADD COLUMN claim_token uuid;

-- A repeat sign-up writes a row version like a first one, so that its answer takes the same time
-- and does not tell a stranger who is subscribed or a member (decision 0007). The timestamp is
-- the only thing it changes.

ALTER TABLE newsletter_subscriptions ADD COLUMN last_requested_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE members ADD COLUMN last_registration_attempt_at timestamptz NOT NULL DEFAULT now();

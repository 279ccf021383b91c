-- Email leaves through an outbox written in the same transaction as the record it belongs to, and
-- a worker delivers it (src/email). A newsletter address is subscribed only once its owner has
-- confirmed it from the email; until then it is pending and expires.

CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What the message is for, e.g. 'newsletter-confirmation', 'contact-message'.
  kind text NOT NULL,
  recipient text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- Extra headers, e.g. List-Unsubscribe.
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While `sending`, the worker that claimed it holds it until then; after, another may retry it.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX outbox_messages_recipient ON outbox_messages (recipient);

-- Addresses signed up before this migration never confirmed: they are pending like new ones.
ALTER TABLE newsletter_subscriptions
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
  ADD COLUMN confirmed_at timestamptz,
  -- SHA-256 of the single-use secret in the latest confirmation link; null once used.
  ADD COLUMN confirmation_token_hash text UNIQUE,
  ADD COLUMN confirmation_expires_at timestamptz,
  ADD COLUMN confirmation_sent_at timestamptz;

-- The key that signs the links in emails, made once per database so that every gateway instance
-- shares it (unless SIGNING_SECRET is configured).
CREATE TABLE signing_keys (
  purpose text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

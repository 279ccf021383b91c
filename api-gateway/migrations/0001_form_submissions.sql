-- What the site's forms collect, and nothing more. Emails arrive trimmed and lower-cased.

CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL CHECK (subject IN ('general', 'policy', 'volunteer', 'media', 'other')),
  message text NOT NULL,
  privacy_consented_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE newsletter_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Membership is political opinion (special-category data): one row per person, a password hash
-- only (argon2id), and the time the terms were accepted.
CREATE TABLE members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
  address text NOT NULL,
  city text NOT NULL,
  region text NOT NULL,
  postal_code text NOT NULL,
  membership_tier text NOT NULL CHECK (membership_tier IN ('supporter', 'member', 'advocate')),
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE volunteer_signups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  interests text[] NOT NULL CHECK (cardinality(interests) > 0),
  availability text NOT NULL,
  privacy_consented_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

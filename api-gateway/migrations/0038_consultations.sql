-- Consultations on policy (issue 64): a draft in numbered paragraphs that staff publish in versions,
-- open for comments, close, and answer with a published response. A paragraph keeps its key across
-- versions, so that comments stay attached to it (or are shown as on a removed paragraph).
CREATE TABLE consultations (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  title text NOT NULL CHECK (length(title) BETWEEN 5 AND 140),
  summary text NOT NULL CHECK (length(summary) BETWEEN 20 AND 500),
  policy_area text NOT NULL,
  phase text NOT NULL DEFAULT 'draft' CHECK (phase IN ('draft', 'open', 'closed', 'answered')),
  closes_on date NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  opened_at timestamptz,
  closed_at timestamptz,
  answered_at timestamptz
);

CREATE TABLE consultation_versions (
  consultation text NOT NULL REFERENCES consultations (slug) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consultation, number)
);

CREATE TABLE consultation_paragraphs (
  consultation text NOT NULL,
  version integer NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  key text NOT NULL CHECK (key ~ '^p[a-z0-9]{6,12}$'),
  text text NOT NULL CHECK (length(text) BETWEEN 2 AND 4000),
  PRIMARY KEY (consultation, version, position),
  UNIQUE (consultation, version, key),
  FOREIGN KEY (consultation, version) REFERENCES consultation_versions (consultation, number) ON DELETE CASCADE
);

-- `participant`: the commenter's number in this consultation (the 1st, 2nd… person to comment), all
-- the public and the open data ever see of who wrote it. `author_email`: whose it is, for their
-- rights and the limits per person; emptied (and the text with it) when they ask for erasure.
CREATE TABLE consultation_comments (
  id bigserial PRIMARY KEY,
  consultation text NOT NULL REFERENCES consultations (slug) ON DELETE CASCADE,
  paragraph_key text NOT NULL,
  version integer NOT NULL,
  reply_to bigint REFERENCES consultation_comments (id),
  body text NOT NULL CHECK (length(body) <= 2000),
  author_email text,
  participant integer NOT NULL CHECK (participant >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  hidden_at timestamptz,
  hidden_reason text CHECK (hidden_reason IN ('personal-attack', 'personal-data', 'hate-speech', 'spam', 'off-topic', 'unlawful')),
  erased_at timestamptz,
  CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL))
);
CREATE INDEX consultation_comments_by_author ON consultation_comments (consultation, author_email, created_at);

-- Who hid a comment: staff's record, beside the public facts (when, why) on the comment itself.
CREATE TABLE consultation_moderations (
  comment_id bigint PRIMARY KEY REFERENCES consultation_comments (id) ON DELETE CASCADE,
  moderated_by text NOT NULL
);

-- The party's answer: a consultation is marked answered only with one.
CREATE TABLE consultation_responses (
  consultation text PRIMARY KEY REFERENCES consultations (slug) ON DELETE CASCADE,
  themes jsonb NOT NULL,
  decision text NOT NULL,
  evidence jsonb NOT NULL,
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

-- A comment by someone who is not a signed-in member waits here until they open the link emailed to
-- them (issue 64, decision 0049): it is then published as any other comment and its row goes. Never
-- shown or counted; deleted with its emailed link two days on if never opened.
CREATE TABLE consultation_comments_awaiting (
  id bigserial PRIMARY KEY,
  consultation text NOT NULL REFERENCES consultations (slug) ON DELETE CASCADE,
  paragraph_key text NOT NULL,
  reply_to bigint REFERENCES consultation_comments (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(body) BETWEEN 2 AND 2000),
  author_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX consultation_comments_awaiting_by_author ON consultation_comments_awaiting (author_email, created_at);

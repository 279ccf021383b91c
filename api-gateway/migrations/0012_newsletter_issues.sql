-- The newsletter itself: an issue written in the staff console goes to every confirmed subscriber,
-- one outbox message each (with that subscriber's own unsubscribe link), so that the console can
-- tell how many were delivered.

CREATE TABLE newsletter_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  body text NOT NULL,
  sent_by text NOT NULL,
  recipients integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE outbox_messages ADD COLUMN newsletter_issue_id bigint REFERENCES newsletter_issues (id);
CREATE INDEX outbox_messages_newsletter_issue ON outbox_messages (newsletter_issue_id) WHERE newsletter_issue_id IS NOT NULL;

-- A place at an event, from the event's own page. One registration per address and event: a second
-- one is answered like the first (no enumeration) and changes nothing.

CREATE TABLE event_registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  privacy_consented_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_registrations_once ON event_registrations (event_id, email);
CREATE INDEX event_registrations_email ON event_registrations (email);

ALTER TABLE consent_records
  DROP CONSTRAINT consent_records_form_check,
  ADD CONSTRAINT consent_records_form_check CHECK (form IN ('contact', 'newsletter', 'membership', 'volunteer', 'event-registration'));

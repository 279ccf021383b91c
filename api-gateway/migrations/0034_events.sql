-- Events become data that staff run from the console (issue 63), with places, a waitlist,
-- reminders, calendar entries and check-in. The twelve events that mf-content listed in its code
-- are carried over as they were.

CREATE TABLE events (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(id) <= 80),
  title text NOT NULL,
  summary text NOT NULL,
  -- The programme before the event, its recap after it: one paragraph each.
  details text[] NOT NULL DEFAULT '{}',
  type text NOT NULL CHECK (type IN ('in-person', 'virtual')),
  -- The IANA zone its times are counted in: the place's, or for an online event its organisers'.
  time_zone text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  place text NOT NULL,
  -- An online event's joining link: shown to confirmed registrants only, never in a public page.
  join_url text,
  -- NULL: no limit.
  capacity integer CHECK (capacity > 0),
  -- NULL: registration closes when the event starts.
  registration_closes_at timestamptz,
  -- How long a freed place offered to the next on the waitlist is held for them.
  offer_hours integer NOT NULL DEFAULT 24 CHECK (offer_hours BETWEEN 1 AND 168),
  -- Clock times in the event's zone; NULL: that reminder is not sent.
  remind_day_before time DEFAULT '10:00',
  remind_same_day time DEFAULT '08:00',
  cancelled_at timestamptz,
  -- RFC 5545 SEQUENCE: raised by every change a calendar entry shows.
  sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX events_starts_at ON events (starts_at);

CREATE SEQUENCE event_queue;

ALTER TABLE event_registrations
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'waitlisted', 'offered', 'cancelled')),
  -- Arrival order on the waitlist (a registration made again after a cancellation joins its end).
  ADD COLUMN queue_order bigint NOT NULL DEFAULT nextval('event_queue'),
  ADD COLUMN check_in_code text,
  ADD COLUMN offer_expires_at timestamptz,
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN attended_at timestamptz,
  ADD COLUMN day_before_reminded_at timestamptz,
  ADD COLUMN same_day_reminded_at timestamptz,
  ADD COLUMN followed_up_at timestamptz,
  -- The visitor's own zone, as their browser said: reminders give the time in it too.
  ADD COLUMN visitor_time_zone text;

UPDATE event_registrations
   SET check_in_code = upper(substr(md5(id::text || event_id || email), 1, 6)), queue_order = id;
CREATE UNIQUE INDEX event_registrations_code ON event_registrations (event_id, check_in_code);
CREATE INDEX event_registrations_queue ON event_registrations (event_id, status, queue_order);

-- A calendar entry or a QR code goes with some messages.
ALTER TABLE outbox_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

INSERT INTO events (id, title, summary, details, type, time_zone, starts_at, ends_at, place) VALUES
  ('town-hall-denver', 'Town Hall: Denver', 'Amara Okafor on our first year in state legislatures, then an hour of unscreened questions.',
   ARRAY[
    'Our party leader Amara Okafor reports on what our nine elected representatives have done in their first year, what worked and what did not.',
    'The second hour is yours: questions from the floor, not screened in advance. Anything we cannot answer on the night gets a written answer on our website within two weeks.',
    'Step-free access, a hearing loop and live captions are available. Children are welcome.'
   ]::text[],
   'in-person', 'America/Denver', '2026-12-03 18:30:00-07:00', '2026-12-03 20:30:00-07:00', 'Central Library, Denver'),
  ('policy-lab-digital-tax-account', 'Policy Lab: the pre-filled tax return', 'Test our prototype of a pre-filled digital tax account and tell the design team what you would need to trust it.',
   ARRAY[
    'Our digital government team shows a working prototype of the pre-filled tax account proposed in our economy policy.',
    'In small breakout groups you will try it with sample data and tell us where it confused you, what you would check and what would make you trust it.',
    'Your feedback goes into the consultation, which is published in full.'
   ]::text[],
   'virtual', 'America/New_York', '2026-12-09 19:00:00-05:00', '2026-12-09 20:30:00-05:00', 'Online'),
  ('volunteer-training-january', 'New volunteer training', 'Everything a new volunteer needs: how we campaign, how we talk about evidence, and how to run a street stall.',
   ARRAY[
    'A practical introduction for new and prospective volunteers, led by our national organising team.',
    'We cover how chapters work, how to hold a conversation about policy without a script, and how we record what voters tell us.',
    'No experience needed. You will leave with a mentor in your own chapter.'
   ]::text[],
   'virtual', 'America/New_York', '2027-01-14 18:00:00-05:00', '2027-01-14 19:30:00-05:00', 'Online'),
  ('town-hall-austin', 'Town Hall: Austin', 'Daniel Reyes on the Budget Transparency Act, and your questions on public spending.',
   ARRAY[
    'Deputy leader Daniel Reyes explains the Budget Transparency Act and what it would let you see about public spending in Texas.',
    'The second hour is open questions from the floor.',
    'Step-free access and live captions are available.'
   ]::text[],
   'in-person', 'America/Chicago', '2027-01-22 18:30:00-06:00', '2027-01-22 20:30:00-06:00', 'Carver Community Center, Austin'),
  ('climate-evidence-forum', 'Climate evidence forum', 'Three economists debate the carbon dividend with our environment working group. Bring your hardest questions.',
   ARRAY[
    'Three economists, one of whom opposes our proposal, debate the carbon price and dividend with our environment working group.',
    'We publish the model behind our proposal beforehand so that everyone can come prepared.',
    'Questions are taken live from the audience through the chat.'
   ]::text[],
   'virtual', 'America/New_York', '2027-02-05 17:00:00-05:00', '2027-02-05 19:00:00-05:00', 'Online'),
  ('chapter-leaders-summit', 'Chapter leaders summit', 'Leaders of all 32 chapters meet to share what worked this year and plan the spring campaign.',
   ARRAY[
    'A day for the organisers of our 32 state chapters: what worked, what did not, and what we try next.',
    'Sessions on running open policy workshops, recruiting volunteers and supporting local candidates.',
    'Open to chapter leaders and their deputies. Travel support is available on request.'
   ]::text[],
   'in-person', 'America/Chicago', '2027-02-21 10:00:00-06:00', '2027-02-21 16:00:00-06:00', 'Union Hall, Chicago'),
  ('open-drafting-healthcare', 'Open drafting session: healthcare', 'Comment live on the draft of our prevention fund policy, with the clinicians who wrote it.',
   ARRAY[
    'The healthcare working group walks through the current draft of the prevention fund policy, section by section.',
    'Every comment made in the session is added to the public record of the draft.',
    'Clinicians, patients and carers are especially welcome.'
   ]::text[],
   'virtual', 'America/New_York', '2027-03-04 19:00:00-05:00', '2027-03-04 20:30:00-05:00', 'Online'),
  ('spring-conference', 'Spring Conference', 'Our annual conference: member votes on the platform, evidence sessions, and the leader’s speech.',
   ARRAY[
    'Our annual conference, where members vote on the policy papers that have completed open drafting.',
    'Evidence sessions run all day alongside the votes, with researchers who worked on each paper.',
    'Members vote in person or online. Tickets are free for members and supporters.'
   ]::text[],
   'in-person', 'America/Chicago', '2027-03-28 09:30:00-05:00', '2027-03-28 17:30:00-05:00', 'Convention Center, Minneapolis'),
  ('volunteer-week-launch', 'Volunteer week launch', 'The start of a week in which volunteers held 3,200 conversations with voters.',
   ARRAY[
    'More than 300 volunteers gathered to launch our national volunteer week.',
    'Over the following seven days they held 3,200 recorded conversations with voters about public services, and two new measures were added to our public promise as a result.'
   ]::text[],
   'in-person', 'America/New_York', '2026-08-30 11:00:00-04:00', '2026-08-30 13:00:00-04:00', 'Riverside Park, Philadelphia'),
  ('tutoring-evidence-webinar', 'Tutoring evidence webinar', 'Priya Raman and the trial’s evaluators on what 40,000 pupils taught us about tutoring.',
   ARRAY[
    'Priya Raman presented the results of the national tutoring trial with two of its independent evaluators.',
    '1,100 people attended. The recording and the answers to all 86 questions are on our research pages.'
   ]::text[],
   'virtual', 'America/New_York', '2026-10-16 18:00:00-04:00', '2026-10-16 19:00:00-04:00', 'Online'),
  ('chapter-32-founding-meeting', 'Founding meeting of our 32nd chapter', 'The first meeting of our newest state chapter, with 140 members.',
   ARRAY[
    '140 members founded our 32nd state chapter, elected its first organisers and agreed its first open policy workshop.',
    'The chapter’s first budget and minutes are published on its page.'
   ]::text[],
   'in-person', 'America/Boise', '2026-10-25 14:00:00-06:00', '2026-10-25 17:00:00-06:00', 'Old Market Hall, Boise'),
  ('algorithm-register-qa', 'Q&A: a public register of algorithms', 'Mei-Lin Chen answered questions about our proposal to register every algorithm used in decisions about people.',
   ARRAY[
    'Mei-Lin Chen explained our proposal for a public register of algorithms and the right to a human review.',
    'Questions ranged from fraud detection to school admissions. The recording and a written summary are available.'
   ]::text[],
   'virtual', 'America/New_York', '2026-11-07 19:00:00-05:00', '2026-11-07 20:00:00-05:00', 'Online');

UPDATE events SET capacity = 120 WHERE id = 'town-hall-denver';
UPDATE events SET capacity = 150 WHERE id = 'town-hall-austin';
UPDATE events SET capacity = 80 WHERE id = 'chapter-leaders-summit';
UPDATE events SET capacity = 1200 WHERE id = 'spring-conference';
UPDATE events SET capacity = 40 WHERE id = 'policy-lab-digital-tax-account';
UPDATE events SET join_url = 'https://meet.refoundation.example/' || id WHERE type = 'virtual';

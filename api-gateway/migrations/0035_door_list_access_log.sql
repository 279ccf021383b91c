-- An event's door list shows names, addresses and check-in codes: every look at it, and every CSV of
-- it, is in the access log, one entry per place, as for members and donations. The event is the
-- entry's detail; the place is named by id only, so the entry outlives the place's erasure.
ALTER TABLE staff_access_log
  ADD COLUMN registration_id bigint,
  DROP CONSTRAINT staff_access_log_subject,
  ADD CONSTRAINT staff_access_log_subject
    CHECK (action NOT IN ('viewed', 'exported') OR num_nonnulls(member_id, donation_id, registration_id) = 1);

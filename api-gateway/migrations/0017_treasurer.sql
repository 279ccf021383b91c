-- The treasurer: a staff role that sees the donations, each look written to the access log as for
-- members; donors who gave an email address get a receipt once their donation is confirmed.

ALTER TABLE staff_accounts
  DROP CONSTRAINT staff_accounts_role_check,
  ADD CONSTRAINT staff_accounts_role_check CHECK (role IN ('administrator', 'membership', 'communications', 'treasurer'));

ALTER TABLE staff_access_log
  ALTER COLUMN member_id DROP NOT NULL,
  ADD COLUMN donation_id bigint,
  ADD CONSTRAINT staff_access_log_subject CHECK ((member_id IS NULL) <> (donation_id IS NULL));

-- The site the donor pledged on: the receipt's links and foot name it.
ALTER TABLE donation_pledges ADD COLUMN site_origin text;
ALTER TABLE donations ADD COLUMN receipt_queued_at timestamptz;

-- How the treasurer resolved a donation that needed action: declared on the donor's behalf (from
-- their written declaration), or returned (the refund's transaction, checked on chain).
ALTER TABLE donations
  ADD COLUMN resolution text CHECK (resolution IN ('declared', 'returned')),
  ADD COLUMN refund_hash text,
  ADD COLUMN resolved_by text,
  ADD COLUMN resolved_at timestamptz;

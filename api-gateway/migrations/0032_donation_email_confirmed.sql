-- A pledge's email counts toward its donor's cap only once the donor has proved it theirs (issue 61):
-- the pledge was made by a member signed in under that address. Typed alone, an email (like a name
-- and postcode) joins gifts for the treasurer's review only: anyone can type another person's.
ALTER TABLE donation_pledges ADD COLUMN email_confirmed boolean NOT NULL DEFAULT false;

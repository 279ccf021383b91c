-- A pledge's email counts toward its donor's cap only once the donor has proved it theirs (issue 61):
-- the pledge was made by a member signed in under that address. Typed alone, an email (like a name
-- and postcode) joins gifts for the treasurer's review only: anyone can type another person's.
ALTER TABLE donation_pledges ADD COLUMN email_confirmed boolean NOT NULL DEFAULT false;

-- The cap reads only the giving donor's own group, key by key (issue 61): their wallets' signed
-- pledges and the pledges under their confirmed email (their gifts by `donations_sender`).
CREATE INDEX donation_pledges_signed_sender ON donation_pledges (sender) WHERE signature IS NOT NULL;
CREATE INDEX donation_pledges_confirmed_email ON donation_pledges (lower(email)) WHERE email_confirmed;

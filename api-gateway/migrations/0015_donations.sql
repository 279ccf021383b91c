-- Donations the party can account for: a pledge (what a donor is about to give, with the
-- declaration the rules ask for) made before the wallet is asked, then the transaction that
-- fulfils it, verified on chain by the gateway and re-checked until it is final.

CREATE TABLE donation_pledges (
  id uuid PRIMARY KEY,
  chain_id integer NOT NULL,
  -- Lower-case address the donor connected with: the transaction must come from it.
  sender text NOT NULL,
  amount_wei numeric(78, 0) NOT NULL CHECK (amount_wei > 0),
  -- The donation's value in the rules' currency when pledged (for the cap, until it is received).
  currency text NOT NULL,
  value_at_pledge numeric(20, 2) NOT NULL,
  -- The declaration, as the rules in force asked for it; null when they asked for none.
  declaration jsonb,
  -- Who the declaration names, normalised (name and postal code), so that a cap counts a person.
  donor_key text,
  email text,
  rules_profile text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donation_pledges_donor ON donation_pledges (donor_key) WHERE donor_key IS NOT NULL;
CREATE INDEX donation_pledges_email ON donation_pledges (email) WHERE email IS NOT NULL;

CREATE TABLE donations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id integer NOT NULL,
  tx_hash text NOT NULL,
  pledge_id uuid NOT NULL UNIQUE REFERENCES donation_pledges (id),
  sender text NOT NULL,
  recipient text NOT NULL,
  amount_wei numeric(78, 0) NOT NULL,
  nonce bigint NOT NULL,
  -- pending: broadcast, not in a block; received: in a block; confirmed: at the rules' depth;
  -- dropped: it left the chain for good (cancelled, replaced by something else, never mined).
  status text NOT NULL CHECK (status IN ('pending', 'received', 'confirmed', 'dropped')),
  block_number bigint,
  block_hash text,
  -- Its value in the rules' currency at the block it was mined in, with the rate and the price
  -- feeds' rounds it was read from.
  currency text,
  value numeric(20, 2),
  rate numeric(38, 8),
  price_rounds jsonb,
  reported_at timestamptz NOT NULL DEFAULT now(),
  received_at timestamptz,
  confirmed_at timestamptz,
  dropped_at timestamptz,
  -- The hash first reported, when the wallet replaced the transaction (sped it up).
  replaced_hash text,
  next_check_at timestamptz NOT NULL DEFAULT now(),
  checks integer NOT NULL DEFAULT 0,
  UNIQUE (chain_id, tx_hash)
);
CREATE INDEX donations_to_check ON donations (next_check_at) WHERE status IN ('pending', 'received');
CREATE INDEX donations_sender ON donations (sender);

ALTER TABLE consent_records
  DROP CONSTRAINT consent_records_form_check,
  ADD CONSTRAINT consent_records_form_check CHECK (form IN ('contact', 'newsletter', 'membership', 'volunteer', 'event-registration', 'donation'));

-- Donations the party can prove (decision 0034): a pledge is signed by the wallet that will send
-- (EIP-712), holds a place under the donor's cap until it expires, and is fulfilled only by a
-- transaction mined after it existed; a confirmation needs two RPC endpoints to agree; refunds,
-- whole or of the excess over a cap, are each a transaction recorded once; the treasurer hears
-- once a day of what falls due.

ALTER TABLE donation_pledges
  -- The chain's newest block when the pledge was made: a transaction mined in it or before was
  -- sent before the pledge existed, and never fulfils it.
  ADD COLUMN head_block bigint,
  -- keccak256 of the declaration as stored (canonical JSON): the signed message names it.
  ADD COLUMN declaration_digest text,
  ADD COLUMN signature text,
  ADD COLUMN signed_at timestamptz,
  -- Until then an unfulfilled pledge counts toward its donor's cap; a withdrawn one is set to now.
  ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 hour';
CREATE INDEX donation_pledges_open ON donation_pledges (expires_at);

ALTER TABLE donations
  -- What the RPC endpoints said when they did not agree on its receipt (null once they do).
  ADD COLUMN disagreement jsonb,
  -- Valued from a price round older than its feed's heartbeat allows at that block.
  ADD COLUMN price_stale boolean NOT NULL DEFAULT false,
  -- What the refunds below returned so far.
  ADD COLUMN refunded_wei numeric(78, 0) NOT NULL DEFAULT 0,
  DROP CONSTRAINT donations_resolution_check,
  ADD CONSTRAINT donations_resolution_check CHECK (resolution IN ('declared', 'returned', 'excess-returned'));

-- Each refund is a transaction from a receiving address back to a donation's sender, checked on
-- chain, used once.
CREATE TABLE donation_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  donation_id bigint NOT NULL REFERENCES donations (id),
  chain_id integer NOT NULL,
  refund_hash text NOT NULL,
  amount_wei numeric(78, 0) NOT NULL CHECK (amount_wei > 0),
  recorded_by text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, refund_hash)
);
INSERT INTO donation_refunds (donation_id, chain_id, refund_hash, amount_wei, recorded_by, recorded_at)
  SELECT id, chain_id, refund_hash, amount_wei, coalesce(resolved_by, ''), coalesce(resolved_at, now())
    FROM donations WHERE resolution = 'returned' AND refund_hash IS NOT NULL;
UPDATE donations SET refunded_wei = amount_wei WHERE resolution = 'returned';

-- The day's email to treasurers of what falls due: one row per day, written by the instance that sends it.
CREATE TABLE donation_digests (
  day date PRIMARY KEY,
  items integer NOT NULL,
  recipients integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Every transfer to a receiving address is accounted for: one that no pledge explains (sent from
-- outside the site) is recorded without a pledge, as undeclared, for the treasurer to resolve.
ALTER TABLE donations
  ALTER COLUMN pledge_id DROP NOT NULL,
  -- Made by a contract inside another transaction (seen through a trace API): its hash is the
  -- transaction's, its sender the contract.
  ADD COLUMN internal boolean NOT NULL DEFAULT false;

-- How far each network's watcher has read: the block, and its hash (a re-organisation changes it),
-- and where it began (it never reads before). An instance leases a network's cursor while it reads,
-- so that two never read the same blocks.
CREATE TABLE donation_watch_cursors (
  chain_id integer PRIMARY KEY,
  first_block bigint NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  leased_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

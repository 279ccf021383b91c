-- The failure reports a running canary's verdict counted: each from one served page load (its
-- token's nonce, used once) and at most one per client (a hash of its address and the canary,
-- never the address), so that a flood from one client counts once. Kept while the canary runs.
CREATE TABLE canary_reports (
  nonce text PRIMARY KEY,
  remote text NOT NULL,
  canary text NOT NULL,
  client text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (remote, canary, client)
);

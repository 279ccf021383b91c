-- The page loads a running canary's verdict counted, once per client and release (issue 61): a
-- hash of the client's network (an IPv4 address, an IPv6 /64) and the canary, never the address.
-- Reloads, or a visitor's many addresses, count once. Kept while the canary runs.
CREATE TABLE canary_loads (
  remote text NOT NULL,
  canary text NOT NULL,
  version text NOT NULL,
  client text NOT NULL,
  PRIMARY KEY (remote, canary, version, client)
);

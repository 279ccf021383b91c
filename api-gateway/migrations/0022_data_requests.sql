-- A request for a copy of one's data, or its erasure, made on the data rights page by anyone: the
-- link that does it goes to the address, works once and for an hour; the row keeps the hash of the
-- link's secret alone.

CREATE TABLE data_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('copy', 'erasure')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX data_requests_email ON data_requests (email, kind, created_at);

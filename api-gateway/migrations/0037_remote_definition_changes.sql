-- Who added or removed a remote, when and why (decision 0048): the definitions' own history, as
-- remote_activations is the releases'. `definition`: the remote's row as it was added or removed.
CREATE TABLE remote_definition_changes (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('added', 'removed')),
  definition jsonb NOT NULL,
  changed_by text NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- The remotes of the site (decision 0048): each one's path prefixes (the longest that matches owns a
-- path; one alone takes '/'), the pages other parts of the site link to, and where the shell may
-- link to its pages. Publishing checks a release's routes against these rows. The three remotes of
-- the repository are the first entries, as shared-contracts' builtInRemotes defines them.
CREATE TABLE remotes (
  name text PRIMARY KEY CHECK (name ~ '^mf-[a-z][a-z0-9]*(-[a-z0-9]+)*$' AND length(name) <= 40),
  prefixes text[] NOT NULL CHECK (cardinality(prefixes) BETWEEN 1 AND 20),
  linked_paths text[] NOT NULL DEFAULT '{}',
  link_places text[] NOT NULL DEFAULT '{}' CHECK (link_places <@ ARRAY['header', 'footer']::text[]),
  added_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO remotes (name, prefixes, linked_paths, link_places) VALUES
  ('mf-content', ARRAY['/']::text[], ARRAY['/', '/privacy', '/terms']::text[], ARRAY['header', 'footer']::text[]),
  ('mf-engagement',
   ARRAY['/contact', '/join', '/membership', '/membership-confirmation', '/members', '/newsletter', '/volunteer', '/staff', '/your-data', '/your-place']::text[],
   ARRAY['/join', '/newsletter/confirm', '/newsletter/unsubscribe', '/membership/confirm', '/members/sign-in', '/members/account', '/members/reset-password', '/your-data', '/your-data/copy', '/your-data/erasure', '/your-place']::text[],
   ARRAY['footer']::text[]),
  ('mf-donate', ARRAY['/donate']::text[], ARRAY['/donate/confirm-email']::text[], ARRAY['header', 'footer']::text[]);

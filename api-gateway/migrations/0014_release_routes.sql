-- The pages each release serves, as its build declared them in routes.json (shared-contracts
-- site-routes.ts): the registry hands them to the shell, which routes by them, so that a new page
-- is a release of its remote alone. Null for releases published before: they are refused at
-- activation (publish them again).

ALTER TABLE remote_releases ADD COLUMN routes jsonb;

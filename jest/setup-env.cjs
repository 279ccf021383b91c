// What the remotes' builds inject with `source.define`.
process.env.REMOTE_RELEASE = 'test';

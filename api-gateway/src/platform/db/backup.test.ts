import { connectionOf } from './backup.js';

describe('how pg_dump and pg_restore are given the database', () => {
  it('names it on the command line without its password, which goes in their environment', () => {
    const { args, env } = connectionOf('postgres://party:s%40cret@db.internal:5432/site?sslmode=require');
    expect(args).toEqual(['--dbname', 'postgres://party@db.internal:5432/site?sslmode=require']);
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(connectionOf('postgres://postgres@127.0.0.1:5432/test').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

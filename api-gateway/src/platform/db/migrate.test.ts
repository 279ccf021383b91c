import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, MIGRATIONS_DIR, prepareSchema } from './migrate.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-databases.js';

async function migrationsFolder(files: Record<string, string>): Promise<string> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await Promise.all(Object.entries(files).map(([name, sql]) => fs.writeFile(path.join(directory, name), sql)));
  return directory;
}

describe.each(testDatabaseKinds)('migrate on %s', (kind) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
  });
  afterEach(() => test.dispose());

  it('applies pending migrations in name order, once', async () => {
    const folder = await migrationsFolder({
      '0002_add_email.sql': 'ALTER TABLE people ADD COLUMN email text;\n',
      '0001_people.sql':
        '-- who\nCREATE TABLE people (id serial PRIMARY KEY, name text NOT NULL);\nCREATE INDEX people_name ON people (name);\n',
      'notes.txt': 'not a migration',
    });

    expect(await migrate(test.db, folder)).toEqual(['0001_people.sql', '0002_add_email.sql']);
    expect(await migrate(test.db, folder)).toEqual([]);

    await test.db.query('INSERT INTO people (name, email) VALUES ($1, $2)', ['Ada', 'ada@example.org']);
    const { rows } = await test.db.query<{ name: string }>('SELECT name FROM people');
    expect(rows).toEqual([{ name: 'Ada' }]);
  });

  it('runs a migration as written, a function body with its own semicolons included', async () => {
    const folder = await migrationsFolder({
      '0001_slug.sql': `CREATE FUNCTION slug(title text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result text;
BEGIN
  result := lower(regexp_replace(title, '[^a-zA-Z0-9]+', '-', 'g'));
  RETURN trim(both '-' from result);
END;
$$;
CREATE TABLE articles (title text NOT NULL, slug text GENERATED ALWAYS AS (slug(title)) STORED);
`,
    });
    expect(await migrate(test.db, folder)).toEqual(['0001_slug.sql']);
    await test.db.query('INSERT INTO articles (title) VALUES ($1)', ['Budget Transparency Act!']);
    expect((await test.db.query('SELECT slug FROM articles')).rows).toEqual([{ slug: 'budget-transparency-act' }]);
  });

  it('rolls a failing migration back entirely and does not record it', async () => {
    const folder = await migrationsFolder({
      '0001_broken.sql': 'CREATE TABLE half (id int);\nSELECT * FROM no_such_table;\n',
    });
    await expect(migrate(test.db, folder)).rejects.toThrow(/no_such_table/);
    const { rows } = await test.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(rows).toHaveLength(0);
    expect((await test.db.query('SELECT name FROM schema_migrations')).rows).toHaveLength(0);
  });

  it('refuses a database a newer build has migrated, whether it migrates or only checks', async () => {
    const newer = await migrationsFolder({
      '0001_people.sql': 'CREATE TABLE people (id int);\n',
      '0002_more.sql': 'CREATE TABLE more (id int);\n',
    });
    const older = await migrationsFolder({ '0001_people.sql': 'CREATE TABLE people (id int);\n' });
    await migrate(test.db, newer);
    const refusal =
      /The database holds migrations this build does not know \(0002_more\.sql\): a newer build has migrated it/;
    await expect(migrate(test.db, older)).rejects.toThrow(refusal);
    await expect(prepareSchema(test.db, false, older)).rejects.toThrow(refusal);
  });

  it('only checks when it is not to migrate: pending migrations stop the start, naming the command that applies them', async () => {
    const folder = await migrationsFolder({ '0001_people.sql': 'CREATE TABLE people (id int);\n' });
    await expect(prepareSchema(test.db, false, folder)).rejects.toThrow(
      /lacks this build's migrations \(0001_people\.sql\): run `npm run migrate` first/,
    );
    expect(await prepareSchema(test.db, true, folder)).toEqual(['0001_people.sql']);
    expect(await prepareSchema(test.db, false, folder)).toEqual([]);
  });

  it('applies the project migrations', async () => {
    await expect(migrate(test.db, MIGRATIONS_DIR)).resolves.toBeInstanceOf(Array);
  });
});

if (testDatabaseKinds.includes('postgres')) {
  it('gives up a migration waiting for a busy table after its lock timeout, and applies nothing', async () => {
    const test = await openTestDatabase('postgres');
    const holder = new pg.Client({ connectionString: test.url! });
    try {
      await migrate(test.db, await migrationsFolder({ '0001_people.sql': 'CREATE TABLE people (id int);\n' }));
      await holder.connect();
      await holder.query('BEGIN; LOCK TABLE people IN ACCESS SHARE MODE');
      const folder = await migrationsFolder({
        '0001_people.sql': 'CREATE TABLE people (id int);\n',
        '0002_email.sql': 'ALTER TABLE people ADD COLUMN email text;\n',
      });
      const started = Date.now();
      await expect(migrate(test.db, folder, { lockTimeoutMs: 300 })).rejects.toThrow(/lock timeout/);
      expect(Date.now() - started).toBeLessThan(15_000);
      await holder.query('ROLLBACK');
      expect(await migrate(test.db, folder)).toEqual(['0002_email.sql']);
    } finally {
      await holder.end();
      await test.dispose();
    }
  });

  it('lets concurrent gateways starting at once apply each migration exactly once', async () => {
    const test = await openTestDatabase('postgres');
    try {
      const folder = await migrationsFolder({ '0001_counter.sql': 'CREATE TABLE counter (n int);\n' });
      const runs = await Promise.all([migrate(test.db, folder), migrate(test.db, folder), migrate(test.db, folder)]);
      expect(runs.flat()).toEqual(['0001_counter.sql']);
    } finally {
      await test.dispose();
    }
  });
}

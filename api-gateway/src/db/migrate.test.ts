import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate, MIGRATIONS_DIR } from './migrate.js';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-databases.js';

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
      '0001_people.sql': '-- who\nCREATE TABLE people (id serial PRIMARY KEY, name text NOT NULL);\nCREATE INDEX people_name ON people (name);\n',
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

  it('applies the project migrations', async () => {
    await expect(migrate(test.db, MIGRATIONS_DIR)).resolves.toBeInstanceOf(Array);
  });
});

if (testDatabaseKinds.includes('postgres')) {
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

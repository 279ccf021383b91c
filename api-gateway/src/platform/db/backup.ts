import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import * as z from 'zod';
import type { GatewayConfig } from '../../config.js';
import type { Logger } from '../logger.js';
import type { Database, Queryable } from './database.js';
import { openPglite } from './pglite-database.js';

const run = promisify(execFile);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** What a backup holds, written beside it (`<file>.json`) and checked by a restore. */
export const backupManifestSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  takenAt: z.iso.datetime(),
  /** The migrations its schema has. */
  migrations: z.array(z.string()),
  /** Rows of every table, as of the backup's moment. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** Rows of every table of the current schema, in one snapshot when `db` is in a transaction. */
export async function tableRows(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${name.replaceAll('"', '""')}"`);
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const migrationsOf = async (db: Queryable) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);

/**
 * The embedded database as a file: `image` is a tar of its folder (dumpDataDir, taken while it
 * serves). The manifest is read from the image itself, opened in memory: a backup that could not
 * be restored is never written.
 */
export async function writeEmbeddedBackup(image: Buffer, file: string, logger: Logger): Promise<BackupManifest> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'party-backup-'));
  try {
    const tar = path.join(scratch, 'image.tar');
    await fs.writeFile(tar, image);
    const copy = await openPglite('memory://', logger, { template: tar });
    let manifest: BackupManifest;
    try {
      manifest = {
        database: 'pglite',
        takenAt: new Date().toISOString(),
        migrations: await migrationsOf(copy),
        rows: await tableRows(copy),
      };
    } finally {
      await copy.close();
    }
    await writeAtomically(file, await gzip(image));
    await writeAtomically(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function writeAtomically(file: string, content: Buffer | string) {
  const partial = `${file}.partial`;
  await fs.writeFile(partial, content, { mode: 0o600 });
  await fs.rename(partial, file);
}

/**
 * How pg_dump and pg_restore reach the database: the URL without its password, which goes in their
 * environment (PGPASSWORD), where other users of the machine cannot read it as they can a command line.
 */
export function connectionOf(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { args: ['--dbname', parsed.toString()], env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

/**
 * PostgreSQL: `pg_dump` (custom format) in a snapshot exported by a transaction that counts the
 * rows in the same snapshot, so that the manifest says exactly what the dump holds, while the site
 * keeps writing.
 */
export async function writePostgresBackup(url: string, file: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const db: Queryable = {
      query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
      exec: async (sql) => void (await client.query(sql)),
    };
    const manifest: BackupManifest = {
      database: 'postgres',
      takenAt: new Date().toISOString(),
      migrations: await migrationsOf(db),
      rows: await tableRows(db),
    };
    // The gateway's schema only, where it has one of its own (public is the whole database's, never created by a restore).
    const schema = (await client.query<{ name: string }>('SELECT current_schema() AS name')).rows[0]!.name;
    // Owner-only from its first byte: pg_dump writes into the file made here, which keeps its mode.
    await fs.writeFile(`${file}.partial`, '', { mode: 0o600 });
    await fs.chmod(`${file}.partial`, 0o600);
    const { args, env } = connectionOf(url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-owner',
        ...(schema === 'public' ? [] : ['--schema', schema]),
        '--file',
        `${file}.partial`,
        ...args,
      ],
      { env },
    );
    await fs.rename(`${file}.partial`, file);
    await writeAtomically(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end();
  }
}

/** Why `rows` is not what `manifest` says, or null when every table has its rows. */
export function rowsDiffer(manifest: BackupManifest, rows: Record<string, number>): string | null {
  const differing = Object.entries(manifest.rows).filter(([table, count]) => rows[table] !== count);
  return differing.length === 0
    ? null
    : differing
        .map(([table, count]) => `${table}: ${rows[table] ?? 'missing'} rows, the backup has ${count}`)
        .join('; ');
}

/** Restores a backup into an empty embedded database folder (or a new one). */
export async function restoreEmbedded(file: string, dataDir: string, logger: Logger): Promise<Database> {
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (entries.length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point PGLITE_DATA_DIR at it.`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'party-restore-'));
  try {
    const tar = path.join(scratch, 'image.tar');
    await fs.writeFile(tar, await gunzip(await fs.readFile(file)));
    return await openPglite(dataDir, logger, { template: tar });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Restores a `pg_dump` backup into a PostgreSQL database that has no tables yet. */
export async function restorePostgres(
  file: string,
  database: Extract<GatewayConfig['database'], { kind: 'postgres' }>,
  db: Database,
): Promise<void> {
  const present = await tableRows(db);
  if (Object.keys(present).length > 0)
    throw new Error('That database already has tables: restore into an empty database, then point DATABASE_URL at it.');
  const { args, env } = connectionOf(database.url);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...args, file], {
    env,
  });
}

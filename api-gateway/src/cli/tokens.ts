import { createAdminToken, isTokenScope, listAdminTokens, revokeAdminToken } from '../admin/admin-tokens.js';
import type { Database } from '../db/database.js';
import { runDatabaseCommand } from './database-command.js';

// `npm run tokens -- <command>`: run where the gateway runs, by whoever administers it. It talks to
// the database directly (on the embedded one, while the site is stopped); the tokens it makes are
// what `npm run remotes` presents to the running gateway.
const USAGE = `Usage: npm run tokens -- <command>
  create --owner "<team or person>" --scope <remote>|all   prints the token, once
  revoke <id>                                              stops it at once
  list                                                     every token, never its secret`;

async function run(db: Database, [command, ...args]: string[]): Promise<string> {
  const option = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index === -1 ? undefined : args[index + 1]?.trim();
  };
  switch (command) {
    case 'create': {
      const owner = option('owner');
      const scope = option('scope') === 'all' ? '*' : (option('scope') ?? '');
      if (!owner || !isTokenScope(scope)) throw new Error(USAGE);
      const token = await createAdminToken(db, owner, scope);
      return `Token ${token.id} for ${owner} (${scope === '*' ? 'every remote' : scope}). It is shown this once; keep it in your secret store:\n${token.secret}`;
    }
    case 'revoke':
      if (!args[0]) throw new Error(USAGE);
      return (await revokeAdminToken(db, args[0])) ? `Token ${args[0]} is revoked.` : `There is no live token ${args[0]}.`;
    case 'list':
      return (await listAdminTokens(db)).map((token) => `${token.id}  ${token.scope.padEnd(13)}  ${token.owner}  created ${token.createdAt}${token.revoked ? '  (revoked)' : ''}`).join('\n') || 'No tokens.';
    default:
      throw new Error(USAGE);
  }
}

await runDatabaseCommand((db) => run(db, process.argv.slice(2)));

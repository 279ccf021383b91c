import { tokenCommand } from '../releases/index.js';
import { runDatabaseCommand } from './database-command.js';

// `npm run tokens -- <command>`: run where the gateway runs, by whoever administers it; through the
// running gateway's control socket, or on the database. The tokens it makes are what
// `npm run remotes` presents to a gateway from elsewhere (PARTY_ADMIN_URL).
await runDatabaseCommand('tokens', (db, _config, args) => tokenCommand(db, args));

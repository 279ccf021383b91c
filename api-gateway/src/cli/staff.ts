import { passwordHasher } from '../platform/index.js';
import { staffAccounts, staffCommand } from '../people/index.js';
import { runDatabaseCommand } from './database-command.js';

// `npm run staff -- <command>`: run where the gateway runs, by whoever administers it; through the
// running gateway's control socket, or on the database.
await runDatabaseCommand('staff', async (db, config, args) => {
  const passwords = passwordHasher(config.passwordHashing);
  try {
    return await staffCommand(staffAccounts(db, passwords, { limits: config.staffSessions }), args);
  } finally {
    await passwords.close();
  }
});

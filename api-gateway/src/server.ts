import { readConfig } from './config.js';
import { composeGateway } from './gateway.js';

const config = readConfig();
const gateway = await composeGateway(config);
const { url } = await gateway.start();
// The one line a person starting the site looks for.
console.log(
  config.site ? `\n  Site ready at ${url}\n` : `\n  API ready at ${url} (the site is served by the dev servers)\n`,
);

async function shutdown(signal: string) {
  gateway.logger.info({ signal }, 'stopping');
  await gateway.stop();
  gateway.logger.flush();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

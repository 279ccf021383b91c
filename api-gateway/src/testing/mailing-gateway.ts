import type { ParsedMail } from 'mailparser';
import { migrate } from '../platform/db/migrate.js';
import { eventually } from './eventually.js';
import { openTestDatabase, type TestDatabase } from './test-databases.js';
import { startTestGateway, type TestGateway } from './test-gateway.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

/** The site's address in the emails of a mailing gateway started with `PUBLIC_ORIGIN: TEST_SITE`. */
export const TEST_SITE = 'https://party.example';

/** A gateway whose outbox delivers to a real SMTP server on loopback, and what its tests read of the mail. */
export interface MailingGateway {
  readonly gateway: TestGateway;
  readonly test: TestDatabase;
  readonly smtp: TestSmtpServer;
  /** Every message received for `address`, in order. */
  mailTo(address: string): ParsedMail[];
  /** The messages for `address` once there are `count` of them. */
  received(address: string, count?: number): Promise<ParsedMail[]>;
  /** The token of the link to `page` on TEST_SITE in `mail`'s text ('' without one). */
  linkIn(mail: ParsedMail, page: string): string;
  /**
   * Once `count` messages for `address` have arrived and one links to `page`, the token of the newest
   * such link: the outbox sends several at once, so they may arrive in any order.
   */
  linkTo(address: string, page: string, count?: number): Promise<string>;
}

/**
 * For the test file (or describe block) that calls it: a gateway on a migrated test database of
 * `kind`, delivering its email within 50 ms to a loopback SMTP server, started before the tests
 * and stopped after them. `env` adds to or overrides its configuration.
 */
export function mailingGateway(kind: 'pglite' | 'postgres', env: NodeJS.ProcessEnv = {}): MailingGateway {
  const started: { gateway?: TestGateway; test?: TestDatabase; smtp?: TestSmtpServer } = {};
  const running = () => {
    const { gateway, test, smtp } = started;
    if (!gateway || !test || !smtp) throw new Error('The mailing gateway starts in beforeAll and did not');
    return { gateway, test, smtp };
  };
  beforeAll(async () => {
    started.test = await openTestDatabase(kind);
    await migrate(started.test.db);
    started.smtp = await startTestSmtpServer();
    started.gateway = await startTestGateway(started.test.db, {
      FORM_RATE_LIMIT: '1000',
      OUTBOX_WORKER: 'true',
      OUTBOX_POLL_MS: '50',
      SMTP_URL: started.smtp.url,
      ...env,
    });
  });
  // What started is stopped, whether or not all of it did.
  afterAll(async () => {
    await started.gateway?.close();
    await started.smtp?.close();
    await started.test?.dispose();
  });
  const mailTo = (address: string) =>
    running().smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
  const linkIn = (mail: ParsedMail, page: string) =>
    decodeURIComponent(new RegExp(`${TEST_SITE}${page}\\?token=(\\S+)`).exec(mail.text ?? '')?.[1] ?? '');
  const received = async (address: string, count = 1) => {
    await eventually(() => mailTo(address).length >= count);
    return mailTo(address);
  };
  return {
    get gateway() {
      return running().gateway;
    },
    get test() {
      return running().test;
    },
    get smtp() {
      return running().smtp;
    },
    mailTo,
    received,
    linkIn,
    async linkTo(address, page, count = 1) {
      const newest = () =>
        mailTo(address)
          .map((mail) => linkIn(mail, page))
          .findLast((token) => token !== '');
      await eventually(() => mailTo(address).length >= count && newest() !== undefined);
      return newest()!;
    },
  };
}

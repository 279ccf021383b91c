import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { requiredEnv } from './fixtures';

/**
 * A real SMTP server on loopback (npm smtp-server) that the site's gateways deliver to: each
 * message it accepts is written to `dir` as a file, so that every test process can read it.
 */
export async function startLoopbackMailbox(dir: string, port: number): Promise<SMTPServer> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      // Written aside, then renamed: a reader never parses a message half-written.
      const file = path.join(dir, `${Date.now()}-${++count}.eml`);
      stream
        .pipe(fs.createWriteStream(`${file}.part`))
        .on('finish', () => fs.rename(`${file}.part`, file, (error) => done(error ?? undefined)))
        .on('error', done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** The messages delivered to `address` so far, oldest first. */
async function delivered(dir: string, address: string): Promise<ParsedMail[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => parseInt(a) - parseInt(b));
  const messages = await Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(dir, name)))));
  return messages.filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address),
  );
}

interface Expected {
  count?: number;
  /** Only the messages this accepts count (an inbox that other tests write to as well). */
  where?: (mail: ParsedMail) => boolean;
  timeoutMs?: number;
}

/** Waits (at most `timeoutMs`) until `count` messages have reached `address`, and returns them. */
export async function mailTo(
  dir: string,
  address: string,
  { count = 1, where = () => true, timeoutMs = 15_000 }: Expected = {},
): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await delivered(dir, address)).filter(where);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`${messages.length} of ${count} emails reached ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A header as it was sent (mailparser folds List-* headers into one parsed object). */
export function rawHeader(mail: ParsedMail, key: string): string | null {
  return mail.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, '') ?? null;
}

/** The address of the link to `page` in a message's plain-text part. */
export function linkTo(mail: ParsedMail, page: string): string {
  const link = new RegExp(`https?://[^\\s]+${page.replace(/\//g, '\\/')}\\?token=\\S+`).exec(mail.text ?? '');
  if (!link) throw new Error(`No link to ${page} in “${mail.subject}”`);
  return link[0];
}

/**
 * The link to `page` in the first email that reached `address` in the tests' mailbox
 * (`E2E_MAIL_DIR`), of that `subject` when one is given: the page's path and its `?token=`.
 */
export async function emailedLink(address: string, page: string, subject?: string): Promise<URL> {
  const where = subject === undefined ? undefined : (mail: ParsedMail) => mail.subject === subject;
  const [mail] = await mailTo(requiredEnv('E2E_MAIL_DIR'), address, { where });
  return new URL(linkTo(mail!, page));
}

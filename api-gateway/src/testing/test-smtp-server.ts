import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted, parsed, in the order received. */
  received: ParsedMail[];
  /** Refuses the next messages with this SMTP reply (e.g. 451 or 550), `count` times. */
  refuseNext(code: number, count?: number): void;
  /** Answers each message this much later from now on: a slow server. */
  answerAfter(ms: number): void;
  close(): Promise<void>;
}

/** A header as sent (mailparser folds List-* headers into one parsed `list` object). */
export const rawHeader = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, '') ?? null;

/** A real SMTP server on loopback (npm smtp-server), keeping what it receives in memory. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusal: { code: number; left: number } | null = null;
  let answerDelayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
        if (refusal && refusal.left > 0) {
          refusal.left -= 1;
          return done(
            Object.assign(new Error(`Refused for the test (${refusal.code})`), { responseCode: refusal.code }),
          );
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            done();
          })
          .catch(done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (code, count = 1) => (refusal = { code, left: count }),
    answerAfter: (ms) => (answerDelayMs = ms),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { GatewayConfig } from '../../config.js';
import type { Logger } from '../logger.js';

/** One message of the outbox, ready to leave. */
export interface OutgoingEmail {
  /** The outbox row's id: it makes the Message-ID, so a retried delivery carries the same one. */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments?: EmailAttachment[];
}

/**
 * A file sent with a message: a calendar entry (`method`: sent as the message's iTIP part, RFC 6047,
 * which calendar programs offer to add, update or remove), or an image shown in it by `cid`.
 */
export type EmailAttachment =
  | { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
  | { filename: string; contentType: string; base64: string; cid: string };

/** Where messages go: an SMTP server, or (with none configured) files on disk. */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/** An SMTP refusal of the message itself (5xx): retrying it will not help. */
export class PermanentDeliveryError extends Error {}

/** Timeouts stay well under the outbox lease, so a message is never sent while another worker may retry it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/** The longest one message can take to send before the transport gives up. */
export const MAX_SEND_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

function attachmentFields(attachments: readonly EmailAttachment[]) {
  const calendar = attachments.find((each) => 'method' in each);
  return {
    icalEvent: calendar && { method: calendar.method, filename: calendar.filename, content: calendar.content },
    attachments: attachments.flatMap((each) =>
      'cid' in each
        ? [
            {
              filename: each.filename,
              contentType: each.contentType,
              content: each.base64,
              encoding: 'base64',
              cid: each.cid,
            },
          ]
        : [],
    ),
  };
}

function messageFields(from: string, message: OutgoingEmail) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    ...attachmentFields(message.attachments ?? []),
    messageId: `<outbox-${message.id}@${domain}>`,
  };
}

export function smtpTransport(url: string, from: string, maxConnections: number): MailTransport {
  const transport = createTransport({ url, pool: true, maxConnections, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail(messageFields(from, message));
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500)
          throw new PermanentDeliveryError((error as Error).message, { cause: error });
        throw error;
      }
    },
    close: () => transport.close(),
  };
}

/**
 * With no SMTP server (`npm start` on a laptop), each message is written as `<id>.eml` into `dir`,
 * which any mail program opens, and logged in one line.
 */
export function fileTransport(dir: string, from: string, logger: Logger): MailTransport {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      const { message: raw } = await transport.sendMail(messageFields(from, message));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${message.id}.eml`);
      await fs.writeFile(file, raw as Buffer);
      logger.info({ file, subject: message.subject }, 'email written to a file (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}

/** The transport the configuration names: SMTP_URL's server, or files in MAIL_DIR. */
export function openMailTransport(email: GatewayConfig['email'], concurrency: number, logger: Logger): MailTransport {
  return email.transport.kind === 'smtp'
    ? smtpTransport(email.transport.url, email.from, concurrency)
    : fileTransport(email.transport.dir, email.from, logger);
}

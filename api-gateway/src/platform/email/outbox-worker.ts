import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { Logger } from '../logger.js';
import type { Queryable } from '../db/database.js';
import type { GatewayConfig } from '../../config.js';
import { MAX_SEND_MS, openMailTransport, PermanentDeliveryError, type MailTransport } from './mail-transport.js';
import { claimDueEmails, handBackEmails, markEmailAttemptFailed, markEmailSent, type ClaimedEmail } from './outbox.js';

export interface OutboxWorkerOptions {
  /** How long an idle worker waits before looking again (a new message also wakes it). */
  pollMs: number;
  batchSize: number;
  /** Messages in flight at once (SMTP connections). */
  concurrency: number;
  /** Attempts before a message is marked `failed`. */
  maxAttempts: number;
  /** How long a claim holds a message; longer than any delivery can take (SMTP timeouts ≤ 40 s). */
  leaseMs: number;
}

export const defaultOutboxWorkerOptions: OutboxWorkerOptions = {
  pollMs: 1000,
  batchSize: 50,
  concurrency: 4,
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
};

export interface OutboxDelivery {
  /** Delivers what is due now, once; resolves to how many messages it tried. */
  deliverDue(): Promise<number>;
  /** Puts back in the queue what it claimed and has not finished (see handBackEmails). */
  handBack(): Promise<void>;
  close(): void;
}

export interface OutboxWorker {
  /** Looks at the outbox at once rather than at the next poll. */
  wake(): void;
  /**
   * Claims nothing more and lets the messages in flight finish, for at most `deadlineMs`; past it,
   * their connections are closed and what was not finished goes back to the queue at once.
   */
  stop(deadlineMs?: number): Promise<void>;
}

/** 30 s, 1 min, 2 min… up to an hour, ±20% so that a burst of failures does not retry in step. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Delivers the outbox: claims due messages, sends them, records each outcome. A message is sent
 * once unless the process dies between the server's acceptance and the status update; it is then
 * sent again after its lease, with the same Message-ID, so that receivers can tell.
 */
export function outboxDelivery(
  db: Queryable,
  transport: MailTransport,
  logger: Logger,
  options: OutboxWorkerOptions,
): OutboxDelivery {
  const inFlight = pLimit(options.concurrency);
  const claimed = new Map<string, ClaimedEmail>();
  // No more than can be sent within the lease, however slow the server: the tail of a larger claim
  // would lapse and be taken (and sent) by another worker while this one still holds it.
  const claimLimit = Math.min(
    options.batchSize,
    options.concurrency * Math.max(1, Math.floor(options.leaseMs / MAX_SEND_MS)),
  );

  async function deliver(email: ClaimedEmail): Promise<void> {
    try {
      await transport.send(email);
      await markEmailSent(db, email);
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const retryInMs = permanent || email.attempts >= options.maxAttempts ? null : retryDelayMs(email.attempts);
      await markEmailAttemptFailed(db, email, (error as Error).message, retryInMs);
      logger.warn(
        { err: error, outboxId: email.id, attempts: email.attempts, retryInMs },
        retryInMs === null ? 'email given up' : 'email delivery failed; will retry',
      );
    } finally {
      claimed.delete(email.id);
    }
  }

  return {
    async deliverDue() {
      const due = await claimDueEmails(db, claimLimit, options.leaseMs);
      due.forEach((email) => claimed.set(email.id, email));
      await Promise.all(due.map((email) => inFlight(() => deliver(email))));
      return due.length;
    },
    handBack: () => handBackEmails(db, [...claimed.values()]),
    close: () => transport.close(),
  };
}

/** Runs `delivery` in the background: at once, then whenever woken or every `pollMs`. */
export function outboxWorker(
  delivery: OutboxDelivery,
  logger: Logger,
  options: Pick<OutboxWorkerOptions, 'pollMs'>,
): OutboxWorker {
  let stopped = false;
  let wakeUp: (() => void) | null = null;

  async function run(): Promise<void> {
    while (!stopped) {
      const tried = await delivery.deliverDue().catch((error: unknown) => {
        logger.warn({ err: error }, 'outbox not read; will try again');
        return 0;
      });
      // Something was due: there may be more at once; nothing: wait to be woken or for the next poll.
      if (tried > 0 || stopped) continue;
      const controller = new AbortController();
      wakeUp = () => controller.abort();
      await sleep(options.pollMs, undefined, { signal: controller.signal }).catch(() => undefined);
      wakeUp = null;
    }
  }

  const running = run();
  return {
    wake: () => wakeUp?.(),
    async stop(deadlineMs = 30_000) {
      stopped = true;
      wakeUp?.();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(resolve, deadlineMs, false))),
      ]);
      clearTimeout(timer);
      delivery.close();
      if (!finished) {
        logger.warn({ deadlineMs }, 'the outbox did not finish in time: unsent messages go back to the queue');
        await delivery.handBack();
      }
    },
  };
}

/** The worker the configuration asks for, delivering through its transport; null when another instance delivers. */
export function configuredOutboxWorker(
  email: GatewayConfig['email'],
  db: Queryable,
  logger: Logger,
): OutboxWorker | null {
  if (!email.worker) return null;
  const options = { ...defaultOutboxWorkerOptions, ...email.worker };
  return outboxWorker(
    outboxDelivery(db, openMailTransport(email, options.concurrency, logger), logger, options),
    logger,
    options,
  );
}

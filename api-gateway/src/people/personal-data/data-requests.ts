import { dataRightsLinks, type DataRequestKind } from '@party/shared-contracts';
import type { Database, Queryable, RenderedEmail, SignedLinks } from '../../platform/index.js';
import { renderEmail, enqueueEmail, linkNonce, nonceHash } from '../../platform/index.js';
import { erasePersonalData, personalDataOf } from './personal-data-register.js';

/** How long a data request's link works. */
export const DATA_REQUEST_VALID_MS = 60 * 60_000;
/** An address gets one link per kind of request at most this often, however often it is asked for. */
const RESEND_AFTER = '10 minutes';

const pageOf: Record<DataRequestKind, string> = {
  copy: dataRightsLinks.copyPage,
  erasure: dataRightsLinks.erasurePage,
};

function dataRequestEmail(origin: string, kind: DataRequestKind, token: string): RenderedEmail {
  const url = `${origin}${pageOf[kind]}?token=${encodeURIComponent(token)}`;
  return renderEmail(
    kind === 'copy'
      ? {
          subject: 'Your copy of the data we hold',
          paragraphs: [
            'Hello,',
            'Someone, we hope you, asked for a copy of everything The Refoundation Party holds under this email address. Download it here:',
          ],
          action: { label: 'Download my data', url },
          afterAction: [
            'The link works once, for one hour. If you did not ask for this, ignore this email: nothing is sent to anyone else.',
          ],
          footnote:
            'You receive this email because a copy of the data held under this address was asked for on our website.',
        }
      : {
          subject: 'Confirm the erasure of your data',
          paragraphs: [
            'Hello,',
            'Someone, we hope you, asked us to erase everything The Refoundation Party holds under this email address. Nothing is erased until you confirm it here:',
          ],
          action: { label: 'Review and erase my data', url },
          afterAction: [
            'The link works once, for one hour. If you did not ask for this, ignore this email: nothing changes.',
          ],
          footnote:
            'You receive this email because the erasure of the data held under this address was asked for on our website.',
        },
    origin,
  );
}

/**
 * Anyone's data rights, proven by their inbox: a request sends a single-use link to the address
 * (whatever it holds, so that the answer tells nobody whether we know it); the link gives a copy of
 * everything the register exports, or erases everything the register says may go.
 */
export function dataRequests(db: Database, links: SignedLinks, onEmailQueued: () => void) {
  /** Marks the link's request used and does `work` with its address, in one transaction: once, before it expires, for its own kind. */
  async function redeem<T>(
    token: string,
    kind: DataRequestKind,
    work: (tx: Queryable, email: string) => Promise<T>,
  ): Promise<T | null> {
    const nonce = links.verify('data-request', token);
    if (!nonce) return null;
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ email: string }>(
        `UPDATE data_requests SET used_at = now() WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now() RETURNING email`,
        [nonceHash(nonce), kind],
      );
      return rows[0] ? work(tx, rows[0].email) : null;
    });
  }

  return {
    async request(email: string, kind: DataRequestKind, origin: string): Promise<void> {
      const { nonce, hash } = linkNonce();
      const expiresAt = new Date(Date.now() + DATA_REQUEST_VALID_MS);
      const queued = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO data_requests (email, kind, token_hash, expires_at)
           SELECT $1, $2, $3, $4
            WHERE NOT EXISTS (SELECT 1 FROM data_requests WHERE email = $1 AND kind = $2 AND created_at > now() - $5::interval)
           RETURNING id`,
          [email, kind, hash, expiresAt.toISOString(), RESEND_AFTER],
        );
        if (rows.length === 0) return false;
        await enqueueEmail(tx, {
          kind: 'data-request',
          to: email,
          ...dataRequestEmail(origin, kind, links.sign('data-request', nonce, expiresAt)),
        });
        return true;
      });
      if (queued) onEmailQueued();
    },

    /** Everything the register exports under the link's address (a member's export has the same sections); null when the link is not good. */
    copy: (token: string) => redeem(token, 'copy', personalDataOf),

    /** Erases everything the register says may go under the link's address; null when the link is not good. */
    erase: (token: string) =>
      redeem(token, 'erasure', async (tx, email) => {
        await erasePersonalData(tx, email);
        return { erased: true as const };
      }),
  };
}

export type DataRequests = ReturnType<typeof dataRequests>;

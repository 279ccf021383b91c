import { legalDocumentVersions, type MembershipRegistration } from '@party/shared-contracts';
import { groupCommit, type PasswordHasher, type Queryable, linkNonce, type SignedLinks } from '../../platform/index.js';
import { alreadyMemberEmail, MEMBERSHIP_CONFIRMATION_VALID_MS, membershipConfirmationEmail } from './member-emails.js';
import { sqlOutboxKinds } from '../../platform/index.js';

/** A member is told of another registration with their address at most this often. */
const NOTICE_RESEND_AFTER = '10 minutes';

/** The details a later registration replaces while a membership is still pending. */
const REPLACEABLE = [
  'first_name',
  'last_name',
  'password_hash',
  'address',
  'city',
  'region',
  'postal_code',
  'membership_tier',
  'terms_accepted_at',
  'confirmation_token_hash',
  'confirmation_expires_at',
];

interface RegistrationRow {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  membershipTier: string;
  tokenHash: string;
  expiresAt: string;
  confirmation: { subject: string; text: string; html: string };
  notice: { subject: string; text: string; html: string };
}

/**
 * Registrations, in one statement per batch with their consent records and emails. A new address
 * is pending until confirmed from the email; a pending one is replaced by the latest registration
 * (so a stranger's earlier one cannot hold a person's address), and its older links stop working;
 * a member's address gets a notice, never a change. The answer is the same in every case.
 */
export function memberRegistrations(
  db: Queryable,
  passwords: PasswordHasher,
  links: SignedLinks,
  onEmailQueued: () => void,
) {
  const save = groupCommit<RegistrationRow>(async (rows) => {
    await db.query(
      `WITH input AS (
         SELECT DISTINCT ON (email) * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS ("firstName" text, "lastName" text, email text,
                "passwordHash" text, address text, city text, state text, zip text, "membershipTier" text, "tokenHash" text,
                "expiresAt" timestamptz, confirmation jsonb, notice jsonb)) WITH ORDINALITY
                AS r("firstName", "lastName", email, "passwordHash", address, city, state, zip, "membershipTier", "tokenHash", "expiresAt", confirmation, notice, position)
          ORDER BY email, position
       ), saved AS (
         INSERT INTO members AS m (first_name, last_name, email, password_hash, address, city, region, postal_code, membership_tier,
                                   terms_accepted_at, confirmation_token_hash, confirmation_expires_at)
         SELECT "firstName", "lastName", email, "passwordHash", address, city, state, zip, "membershipTier", now(), "tokenHash", "expiresAt" FROM input
         ON CONFLICT (email) DO UPDATE SET
           last_registration_attempt_at = now(),
           ${REPLACEABLE.map((column) => `${column} = CASE WHEN m.status = 'pending' THEN excluded.${column} ELSE m.${column} END`).join(',\n           ')},
           notice_sent_at = CASE WHEN m.status <> 'pending' AND (m.notice_sent_at IS NULL OR m.notice_sent_at < now() - $2::interval)
                                 THEN now() ELSE m.notice_sent_at END
         RETURNING m.email, m.status, m.confirmation_token_hash, m.notice_sent_at = now() AS noticed
       ), consent AS (
         INSERT INTO consent_records (email, form, document, document_version)
         SELECT input.email, 'membership', d.document, d.version
           FROM input CROSS JOIN (VALUES ('terms-of-use', $3), ('privacy-policy', $4)) AS d(document, version)
       )
       INSERT INTO outbox_messages (kind, recipient, subject, text_body, html_body)
       SELECT ${sqlOutboxKinds('membership-confirmation')}, input.email, confirmation->>'subject', confirmation->>'text', confirmation->>'html'
         FROM saved JOIN input USING (email) WHERE saved.status = 'pending' AND saved.confirmation_token_hash = input."tokenHash"
       UNION ALL
       SELECT ${sqlOutboxKinds('membership-notice')}, input.email, notice->>'subject', notice->>'text', notice->>'html'
         FROM saved JOIN input USING (email) WHERE saved.status <> 'pending' AND saved.noticed`,
      [
        JSON.stringify(rows),
        NOTICE_RESEND_AFTER,
        legalDocumentVersions['terms-of-use'],
        legalDocumentVersions['privacy-policy'],
      ],
    );
    onEmailQueued();
  });

  return {
    /** The password is hashed even for an existing member: the same work either way. */
    async register(
      { password, agreeToTerms: _agreed, ...registration }: MembershipRegistration,
      origin: string,
    ): Promise<void> {
      const { nonce, hash } = linkNonce();
      const expiresAt = new Date(Date.now() + MEMBERSHIP_CONFIRMATION_VALID_MS);
      await save({
        ...registration,
        passwordHash: await passwords.hash(password),
        tokenHash: hash,
        expiresAt: expiresAt.toISOString(),
        confirmation: membershipConfirmationEmail(
          origin,
          registration.firstName,
          links.sign('membership-confirm', nonce, expiresAt),
        ),
        notice: alreadyMemberEmail(origin),
      });
    },
  };
}

export type MemberRegistrations = ReturnType<typeof memberRegistrations>;

import type { StaffSection } from '@party/shared-contracts';
import type { Queryable } from '../../platform/index.js';
import { eraseOutboxRows } from '../../platform/index.js';

/** What a person's export shows of a table: a section of the JSON, read by their email ($1). */
interface ExportSection {
  key: string;
  sql: string;
  /** One row or none (`null`), rather than a list. */
  single?: boolean;
}

/** One table that holds personal data, as the privacy policy describes it. */
interface PersonalDataTable {
  table: string;
  /** Whose data: the public's (a person's rights reach it by their email) or staff's (handled with their account). */
  of: 'the public' | 'staff';
  /** The columns that hold personal data (an email, a name, an address, a wallet address, what they wrote). */
  columns: readonly string[];
  /** What the person's export shows; null where nothing is exported (why in `erase`). */
  export: ExportSection | null;
  /**
   * What erasure by email does, as statements taking the email as $1, in the register's order
   * (null: nothing of the person's is here to erase by email, with why in `retention`).
   */
  erase: readonly string[] | null;
  /** How long it is kept, in the privacy policy's words… */
  retention: string;
  /** …and the retention rules that apply it (retention-rules.ts runs those the register names, and only those). */
  retainedBy: readonly RetentionRuleName[];
  /**
   * The staff console's sections that show this table's people (a test holds the console's queries
   * to it). Every table with an export is also shown, whole, to staff answering a data request.
   */
  shownIn: readonly StaffSection[];
}

/** The retention rules, each a promise of the privacy policy that retention-rules.ts keeps. */
export const retentionRuleNames = [
  'newsletterSignUps',
  'memberRegistrations',
  'cancelledMemberships',
  'contactMessages',
  'eventRegistrations',
  'unfulfilledPledges',
  'donationDeclarations',
  'sessions',
  'dataRequests',
  'heldComments',
] as const;
export type RetentionRuleName = (typeof retentionRuleNames)[number];

/**
 * The one register of personal data: export, erasure and the staff console read it; a test holds it
 * against the database's own catalogue, so that a new table or column holding a person's data cannot
 * be forgotten. The members row itself goes first (by member id, in erase), then these by email.
 */
export const personalDataRegister: readonly PersonalDataTable[] = [
  {
    table: 'members',
    of: 'the public',
    columns: ['first_name', 'last_name', 'email', 'password_hash', 'address', 'city', 'region', 'postal_code'],
    export: {
      key: 'membership',
      single: true,
      sql: `SELECT first_name, last_name, email, address, city, region, postal_code, membership_tier, status,
                   terms_accepted_at, confirmed_at, cancelled_at, created_at, last_registration_attempt_at
              FROM members WHERE email = $1`,
    },
    erase: ['DELETE FROM members WHERE email = $1'],
    retention: 'while a member; a cancelled membership a year; a registration never confirmed until its link expires',
    retainedBy: ['memberRegistrations', 'cancelledMemberships'],
    shownIn: ['members'],
  },
  {
    table: 'consent_records',
    of: 'the public',
    columns: ['email'],
    export: {
      key: 'consentRecords',
      sql: 'SELECT form, document, document_version, agreed_at FROM consent_records WHERE email = $1 ORDER BY agreed_at',
    },
    erase: ['DELETE FROM consent_records WHERE email = $1'],
    retention: 'as long as what was agreed to is kept',
    retainedBy: [
      'memberRegistrations',
      'cancelledMemberships',
      'eventRegistrations',
      'unfulfilledPledges',
      'donationDeclarations',
    ],
    shownIn: [],
  },
  {
    table: 'newsletter_subscriptions',
    of: 'the public',
    columns: ['email'],
    export: {
      key: 'newsletterSubscription',
      single: true,
      sql: 'SELECT email, status, created_at, confirmed_at FROM newsletter_subscriptions WHERE email = $1',
    },
    erase: ['DELETE FROM newsletter_subscriptions WHERE email = $1'],
    retention: 'while subscribed; a sign-up never confirmed until its link expires',
    retainedBy: ['newsletterSignUps'],
    shownIn: ['subscribers', 'newsletter'],
  },
  {
    table: 'contact_messages',
    of: 'the public',
    columns: ['name', 'email', 'message', 'answered_by'],
    export: {
      key: 'contactMessages',
      sql: 'SELECT subject, message, privacy_consented_at, created_at FROM contact_messages WHERE email = $1 ORDER BY created_at',
    },
    erase: ['DELETE FROM contact_messages WHERE email = $1'],
    retention: 'two years after the last reply, or after it came if never answered',
    retainedBy: ['contactMessages'],
    shownIn: ['inbox'],
  },
  {
    table: 'volunteer_signups',
    of: 'the public',
    columns: ['name', 'email'],
    export: {
      key: 'volunteerSignups',
      sql: 'SELECT interests, availability, privacy_consented_at, created_at FROM volunteer_signups WHERE email = $1 ORDER BY created_at',
    },
    erase: ['DELETE FROM volunteer_signups WHERE email = $1'],
    retention: 'until the volunteer asks us to delete it',
    retainedBy: [],
    shownIn: ['volunteers'],
  },
  {
    table: 'event_registrations',
    of: 'the public',
    columns: ['name', 'email', 'visitor_time_zone'],
    export: {
      key: 'eventRegistrations',
      sql: `SELECT e.title AS event, r.event_id, e.starts_at AS event_starts_at, r.name, r.status, r.check_in_code,
                   r.attended_at, r.visitor_time_zone, r.privacy_consented_at, r.created_at
              FROM event_registrations r LEFT JOIN events e ON e.id = r.event_id
             WHERE r.email = $1 ORDER BY r.created_at`,
    },
    // A place erased frees it: the events' next round offers it to the waitlist.
    erase: ['DELETE FROM event_registrations WHERE email = $1'],
    retention: 'a year',
    retainedBy: ['eventRegistrations'],
    shownIn: ['events'],
  },
  {
    table: 'consultation_comments',
    of: 'the public',
    columns: ['author_email', 'body'],
    export: {
      key: 'consultationComments',
      sql: `SELECT m.consultation, c.title AS consultation_title, m.paragraph_key, m.version, m.participant, m.body,
                   m.created_at, m.hidden_at, m.hidden_reason
              FROM consultation_comments m JOIN consultations c ON c.slug = m.consultation
             WHERE m.author_email = $1 ORDER BY m.created_at`,
    },
    // The comment stays in its thread as erased (the replies to it keep their place), without its text
    // or its author; the consultation's counts and open data lose it.
    erase: [
      "UPDATE consultation_comments SET body = '', author_email = NULL, erased_at = now() WHERE author_email = $1",
    ],
    retention: 'with the consultation, as the public record of what people said, until its author asks for erasure',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'consultation_comments_awaiting',
    of: 'the public',
    columns: ['author_email', 'body'],
    export: {
      key: 'consultationCommentsAwaiting',
      sql: `SELECT consultation, paragraph_key, body, created_at, expires_at
              FROM consultation_comments_awaiting WHERE author_email = $1 ORDER BY created_at`,
    },
    erase: ['DELETE FROM consultation_comments_awaiting WHERE author_email = $1'],
    retention: 'until its emailed link is opened (it is then a published comment) or expires, two days on',
    retainedBy: ['heldComments'],
    shownIn: [],
  },
  {
    table: 'donation_pledges',
    of: 'the public',
    columns: ['sender', 'declaration', 'donor_key', 'email', 'email_confirmed', 'declaration_digest'],
    export: {
      key: 'donations',
      sql: `SELECT p.created_at AS pledged_at, p.chain_id, p.sender, p.amount_wei::text AS amount_wei, p.declaration, p.rules_profile,
                   d.tx_hash, d.status, d.value::text AS value, d.currency, d.received_at
              FROM donation_pledges p LEFT JOIN donations d ON d.pledge_id = p.id
             WHERE p.email = $1 ORDER BY p.created_at`,
    },
    // A donation the party received keeps the declaration election law requires (name, address,
    // occupation, employer) and loses the email address; a pledge never fulfilled, or a donation
    // that never arrived, goes whole.
    erase: [
      `DELETE FROM donations WHERE status = 'dropped' AND pledge_id IN (SELECT id FROM donation_pledges WHERE email = $1)`,
      'DELETE FROM donation_pledges p WHERE p.email = $1 AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.pledge_id = p.id)',
      `UPDATE donation_pledges SET email = NULL, declaration = declaration - 'email' WHERE email = $1`,
    ],
    retention: 'a pledge never fulfilled a day; a received donation’s declaration as long as the law requires',
    retainedBy: ['unfulfilledPledges', 'donationDeclarations'],
    shownIn: ['donations'],
  },
  {
    table: 'donations',
    of: 'the public',
    columns: ['sender', 'recipient', 'resolved_by'],
    // Exported with its pledge (above), erased with it: a transaction on a public chain, kept as the law requires.
    export: null,
    erase: null,
    retention: 'as long as the law requires; one that never arrived goes with its pledge',
    retainedBy: ['donationDeclarations'],
    shownIn: ['donations'],
  },
  {
    // Every kind (outboxKinds) names its person in recipient, and a contact message its sender in reply_to.
    table: 'outbox_messages',
    of: 'the public',
    columns: ['recipient', 'reply_to', 'subject', 'text_body', 'html_body', 'headers'],
    export: {
      key: 'emailsSentToYou',
      sql: 'SELECT kind, subject, status, created_at, sent_at FROM outbox_messages WHERE recipient = $1 ORDER BY created_at',
    },
    erase: [eraseOutboxRows('recipient = $1 OR reply_to = $1')],
    retention: 'with the record it was sent for; the status of a sent email stays, without its address or contents',
    retainedBy: [
      'memberRegistrations',
      'cancelledMemberships',
      'contactMessages',
      'donationDeclarations',
      'heldComments',
    ],
    shownIn: ['newsletter'],
  },
  {
    table: 'data_requests',
    of: 'the public',
    columns: ['email'],
    export: {
      key: 'dataRequests',
      sql: 'SELECT kind, created_at, used_at FROM data_requests WHERE email = $1 ORDER BY created_at',
    },
    erase: ['DELETE FROM data_requests WHERE email = $1'],
    retention: 'a day after its link expired',
    retainedBy: ['dataRequests'],
    shownIn: [],
  },
  {
    table: 'member_sessions',
    of: 'the public',
    columns: [],
    export: {
      key: 'activeSessions',
      sql: 'SELECT s.created_at, s.expires_at FROM member_sessions s JOIN members m ON m.id = s.member_id WHERE m.email = $1',
    },
    // Deleted with the member (a foreign key).
    erase: null,
    retention: 'until it ends (signed out or expired)',
    retainedBy: ['sessions'],
    shownIn: [],
  },
  {
    table: 'member_factors',
    of: 'the public',
    columns: ['label'],
    export: {
      key: 'secondFactors',
      sql: 'SELECT f.kind, f.label, f.created_at, f.last_used_at FROM member_factors f JOIN members m ON m.id = f.member_id WHERE m.email = $1 ORDER BY f.created_at',
    },
    erase: null,
    retention: 'while a member (removed with the membership)',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'member_recovery_codes',
    of: 'the public',
    columns: [],
    export: null,
    erase: null,
    retention: 'until replaced, or removed with the membership',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'staff_accounts',
    of: 'staff',
    columns: ['email', 'name', 'password_hash', 'invited_by'],
    export: null,
    erase: null,
    retention: 'while the person is staff',
    retainedBy: [],
    shownIn: ['accounts'],
  },
  {
    table: 'staff_sessions',
    of: 'staff',
    columns: [],
    export: null,
    erase: null,
    retention: 'until it ends',
    retainedBy: ['sessions'],
    shownIn: [],
  },
  {
    table: 'staff_factors',
    of: 'staff',
    columns: ['label'],
    export: null,
    erase: null,
    retention: 'while the person is staff (removed with the account)',
    retainedBy: [],
    shownIn: ['security'],
  },
  {
    table: 'staff_recovery_codes',
    of: 'staff',
    columns: [],
    export: null,
    erase: null,
    retention: 'until replaced, or removed with the account',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'staff_password_links',
    of: 'staff',
    columns: [],
    export: null,
    erase: null,
    retention: 'removed with the account',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'staff_access_log',
    of: 'staff',
    columns: ['staff_email', 'detail'],
    export: null,
    erase: null,
    retention: 'the access log is kept as the audit of who read whose data, and of staff sign-ins and accounts',
    retainedBy: [],
    shownIn: ['accessLog'],
  },
  {
    table: 'donation_refunds',
    of: 'staff',
    columns: ['recorded_by'],
    export: null,
    erase: null,
    retention: 'as long as the donation it returns',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'newsletter_issues',
    of: 'staff',
    columns: ['sent_by'],
    export: null,
    erase: null,
    retention: 'the newsletter archive',
    retainedBy: [],
    shownIn: ['newsletter'],
  },
  {
    table: 'admin_tokens',
    of: 'staff',
    columns: ['owner'],
    export: null,
    erase: null,
    retention: 'until revoked; kept as the audit of releases',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'remote_releases',
    of: 'staff',
    columns: ['published_by'],
    export: null,
    erase: null,
    retention: 'the release history',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'remote_activations',
    of: 'staff',
    columns: ['activated_by'],
    export: null,
    erase: null,
    retention: 'the release history',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'release_previews',
    of: 'staff',
    columns: ['made_by', 'revoked_by'],
    export: null,
    erase: null,
    retention: 'the release history',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'remote_canary_events',
    of: 'staff',
    columns: ['by'],
    export: null,
    erase: null,
    retention: 'the release history',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'consultations',
    of: 'staff',
    columns: ['created_by'],
    export: null,
    erase: null,
    retention: 'with the consultation',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'consultation_versions',
    of: 'staff',
    columns: ['published_by'],
    export: null,
    erase: null,
    retention: 'with the consultation',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'consultation_moderations',
    of: 'staff',
    columns: ['moderated_by'],
    export: null,
    erase: null,
    retention: 'with the consultation',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'consultation_responses',
    of: 'staff',
    columns: ['published_by'],
    export: null,
    erase: null,
    retention: 'with the consultation',
    retainedBy: [],
    shownIn: [],
  },
  {
    table: 'remote_definition_changes',
    of: 'staff',
    columns: ['changed_by'],
    export: null,
    erase: null,
    retention: 'the release history',
    retainedBy: [],
    shownIn: [],
  },
];

/** Columns whose name looks personal but which hold nobody's data. */
const NOT_PERSONAL: Record<string, string> = {
  'schema_migrations.name': 'a migration file’s name',
  'remotes.name': 'a remote’s Module Federation name',
  'consultation_comments.reply_to': 'the comment a comment answers, by its number',
  'consultation_comments_awaiting.reply_to': 'the comment a held comment answers, by its number',
};

/** A column whose name says it may hold a person's data: the catalogue test looks for these. */
const PERSONAL_COLUMN =
  /(^|_)(email|e_?mail|name|address|street|city|region|postal|zip|phone|mobile|sender|recipient|owner|by|declaration|password|message|reply_to)(_|$)/;

/**
 * Where the database's catalogue and the register disagree: a table whose column looks personal
 * (PERSONAL_COLUMN) but is not in the register, and a registered column the database lacks.
 */
export async function registerProblems(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const columnsOf = new Map<string, Set<string>>();
  for (const { table_name, column_name } of rows)
    columnsOf.set(table_name, (columnsOf.get(table_name) ?? new Set()).add(column_name));
  const registered = new Map(personalDataRegister.map((entry) => [entry.table, new Set(entry.columns)]));
  const problems: string[] = [];
  for (const { table_name: table, column_name: column } of rows) {
    if (PERSONAL_COLUMN.test(column) && !registered.get(table)?.has(column) && !(`${table}.${column}` in NOT_PERSONAL))
      problems.push(`${table}.${column} looks personal but is not in the register`);
  }
  for (const entry of personalDataRegister) {
    const actual = columnsOf.get(entry.table);
    if (!actual) problems.push(`${entry.table} is in the register but not in the database`);
    else
      for (const column of entry.columns)
        if (!actual.has(column)) problems.push(`${entry.table}.${column} is in the register but not in the database`);
  }
  return problems;
}

/**
 * Everything held under a person's email, as one JSON document: the register's sections, the same
 * for a member's download and for anyone's data request.
 */
export async function personalDataOf(db: Queryable, email: string): Promise<Record<string, unknown>> {
  const document: Record<string, unknown> = {
    exportedAt: new Date().toISOString(),
    about:
      'Everything The Refoundation Party holds under your email address. A password is kept only as a one-way hash, which is not included.',
  };
  for (const { export: section } of personalDataRegister) {
    if (!section) continue;
    const { rows } = await db.query<Record<string, unknown>>(section.sql, [email]);
    document[section.key] = section.single ? (rows[0] ?? null) : rows;
  }
  return document;
}

/** The retention rules the register names, in its order: what retention applies. */
export const registeredRetentionRules = (): RetentionRuleName[] => [
  ...new Set(personalDataRegister.flatMap((entry) => entry.retainedBy)),
];

/** Erases what the register says may go of the person with this email, on the caller's transaction. */
export async function erasePersonalData(tx: Queryable, email: string): Promise<void> {
  for (const entry of personalDataRegister) {
    for (const statement of entry.erase ?? []) await tx.query(statement, [email]);
  }
}

import decancerModule from 'decancer';
import type { DonationDeclaration } from '@party/shared-contracts';

// decancer is CommonJS whose typings say `export default`: imported, the module itself is the function.
const decancer = decancerModule as unknown as typeof decancerModule.default;

/**
 * Text as a person would read it: case, accents, spacing, punctuation and look-alike letters
 * folded away (Cyrillic "о" is Latin "o", full-width "Ａ" is "a"), so that one person spelt two
 * ways is one person. decancer's tables follow Unicode's confusables, and more.
 */
export function foldText(text: string): string {
  return decancer(text.normalize('NFKC'))
    .toString()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A person as a declaration names them: name and postal code, folded; null without a name. */
export function donorKey(
  declaration: Pick<DonationDeclaration, 'fullName' | 'postalCode'> | null | undefined,
): string | null {
  if (!declaration?.fullName) return null;
  return `${foldText(declaration.fullName)}|${foldText(declaration.postalCode ?? '')}`;
}

/** What makes two gifts one donor's: the sending address, the declared person, the email address. */
export interface DonorIdentity {
  sender: string;
  declaration?: Pick<DonationDeclaration, 'fullName' | 'postalCode'> | null;
  email?: string | null;
}

/** A donor as a row of the ledger names them: its sender, and the declaration's name, postal code and email when there is one. */
export function donorOfRow(row: {
  sender: string;
  full_name: string | null;
  postal_code: string | null;
  email: string | null;
}): DonorIdentity {
  return {
    sender: row.sender,
    declaration: row.full_name ? { fullName: row.full_name, postalCode: row.postal_code ?? '' } : null,
    email: row.email,
  };
}

export function identityKeys({ sender, declaration, email }: DonorIdentity): string[] {
  const person = donorKey(declaration);
  return [
    `address:${sender.toLowerCase()}`,
    ...(person ? [`person:${person}`] : []),
    ...(email ? [`email:${email.trim().toLowerCase()}`] : []),
  ];
}

/**
 * The keys a donor has proved theirs, which alone may count toward their cap when they give and
 * alone may be named back to them: the address that signed their pledge or sent their gift, and an
 * email confirmed by signing in under it. A name, a postcode or an email typed into a form proves
 * nothing (anyone can type another person's): it joins gifts only for the treasurer's review, else
 * a stranger could read what a named person gave from a refusal, or fill their cap to stop them.
 */
export function provenKeys({
  sender,
  email,
  emailConfirmed,
}: {
  sender: string | null;
  email: string | null;
  emailConfirmed: boolean;
}): string[] {
  return [
    ...(sender ? [`address:${sender.toLowerCase()}`] : []),
    ...(email && emailConfirmed ? [`email:${email.trim().toLowerCase()}`] : []),
  ];
}

/**
 * Which entries are one donor's: two are when any of their keys match, and so on through every
 * entry that shares one (the same wallet under two names joins both names' gifts). Answers each
 * entry's group, the same for all of one donor's.
 */
export function donorGroups(entries: ReadonlyArray<{ keys: readonly string[] }>): number[] {
  const parent = entries.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const firstWithKey = new Map<string, number>();
  entries.forEach((entry, index) => {
    for (const key of entry.keys) {
      const first = firstWithKey.get(key);
      if (first === undefined) firstWithKey.set(key, index);
      else parent[root(index)] = root(first);
    }
  });
  return entries.map((_, index) => root(index));
}

import { legalDocumentVersions } from '@party/shared-contracts';
import type { LongFormChapter } from '../../ui/LongForm';
import { lastUpdated } from './last-updated';

export const privacyPolicyUpdated = lastUpdated(legalDocumentVersions['privacy-policy']);

/** What this site collects and why, in plain language. Keep in step with what the forms actually send. */
export const privacyPolicy: readonly LongFormChapter[] = [
  {
    id: 'summary',
    heading: 'In short',
    paragraphs: [
      'We collect only what you give us through our forms, we use it only for the purpose you gave it for, and we never sell it. Reading this site does not require you to give us anything: we use no advertising or tracking cookies and load nothing from other companies’ servers.',
    ],
  },
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    paragraphs: ['We hold personal information only when you send it to us:'],
    points: [
      'Contact messages: your name, email address, the subject you choose, your message, and your agreement to this policy.',
      'Newsletter: your email address, and when you confirmed it from the email we send you: we subscribe no address its owner has not confirmed.',
      'Membership: your first and last name, email address, postal address (street, city, state or county, postal code), the membership tier you choose, your agreement to our terms, and a password. We store the password only as a one-way hash (argon2id): nobody at the party can read it.',
      'Donations: the declaration the law requires of a donor, the wallet address you donate from, and the donation itself (see below).',
      'Comments on our consultations: what you write, on which paragraph, and your email address (a member’s is their account’s). Comments are published, and downloadable as open data, under a participant number: never your name or your address. If you are not signed in as a member, we email you a link, and your comment is published only when you open it.',
      'Server logs: the date, the address requested and the response, kept for 30 days to keep the site secure. Form contents and passwords are never written to logs.',
    ],
  },
  {
    id: 'donations',
    heading: 'Donations in cryptocurrency',
    paragraphs: [
      'Your wallet sends a donation directly to the blockchain: we never see or store your wallet’s keys. Election law requires us to know who gives to a political party before we accept a donation, so the donate page first asks you to declare who you are: your name, postal address and email address, and, where the law asks for them, your occupation and employer, with a few statements you confirm (for example that the money is your own). We keep this declaration with the address of the wallet you connected and the amount you chose, then check on the blockchain that the transaction you sent matches it, and record its value in our currency when it arrived.',
      'If you do not complete the donation, your declaration is deleted after a day. If you do, we keep the declaration with the donation’s record for as long as election law requires us to keep donation records, and report it to the election regulator where the law requires; if you give an email address, we send your receipt there. On our public ledger we publish the name of each donor whose donation is above the amount the law sets for publication, with the amount and the transaction: never your address, email, occupation, employer or wallet address.',
      'If you ask us to delete your information, we delete your email address from your declarations and every pledge you did not complete, but we must keep the rest of the declaration of a donation we received (name, address, occupation and employer) for as long as election law requires.',
      'A blockchain is public by design: the sending address, our receiving address, the amount and the time of every donation are visible to anyone, permanently, and cannot be deleted by us or by you. If you do not want a donation linked to an address you use elsewhere, donate from a separate address.',
      'The site remembers in your browser’s local storage that you connected a wallet, so that it can offer to reconnect next time. Disconnecting clears it.',
    ],
  },
  {
    id: 'how-we-use-it',
    heading: 'How we use it',
    paragraphs: ['We use your information only to:'],
    points: [
      'answer your message;',
      'send the newsletter you asked for, until you unsubscribe;',
      'manage your membership: your tier, your vote at conference and the information members receive;',
      'meet our legal obligations, including the rules on political party membership and donations.',
    ],
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    paragraphs: [
      'We do not sell, rent or trade personal information. We share it only with the organisations that host our systems for us, under contracts that forbid any other use, and with authorities where the law requires it.',
    ],
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    paragraphs: [
      'Contact messages are deleted two years after our last reply (or after they reached us, if we never replied). Newsletter addresses are deleted when you unsubscribe, and three days after the sign-up if they are never confirmed. Event registrations are deleted a year after you register. A comment on a consultation stays with it, as the public record of what people said, until you ask us to erase it (its text and your address then go; its place in the thread stays, marked erased); one waiting for its emailed link is deleted two days on if you never open it. Membership records are kept while you are a member and for one year after you cancel, so that you can rejoin as you were, then deleted; you can delete your account at once from the member area.',
    ],
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    paragraphs: [
      'You can ask us for a copy of the information we hold about you, ask us to correct it, or ask us to delete it where the law allows. You can unsubscribe from the newsletter at any time from the link in every email. Write to us through the contact page and we will answer within 30 days.',
      'You need not wait for us: on the “Your data” page, linked at the foot of every page, anyone, member or not, can download everything we hold under their email address, or have it erased, at once. We email a link to the address to check that it is yours. Of a donation we received, election law makes us keep the donor’s name, address, occupation and employer with the amount and date; the rest goes.',
    ],
  },
  {
    id: 'security',
    heading: 'Security',
    paragraphs: [
      'Our site is served over an encrypted connection. Passwords are hashed, access to member data is limited to the staff who need it, and every access is logged.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    paragraphs: [
      'If we change what we collect or how we use it, we will update this page and, for members and subscribers, tell you by email before the change takes effect.',
    ],
  },
];

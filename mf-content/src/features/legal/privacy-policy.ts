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
      'Server logs: the date, the address requested and the response, kept for 30 days to keep the site secure. Form contents and passwords are never written to logs.',
    ],
  },
  {
    id: 'donations',
    heading: 'Donations in cryptocurrency',
    paragraphs: [
      'When you donate, your wallet sends the transaction directly to the blockchain. We do not receive or store your wallet’s keys, and our servers are not involved in the payment.',
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
      'Contact messages are deleted two years after our last reply (or after they reached us, if we never replied). Newsletter addresses are deleted when you unsubscribe, and three days after the sign-up if they are never confirmed. Event registrations are deleted a year after you register. Membership records are kept while you are a member and for one year after you cancel, so that you can rejoin as you were, then deleted; you can delete your account at once from the member area.',
    ],
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    paragraphs: [
      'You can ask us for a copy of the information we hold about you, ask us to correct it, or ask us to delete it where the law allows. You can unsubscribe from the newsletter at any time from the link in every email. Write to us through the contact page and we will answer within 30 days.',
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

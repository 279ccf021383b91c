import { legalDocumentVersions } from '@party/shared-contracts';
import type { LongFormChapter } from '../../ui/LongForm';
import { lastUpdated } from './last-updated';

export const termsOfUseUpdated = lastUpdated(legalDocumentVersions['terms-of-use']);

export const termsOfUse: readonly LongFormChapter[] = [
  {
    id: 'about-these-terms',
    heading: 'About these terms',
    paragraphs: [
      'These terms apply when you use this website, send us a message, subscribe to our newsletter, become a member or donate. By using the site you agree to them. Our privacy policy explains how we handle your personal information.',
    ],
  },
  {
    id: 'using-the-site',
    heading: 'Using the site',
    paragraphs: [
      'You may read, share and quote the content of this site for any non-commercial purpose, with a link to the page you quote. Our policy papers and research are published so that they can be checked: please do.',
      'Do not attempt to disrupt the site, access parts of it you are not meant to, or submit forms in someone else’s name.',
    ],
  },
  {
    id: 'membership',
    heading: 'Membership',
    paragraphs: [
      'Supporter membership is free. Member ($5 a month) and Advocate ($15 a month) memberships can be cancelled at any time, with effect from the end of the month you are in. Membership gives you a vote on the party platform and in internal elections, under the party constitution.',
      'You must give accurate information when you join, and you are responsible for keeping your password secret.',
    ],
  },
  {
    id: 'donations',
    heading: 'Donations',
    paragraphs: [
      'Donations are voluntary gifts to the party and are not tax-deductible. Donations in cryptocurrency are sent from your own wallet to our public receiving address; once confirmed on the blockchain they cannot be reversed by us. Check the amount and the network before you confirm in your wallet.',
      'We may be required by law to return a donation, or to ask who you are, when a donation exceeds the limits that apply to political parties.',
    ],
  },
  {
    id: 'content-accuracy',
    heading: 'Accuracy of what we publish',
    paragraphs: [
      'We link every figure we publish to its source and correct mistakes where they appeared. If you find an error, tell us through the contact page. The site is provided as it is, and we cannot promise it will always be available.',
    ],
  },
  {
    id: 'links',
    heading: 'Links to other sites',
    paragraphs: [
      'Links to other sites, such as block explorers or the sources of our evidence, are provided for reference. We are not responsible for their content.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    paragraphs: ['We may update these terms. The date at the top of the contents shows when they last changed.'],
  },
];

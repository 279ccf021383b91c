import {
  dataRightsLinks,
  eventLinks,
  memberLinks,
  newsletterLinks,
  staffLinks,
  type RemoteRoute,
} from '@party/shared-contracts';

/**
 * The pages this remote serves, each rendered by `routes/<page>.tsx`, with their places in the
 * footer. Its releases declare them (routes.json) and the shell routes by them. The pages that
 * emails link to keep the paths the gateway writes into them (site-links in the contracts).
 */
export const engagementRoutes = [
  { path: '/contact', page: 'Contact', footer: { group: 'contact', label: 'Contact', order: 30 } },
  { path: '/join', page: 'Join', footer: { group: 'take-part', label: 'Join', order: 20 } },
  { path: '/membership-confirmation', page: 'MembershipConfirmation', unlisted: true },
  { path: '/volunteer', page: 'Volunteer', footer: { group: 'take-part', label: 'Volunteer', order: 30 } },
  { path: newsletterLinks.confirmPage, page: 'NewsletterConfirm', unlisted: true },
  { path: newsletterLinks.unsubscribePage, page: 'NewsletterUnsubscribe', unlisted: true },
  { path: memberLinks.confirmPage, page: 'MembershipConfirm', unlisted: true },
  {
    path: memberLinks.signInPage,
    page: 'MemberSignIn',
    footer: { group: 'take-part', label: 'Member sign-in', order: 50 },
  },
  { path: memberLinks.accountPage, page: 'MemberAccount', unlisted: true },
  { path: memberLinks.forgotPasswordPage, page: 'ForgotPassword', unlisted: true },
  { path: memberLinks.resetPasswordPage, page: 'ResetPassword', unlisted: true },
  { path: dataRightsLinks.requestPage, page: 'YourData', footer: { group: 'contact', label: 'Your data', order: 15 } },
  { path: dataRightsLinks.copyPage, page: 'YourDataCopy', unlisted: true },
  { path: dataRightsLinks.erasurePage, page: 'YourDataErasure', unlisted: true },
  { path: eventLinks.placePage, page: 'YourPlace', unlisted: true },
  { path: '/staff', page: 'StaffConsole', unlisted: true },
  { path: staffLinks.passwordPage, page: 'StaffPassword', unlisted: true },
] as const satisfies readonly RemoteRoute[];

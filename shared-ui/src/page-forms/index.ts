// The page-form kit every remote's forms use: a form that works before and without the page's code
// (decision 0036), and the one-button page an emailed link opens.
export { INCOMPLETE_LINK, useEmailLinkAction, useEmailLinkProblem, useLinkToken } from './email-link.js';
export { takeHeldSubmit } from './held-submit.js';
export { PageFormField, pageFormAttributes, refusedSubmission, sentByBrowser, submissionShown } from './page-form.js';
export { FormProblem } from './FormProblem.js';

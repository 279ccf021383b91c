import {
  PAGE_FORM_FIELD,
  PAGE_FORM_SENT,
  pageFormAnchor,
  type FormSubmission,
  type PageFormName,
} from '@party/shared-contracts';
import { pageData } from '../site-settings.js';

// What a page form (docs/decisions/0036) holds beside its own fields, and what the gateway's answer
// to the browser's own post left in the page for its code to take over.

/** Refused submissions already shown: a later visit of the same page, in the same tab, starts afresh. */
const shownSubmissions = new WeakSet<FormSubmission>();

/** The page's refused submission of `form`, when the gateway rendered the page with one. */
export function refusedSubmission(form: PageFormName | undefined): FormSubmission | null {
  const submission = form ? pageData()?.formSubmission : undefined;
  return submission && submission.form === form && !shownSubmissions.has(submission) ? submission : null;
}

/** Marks a refused submission shown, once its form has taken it over. */
export const submissionShown = (submission: FormSubmission) => shownSubmissions.add(submission);

/** Whether the page was opened by the gateway's 303 after the browser posted `form` (`?sent=`). */
export const sentByBrowser = (form: PageFormName | undefined, searchParams: URLSearchParams) =>
  form !== undefined && searchParams.get(PAGE_FORM_SENT) === form;

/** The attributes of a page form's element: back at the form once the gateway has answered the post. */
export const pageFormAttributes = (form: PageFormName) => ({
  id: pageFormAnchor(form),
  action: `#${pageFormAnchor(form)}`,
  'data-server-form': '',
});

/** The hidden field naming the form to the gateway. */
export const PageFormField = ({ form }: { form: PageFormName }) => (
  <input type="hidden" name={PAGE_FORM_FIELD} value={form} />
);

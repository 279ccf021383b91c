// The shared UI (`@party/shared-ui`): the page furniture every remote renders (bundled into each remote, never
// shared at runtime), its stylesheets (`design-tokens.css`, `page-layout.css`) and the standalone
// harness. It uses the contracts; the contracts never use it.
export { PageHero } from './PageHero.js';
export { Section } from './Section.js';
export { FaqList, type FaqEntry } from './FaqList.js';
export { HydrateWhenSeen } from './HydrateWhenSeen.js';
export { watchUntilNeeded } from './watch-until-needed.js';
export { usePageMeta } from './usePageMeta.js';
export { PageFrame } from './PageFrame.js';
export { siteSettings, pageData } from './site-settings.js';
export { useRenderedOrRead, type GatewayRead } from './useRenderedOrRead.js';
export { isLeavingPage } from './page-leaving.js';
export { inPageClick } from './in-page-click.js';
export { renderStandalone } from './standalone-harness.js';
export { apiRequest, ApiError, failureDescription, nullWhenNotFound, serverFieldErrors } from './api-request.js';
export {
  raiseToast,
  onToastRaised,
  setPageMeta,
  onPageMetaSet,
  loadRemoteWidget,
  onRemoteWidgetRequested,
  reportWidgetFailure,
  onWidgetFailureReported,
} from './shell-channel.js';
export type { RemotePageModule, RemoteServerBundle } from './remote-modules.js';
export {
  CheckboxField,
  CheckboxGroup,
  ErrorSummary,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextField,
  useSchemaForm,
  type FormValues,
} from './forms/index.js';
export {
  FormProblem,
  INCOMPLETE_LINK,
  useEmailLinkAction,
  useEmailLinkProblem,
  useLinkToken,
  PageFormField,
  pageFormAttributes,
  refusedSubmission,
  sentByBrowser,
  submissionShown,
  takeHeldSubmit,
} from './page-forms/index.js';

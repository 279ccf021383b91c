export { PARTY_NAME, PARTY_HEADQUARTERS } from './party.js';
export { legalDocumentVersions, type LegalDocument } from './legal.js';
export {
  staffRoles,
  staffSections,
  staffLinks,
  mayOpen,
  STAFF_LIST_LIMIT,
  type StaffRole,
  type StaffSection,
  type StaffMember,
  type StaffInboxMessage,
  type StaffMemberRow,
  type StaffSubscriberRow,
  type StaffNewsletterIssue,
  type StaffNewsletterOverview,
  type StaffVolunteerRow,
  type StaffAccessLogRow,
} from './staff.js';
export { newsletterLinks, memberLinks, MEMBER_SIGNED_IN_COOKIE, isMemberSignedIn, socialCards } from './site-links.js';
export {
  remoteNames,
  remotePages,
  siteRoutes,
  remoteModuleId,
  remoteWidgetIds,
  type RemoteName,
  type RemotePage,
  type ExposedPageKey,
  type ExposedWidgetKey,
  type RemoteWidgets,
  type RemoteWidgetId,
  type NewsletterSignupProps,
  type EventRegistrationProps,
  type SiteRoute,
} from './remote-contract.js';
export {
  remoteRegistrySchema,
  remoteRegistryEntrySchema,
  REMOTE_REGISTRY_PATH,
  type RemoteRegistry,
  type RemoteRegistryEntry,
} from './remote-registry.js';
export {
  toastVariants,
  type ToastRequest,
  type ToastVariant,
  type PageMeta,
  type RemoteWidgetRequest,
  type WidgetFailure,
  type ShellChannelEvents,
} from './shell-channel.js';
export {
  routerExports,
  REMOTE_MANIFEST_FILE,
  SERVER_SHARED_GLOBAL,
  serverSharedModules,
} from './federation.js';
export * from './forms/index.js';
export { declarePageMeta, renderOnServer, alreadyLoaded, serverWidget } from './server-render.js';
export { remoteFailureReportSchema, REMOTE_FAILURE_PATH, type RemoteFailureReport } from './remote-failure.js';

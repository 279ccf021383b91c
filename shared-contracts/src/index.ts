export { PARTY_NAME, PARTY_DESCRIPTION, PARTY_HEADQUARTERS } from './party.js';
export { PAGE_ASSETS_FILE, pageAssetsSchema, type PageAssets } from './page-assets.js';
export { legalDocumentVersions, type LegalDocument } from './legal.js';
export {
  staffRoles,
  staffSections,
  staffLinks,
  mayOpen,
  STAFF_LIST_LIMIT,
  TOTP_PERIOD_SECONDS,
  STAFF_REAUTH_SECONDS,
  staffAccessActions,
  staffDuties,
  type StaffDuty,
  type StaffAccessAction,
  type StaffSessionStep,
  type StaffSessionView,
  type StaffSessionRow,
  type SecondFactorRow,
  type SecondFactorAdded,
  type StaffAccountRow,
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
  type StaffDonationRow,
  type StaffReleaseLine,
  type StaffPreviewLink,
  type DonationAttention,
  donationAttentions,
} from './staff.js';
export {
  newsletterLinks,
  memberLinks,
  dataRightsLinks,
  MEMBER_SIGNED_IN_COOKIE,
  isMemberSignedIn,
  pageSlug,
  pageSlugPattern,
  socialCards,
  footerGroups,
  REMOTE_FAILURE_PATH,
  REMOTE_REGISTRY_PATH,
  RELEASE_PREVIEW_LEAVE_PATH,
} from './site-links.js';
export {
  REMOTE_NAME,
  isRemoteName,
  isFrontEndName,
  RELEASE_VERSION,
  PREVIEW_HOURS,
  notAVersion,
  remoteModuleId,
  remoteWidgetIds,
  type RemoteName,
  type FrontEndName,
  type HistoryEntry,
  type ExposedWidgetKey,
  type RemoteWidgets,
  type RemoteWidgetId,
  type NewsletterSignupProps,
  type EventRegistrationProps,
} from './remote-contract.js';
export {
  builtInRemotes,
  builtInRemoteNames,
  isBuiltInRemoteName,
  type BuiltInRemoteName,
  linkPlaces,
  ownerOfPath,
  prefixProblems,
  remoteDefinitionSchema,
  reservedPrefixes,
  type LinkPlace,
  type RemoteDefinition,
} from './remote-definitions.js';
export {
  ROUTES_FILE,
  previewedReleases,
  siteRoutesOf,
  listedPaths,
  matchRoute,
  routeProblems,
  type SiteRoute,
} from './site-routes.js';
export {
  remoteRegistrySchema,
  remoteNameSchema,
  remoteRegistryEntrySchema,
  remoteRouteSchema,
  routeTableSchema,
  type RemoteRoute,
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
export { routerExports, REMOTE_MANIFEST_FILE, SERVER_SHARED_GLOBAL, serverSharedModules } from './federation.js';
export * from './forms/index.js';
export * from './events/party-events.js';
export * from './events/event-schemas.js';
export {
  declarePageMeta,
  renderOnServer,
  alreadyLoaded,
  serverWidget,
  serverSiteSettings,
  serverPageData,
  SITE_SETTINGS_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  type SiteSettings,
  type PageData,
  type FormSubmission,
} from './server-render.js';
export { remoteFailureReportSchema, type RemoteFailureReport } from './remote-failure.js';
export {
  donationNetworks,
  donationNetwork,
  explorerTxUrl,
  type DonationAsset,
  type DonationNetwork,
} from './donations/donation-networks.js';
export {
  declarationFields,
  declarationFieldIds,
  donationStatuses,
  donationLinks,
  type DeclarationFieldId,
  type DonationAffirmation,
  type DonationCapPeriod,
  type DonationTerms,
  type AcceptingDonationTerms,
  type DonationStatus,
  type DonationReportReceipt,
  type PublicDonationLedger,
} from './donations/donation-terms.js';
export {
  declarationSchema,
  donationPledgeSchema,
  donationReportSchema,
  donationResolutionSchema,
  donationRefundSchema,
  donationSignatureSchema,
  declarationOnBehalfSchema,
  AFFIRMATIONS_REFUSED,
  INVALID_DONATION_AMOUNT,
  type DonationDeclaration,
  type DonationPledge,
  type DonationPledgeReceipt,
  type DeclarationRequired,
  type DonationReport,
  type DonationResolution,
  type DonationSignature,
} from './donations/donation-schemas.js';
export {
  donationPledgeTypedData,
  donationPledgeTypes,
  walletTypedData,
  type DonationPledgeMessage,
  type DonationPledgeTypedData,
  type SignedPledgeFacts,
} from './donations/donation-signature.js';
export { formatMoney } from './donations/money.js';
export * from './consultations/policy-areas.js';
export * from './consultations/consultation-schemas.js';
export * from './consultations/consultation-links.js';

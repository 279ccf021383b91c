import { lazy, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { mayOpen, staffSections, type StaffSection } from '@party/shared-contracts';
import { StaffInbox } from '../features/staff/StaffInbox';
import { StaffAccessLog, StaffMembers, StaffSubscribers, StaffVolunteers } from '../features/staff/StaffPeople';
import { StaffSignIn } from '../features/staff/StaffSignIn';
import { StaffSessionContext, useStaffSession } from '../features/staff/useStaffSession';
import styles from '../features/staff/Staff.module.css';
import { FormProblem, PageFrame } from '@party/shared-ui';

const meta = {
  title: 'Staff console',
  description:
    'The party staff’s console: contact messages, members, subscribers, the newsletter, volunteers and donations.',
  noindex: true,
};

// Chunks of their own: the treasurer's view, the administrators' sections, the newsletter's
// composer, the events section, and what a sign-in needs once (the second step, adding a factor with its QR code), so
// that each opens only what it uses.
const StaffDonations = lazy(() =>
  import('../features/staff/StaffDonations').then((module) => ({ default: module.StaffDonations })),
);
const StaffNewsletter = lazy(() =>
  import('../features/staff/StaffNewsletter').then((module) => ({ default: module.StaffNewsletter })),
);
const StaffReleases = lazy(() =>
  import('../features/staff/StaffReleases').then((module) => ({ default: module.StaffReleases })),
);
const StaffAccounts = lazy(() =>
  import('../features/staff/StaffAccounts').then((module) => ({ default: module.StaffAccounts })),
);
const StaffDataRequests = lazy(() =>
  import('../features/staff/StaffDataRequests').then((module) => ({ default: module.StaffDataRequests })),
);
const StaffEvents = lazy(() =>
  import('../features/staff/StaffEvents').then((module) => ({ default: module.StaffEvents })),
);
const StaffConsultations = lazy(() =>
  import('../features/staff/StaffConsultations').then((module) => ({ default: module.StaffConsultations })),
);
const StaffSignInSettings = lazy(() =>
  import('../features/staff/StaffSignInSettings').then((module) => ({ default: module.StaffSignInSettings })),
);
const StaffSecondStep = lazy(() =>
  import('../features/staff/StaffSecondStep').then((module) => ({ default: module.StaffSecondStep })),
);

const sectionViews: Record<StaffSection, ComponentType> = {
  inbox: StaffInbox,
  members: StaffMembers,
  subscribers: StaffSubscribers,
  newsletter: StaffNewsletter,
  volunteers: StaffVolunteers,
  events: StaffEvents,
  consultations: StaffConsultations,
  donations: StaffDonations,
  releases: StaffReleases,
  accessLog: StaffAccessLog,
  accounts: StaffAccounts,
  privacy: StaffDataRequests,
  security: StaffSignInSettings,
};

/**
 * The console of the party's staff: a route group of this remote (decision 0015). Its code is
 * its own chunks, fetched only when /staff is opened; the gateway gives each role its sections.
 */
export default function StaffConsolePage() {
  const { state, refresh, update, signOut } = useStaffSession();
  const [searchParams, setSearchParams] = useSearchParams();

  return (
    <PageFrame meta={meta}>
      <div className={styles.console}>
        <h1 className={styles.heading}>Staff console</h1>
        {state.kind === 'loading' && <p role="status">Checking your session…</p>}
        {state.kind === 'failed' && <FormProblem message={state.message} />}
        {state.kind === 'signed-out' && <StaffSignIn onSignedIn={refresh} />}
        {state.kind === 'session' && state.session.step !== 'signed-in' && (
          <>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <StaffSecondStep session={state.session} onDone={update} refresh={refresh} />
            </Suspense>
            <p className={styles.leave}>
              Not you, or finishing later?{' '}
              <button type="button" className={styles.linkButton} onClick={() => void signOut()}>
                Sign out
              </button>
            </p>
          </>
        )}
        {state.kind === 'session' &&
          state.session.step === 'signed-in' &&
          (() => {
            const { session } = state;
            const { staff } = session;
            const sections = (Object.keys(staffSections) as StaffSection[]).filter((section) =>
              mayOpen(staff, section),
            );
            const asked = searchParams.get('section') as StaffSection | null;
            const section = asked && sections.includes(asked) ? asked : sections[0]!;
            const View = sectionViews[section];
            return (
              <StaffSessionContext value={{ session, update, refresh }}>
                <div className={styles.who}>
                  <p>
                    Signed in as <strong>{staff.name}</strong> ({staff.email}) · {staff.role}
                  </p>
                  <button type="button" className="button button-outline" onClick={() => void signOut()}>
                    Sign out
                  </button>
                </div>
                <nav aria-label="Console sections" className={styles.sections}>
                  {sections.map((each) => (
                    <a
                      key={each}
                      href={`?section=${each}`}
                      aria-current={each === section ? 'page' : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        setSearchParams({ section: each });
                      }}
                    >
                      {staffSections[each].label}
                    </a>
                  ))}
                </nav>
                <section aria-labelledby="staff-section-heading" className={styles.section}>
                  <h2 id="staff-section-heading">{staffSections[section].label}</h2>
                  <Suspense fallback={<p role="status">Loading…</p>}>
                    <View />
                  </Suspense>
                </section>
              </StaffSessionContext>
            );
          })()}
      </div>
    </PageFrame>
  );
}

import { useState } from 'react';
import {
  consultationPage,
  moderationReasons,
  staffLinks,
  type ModerationReason,
  type StaffConsultationSummary,
  type StaffConsultationView,
} from '@party/shared-contracts';
import { raiseToast } from '@party/shared-ui';
import * as consultationsApi from './api/consultations';
import { ConsultationDraftForm, ConsultationResponseForm, ConsultationVersionForm } from './StaffConsultationForms';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';
import { refused } from './staff-refusal';

const phaseNames = { draft: 'Draft', open: 'Open', closed: 'Closed', answered: 'Answered' } as const;

/** A consultation's comments still shown, each hidden with a reason from the published list. */
function Moderation({ slug, onHidden }: { slug: string; onHidden: () => void }) {
  const { state, reload } = useStaffData<StaffConsultationView>(consultationsApi.consultationUrl(slug));
  const [reasons, setReasons] = useState<Record<string, ModerationReason>>({});
  return (
    <StaffLoaded state={state}>
      {(consultation) => {
        const shown = consultation.thread.filter((comment) => comment.body !== null);
        const numbers = new Map(consultation.paragraphs.map((paragraph) => [paragraph.key, paragraph.number]));
        return (
          <section aria-label={`Comments on ${consultation.title}`}>
            <h3>Comments on “{consultation.title}”</h3>
            {shown.length === 0 ? (
              <p>No comment is shown on this consultation.</p>
            ) : (
              <ul>
                {shown.map((comment) => (
                  <li key={comment.id}>
                    <p>
                      <strong>Participant {comment.participant}</strong>, on paragraph{' '}
                      {numbers.get(comment.paragraph) ?? '(removed)'}: {comment.body}
                    </p>
                    <label>
                      Reason{' '}
                      <select
                        value={reasons[comment.id] ?? ''}
                        onChange={(event) =>
                          setReasons({ ...reasons, [comment.id]: event.target.value as ModerationReason })
                        }
                      >
                        <option value="">Choose a reason</option>
                        {Object.entries(moderationReasons).map(([reason, text]) => (
                          <option key={reason} value={reason}>
                            {text}
                          </option>
                        ))}
                      </select>
                    </label>{' '}
                    <button
                      type="button"
                      className="button button-outline"
                      disabled={!reasons[comment.id]}
                      onClick={() =>
                        void consultationsApi.hideComment(slug, comment.id, reasons[comment.id]!).then(() => {
                          raiseToast({ title: 'Comment hidden', description: 'The moderation log shows why.' });
                          reload();
                          onHidden();
                        }, refused('The comment could not be hidden.'))
                      }
                    >
                      Hide comment by participant {comment.participant}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      }}
    </StaffLoaded>
  );
}

/** A form that works on one consultation as staff see it (its paragraphs, its counts). */
function WithConsultation({
  slug,
  form: Form,
  onDone,
}: {
  slug: string;
  form: typeof ConsultationVersionForm | typeof ConsultationResponseForm;
  onDone: () => void;
}) {
  const { state } = useStaffData<StaffConsultationView>(consultationsApi.consultationUrl(slug));
  return (
    <StaffLoaded state={state}>{(consultation) => <Form consultation={consultation} onDone={onDone} />}</StaffLoaded>
  );
}

/** A row's action: its label shown, with what it acts on said to screen readers (the rows' buttons are told apart). */
function RowAction({ label, on, onClick }: { label: string; on: string; onClick: () => void }) {
  return (
    <button type="button" className="button button-outline" onClick={onClick}>
      {label}
      <span className="visually-hidden"> {on}</span>
    </button>
  );
}

type Working = { kind: 'start' } | { kind: 'version' | 'response'; slug: string };

/**
 * Consultations, for staff: started here as a draft, revised in versions, opened and closed, their
 * comments moderated, and answered with the party's response.
 */
export function StaffConsultations() {
  const { state, reload } = useStaffData<StaffConsultationSummary[]>(staffLinks.consultationsEndpoint);
  const [moderating, setModerating] = useState<string | null>(null);
  const [working, setWorking] = useState<Working | null>(null);
  const change = (slug: string, phase: 'open' | 'closed') =>
    void consultationsApi.changePhase(slug, phase).then(() => {
      raiseToast({ title: phase === 'open' ? 'Consultation open' : 'Consultation closed', description: slug });
      reload();
    }, refused('The consultation could not be changed.'));
  const done = () => {
    setWorking(null);
    reload();
  };
  // What each phase allows: opening a draft, closing or reopening, a new version before it closes,
  // the response once closed, moderation once public.
  const actionsOf = (row: StaffConsultationSummary) => (
    <div className={styles.rowActions}>
      {(row.phase === 'draft' || row.phase === 'closed') && (
        <RowAction
          label={row.phase === 'draft' ? 'Open' : 'Reopen'}
          on={row.title}
          onClick={() => change(row.slug, 'open')}
        />
      )}
      {row.phase === 'open' && <RowAction label="Close" on={row.title} onClick={() => change(row.slug, 'closed')} />}
      {(row.phase === 'draft' || row.phase === 'open') && (
        <RowAction
          label="New version"
          on={`of ${row.title}`}
          onClick={() => setWorking({ kind: 'version', slug: row.slug })}
        />
      )}
      {row.phase === 'closed' && (
        <RowAction
          label="Publish the response"
          on={`to ${row.title}`}
          onClick={() => setWorking({ kind: 'response', slug: row.slug })}
        />
      )}
      {row.phase !== 'draft' && <RowAction label="Moderate" on={row.title} onClick={() => setModerating(row.slug)} />}
    </div>
  );

  if (working?.kind === 'start') return <ConsultationDraftForm onDone={done} />;
  if (working)
    return (
      <WithConsultation
        key={`${working.kind}-${working.slug}`}
        slug={working.slug}
        form={working.kind === 'version' ? ConsultationVersionForm : ConsultationResponseForm}
        onDone={done}
      />
    );
  return (
    <StaffLoaded state={state}>
      {(rows) => (
        <>
          <div className={styles.toolbar}>
            <button type="button" className="button" onClick={() => setWorking({ kind: 'start' })}>
              Start a consultation
            </button>
          </div>
          <StaffTable
            caption="Consultations"
            rows={rows}
            rowKey={(row) => row.slug}
            empty="No consultation has been started."
            columns={[
              {
                label: 'Consultation',
                cell: (row) =>
                  row.phase === 'draft' ? row.title : <a href={consultationPage(row.slug)}>{row.title}</a>,
              },
              { label: 'Phase', cell: (row) => phaseNames[row.phase] },
              { label: 'Closes', cell: (row) => row.closesOn },
              { label: 'Comments', cell: (row) => row.comments },
              { label: 'Actions', cell: actionsOf },
            ]}
          />
          {moderating && <Moderation key={moderating} slug={moderating} onHidden={reload} />}
        </>
      )}
    </StaffLoaded>
  );
}

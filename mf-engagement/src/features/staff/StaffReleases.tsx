import { useState } from 'react';
import { staffLinks, type StaffPreviewLink, type StaffReleaseLine } from '@party/shared-contracts';
import { raiseToast, failureDescription } from '@party/shared-ui';
import { when } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffPreviewLinks } from './StaffPreviewLinks';
import { StaffTable } from './StaffTable';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';
import * as releasesApi from './api/releases';

type HistoryEntry = StaffReleaseLine['history'][number];

const eventWords: Record<HistoryEntry['event'], string> = {
  published: 'Published',
  activate: 'Activated',
  rollback: 'Rolled back',
  canary: 'Canary started',
  promote: 'Canary promoted',
  'canary-end': 'Canary ended',
};

const share = (failures: number, loads: number) =>
  loads === 0 ? '—' : `${((100 * failures) / loads).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

/** A preview link for one of the line's published releases, made on request and shown until the next. */
function PreviewLinks({ line, onMade }: { line: StaffReleaseLine; onMade: () => void }) {
  const [link, setLink] = useState<{ version: string; url: string; expiresAt: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  if (line.previewable.length === 0) return null;

  async function preview(version: string) {
    setPending(version);
    try {
      const made = await releasesApi.preview(line.remote, version);
      setLink({ version, ...made });
      onMade();
    } catch (error) {
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'The preview link could not be made. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className={styles.previews}>
      <h4>Look before it is activated</h4>
      <div className={styles.rowActions}>
        {line.previewable.map((version) => (
          <button
            key={version}
            type="button"
            className="button button-outline"
            disabled={pending !== null}
            onClick={() => void preview(version)}
          >
            {pending === version ? 'Making the link…' : `Preview ${version}`}
          </button>
        ))}
      </div>
      <p role="status" className={styles.note}>
        {link && (
          <>
            A link to {line.remote} {link.version} for this browser alone, until {when(link.expiresAt)}:{' '}
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              open the preview
            </a>{' '}
            (its banner leaves it).
          </>
        )}
      </p>
    </div>
  );
}

function ReleaseLine({ line, onPreviewMade }: { line: StaffReleaseLine; onPreviewMade: () => void }) {
  const headingId = `release-${line.remote}`;
  return (
    <article className={styles.release} aria-labelledby={headingId}>
      <h3 id={headingId}>{line.remote}</h3>
      <dl className={styles.facts}>
        {line.prefixes.length > 0 && (
          <>
            <dt>Pages under</dt>
            <dd>{line.prefixes.join(', ')}</dd>
          </>
        )}
        <dt>Active</dt>
        <dd>
          {!line.active
            ? 'Nothing: its pages are not served until a release is activated'
            : line.active.since
              ? `${line.active.version}, since ${when(line.active.since)}`
              : 'Its configured build (no release activated)'}
        </dd>
        <dt>Canary</dt>
        <dd>
          {line.canary
            ? `${line.canary.version} for ${line.canary.percent} % of visitors, since ${when(line.canary.since)}`
            : 'None'}
        </dd>
      </dl>
      {line.remote === 'shell' ? (
        <p className={styles.note}>Every page is composed in the shell: its page loads are counted by remote above.</p>
      ) : (
        <StaffTable
          caption={`${line.remote}: page loads and load failures in the last hour`}
          columns={[
            { label: 'Release', cell: (row) => row.version },
            { label: 'Page loads', cell: (row) => row.loads.toLocaleString('en-GB') },
            { label: 'Load failures', cell: (row) => row.failures.toLocaleString('en-GB') },
            { label: 'Failure ratio', cell: (row) => share(row.failures, row.loads) },
          ]}
          rows={line.lastHour}
          rowKey={(row) => row.version}
          empty="No page loads in the last hour."
        />
      )}
      <PreviewLinks line={line} onMade={onPreviewMade} />
      <h4>History</h4>
      <StaffTable
        caption={`${line.remote}: latest changes`}
        columns={[
          { label: 'When', cell: (entry: HistoryEntry) => when(entry.at) },
          { label: 'Change', cell: (entry) => eventWords[entry.event] },
          {
            label: 'Release',
            cell: (entry) =>
              `${entry.previousVersion ? `${entry.previousVersion} → ` : ''}${entry.version}${entry.percent === undefined ? '' : ` (${entry.percent} %)`}`,
          },
          { label: 'By', cell: (entry) => entry.by },
          { label: 'Reason', cell: (entry) => entry.reason },
        ]}
        rows={line.history}
        rowKey={(entry) => `${entry.at} ${entry.event} ${entry.version}`}
        empty={line.active ? 'Nothing published yet: it runs its configured build.' : 'Nothing published yet.'}
      />
    </article>
  );
}

/**
 * Releases, for administrators: what each remote and the shell run (active, canary), how each
 * release fared in the last hour, their latest changes, preview links for published ones, and every
 * preview link that still works. Changes are made with the release command line, which records who
 * made them and why.
 */
export function StaffReleases() {
  const { state } = useStaffData<StaffReleaseLine[]>(staffLinks.releasesEndpoint);
  const previewLinks = useStaffData<StaffPreviewLink[]>(staffLinks.previewLinksEndpoint);
  return (
    <StaffLoaded state={state}>
      {(lines) => (
        <>
          <p className={styles.note}>
            Activate, roll back and run canaries with <code>npm run remotes</code>: every change is recorded with who
            made it and why.
          </p>
          {lines.map((line) => (
            <ReleaseLine key={line.remote} line={line} onPreviewMade={previewLinks.reload} />
          ))}
          <StaffPreviewLinks state={previewLinks.state} reload={previewLinks.reload} />
        </>
      )}
    </StaffLoaded>
  );
}

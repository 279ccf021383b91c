import { type previewedReleases, RELEASE_PREVIEW_LEAVE_PATH } from '@party/shared-contracts';
import styles from './PreviewBanner.module.css';

/**
 * Says, above everything, which releases this browser previews through a preview link (nobody else
 * sees them), with a button that leaves the preview: a form's POST, so that it works before and
 * without the page's code, and reloads the page on the active releases.
 */
export function PreviewBanner({ previews }: { previews: ReturnType<typeof previewedReleases> }) {
  if (previews.length === 0) return null;
  return (
    <aside className={styles.banner} aria-label="Release preview">
      <div className={styles.inner}>
        <p className={styles.text}>
          <span className={styles.tag}>Preview</span>{' '}
          {previews.map(({ remote: frontEnd, version }, index) => (
            <span key={frontEnd}>
              {index > 0 && ', '}
              <strong>
                {frontEnd} {version}
              </strong>
            </span>
          ))}
          . Only this browser sees it; visitors see the active release.
        </p>
        <form method="post" action={RELEASE_PREVIEW_LEAVE_PATH} className={styles.form} data-server-form="">
          <button type="submit" className={styles.leave}>
            Leave preview
          </button>
        </form>
      </div>
    </aside>
  );
}

import type { StaffPreviewLink } from '@party/shared-contracts';
import { failureDescription, raiseToast } from '@party/shared-ui';
import { when } from './staff-dates';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import type { StaffData } from './useStaffData';
import * as releasesApi from './api/releases';

/**
 * Every preview link that still works, whoever made it (here or with the release command line), and
 * ending one: whoever opened it is back on the active releases at their next page.
 */
export function StaffPreviewLinks({ state, reload }: { state: StaffData<StaffPreviewLink[]>; reload: () => void }) {
  async function end(link: StaffPreviewLink) {
    try {
      await releasesApi.endPreview(link.id);
      raiseToast({
        title: 'Preview link ended',
        description: `The link to ${link.remote} ${link.version} no longer works, for anyone who opened it.`,
      });
    } catch (error) {
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'The link could not be ended just now. Please try again.'),
        variant: 'destructive',
      });
    }
    reload();
  }
  return (
    <section aria-labelledby="preview-links-heading">
      <h3 id="preview-links-heading">Preview links that still work</h3>
      <StaffLoaded state={state}>
        {(links) => (
          <StaffTable
            caption="Preview links that still work, newest first"
            rows={links}
            rowKey={(link) => link.id}
            empty="No preview link works now."
            columns={[
              { label: 'Release', cell: (link) => `${link.remote} ${link.version}` },
              { label: 'Made by', cell: (link) => link.madeBy },
              { label: 'Made', cell: (link) => when(link.madeAt) },
              { label: 'Works until', cell: (link) => when(link.expiresAt) },
              {
                label: 'End it',
                cell: (link) => (
                  <button type="button" className="button button-outline" onClick={() => void end(link)}>
                    End this link
                    <span className="visually-hidden">
                      {' '}
                      to {link.remote} {link.version}, made {when(link.madeAt)}
                    </span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </StaffLoaded>
    </section>
  );
}

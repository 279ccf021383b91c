import { onPageMetaSet, onRemoteWidgetRequested, onToastRaised, onWidgetFailureReported } from '@party/shared-ui';
import { applyPageMeta } from '../features/page-meta/page-meta';
import { remoteOfModule } from '../features/remotes/remote-failures';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { toastStore } from '../features/toasts/toast-store';

/**
 * Connects the shell channel to the shell's toast store, document head, federation runtime and
 * failure reports.
 * Called before the first render, so that no page (not even the first one) speaks before the shell
 * listens.
 */
export function listenToShellChannel(remotes: RemoteLoader): () => void {
  const stopToasts = onToastRaised((request) => toastStore.getState().show(request));
  const stopPageMeta = onPageMetaSet(applyPageMeta);
  const stopWidgets = onRemoteWidgetRequested(({ id, respond }) => respond(remotes.loadWidget(id)));
  const stopWidgetFailures = onWidgetFailureReported(({ id, error }) => {
    const remote = remoteOfModule(id);
    if (remote) remotes.reportFailure(remote, error);
  });
  return () => {
    stopToasts();
    stopPageMeta();
    stopWidgets();
    stopWidgetFailures();
  };
}

import { onPageMetaSet, onRemoteWidgetRequested, onToastRaised } from '@party/shared-contracts';
import { applyPageMeta } from '../features/page-meta/page-meta';
import { loadRemoteWidgetModule } from '../features/remotes/load-remote';
import { toastStore } from '../features/toasts/toast-store';

/**
 * Connects the shell channel to the shell's toast store, document head and federation runtime.
 * Called before the first render, so that no page (not even the first one) speaks before the shell
 * listens.
 */
export function listenToShellChannel(): () => void {
  const stopToasts = onToastRaised((request) => toastStore.getState().show(request));
  const stopPageMeta = onPageMetaSet(applyPageMeta);
  const stopWidgets = onRemoteWidgetRequested(({ id, respond }) => respond(loadRemoteWidgetModule(id)));
  return () => {
    stopToasts();
    stopPageMeta();
    stopWidgets();
  };
}

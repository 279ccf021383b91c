import { onPageMetaSet, onToastRaised } from '@party/shared-contracts';
import { applyPageMeta } from '../features/page-meta/page-meta';
import { toastStore } from '../features/toasts/toast-store';

/**
 * Connects the shell channel to the shell's toast store and document head. Called before the first
 * render, so that no page (not even the first one) speaks before the shell listens.
 */
export function listenToShellChannel(): () => void {
  const stopToasts = onToastRaised((request) => toastStore.getState().show(request));
  const stopPageMeta = onPageMetaSet(applyPageMeta);
  return () => {
    stopToasts();
    stopPageMeta();
  };
}

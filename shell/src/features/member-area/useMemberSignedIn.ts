import { useSyncExternalStore } from 'react';
import { isMemberSignedIn } from '@party/shared-contracts';

const signedInNow = () => isMemberSignedIn(document.cookie);

/** Cookie changes where the browser reports them (the Cookie Store API); elsewhere, at the next render. */
function subscribe(onChange: () => void): () => void {
  const cookieStore = (window as { cookieStore?: EventTarget }).cookieStore;
  cookieStore?.addEventListener('change', onChange);
  return () => cookieStore?.removeEventListener('change', onChange);
}

/**
 * Whether a member is signed in, from the cookie the gateway sets beside the session's (which
 * scripts cannot read). The server's HTML says "not signed in" for everyone; the browser corrects
 * it once hydrated, and on every render after (signing in or out always ends on another page).
 */
export function useMemberSignedIn(): boolean {
  return useSyncExternalStore(subscribe, signedInNow, () => false);
}

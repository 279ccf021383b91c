import { useEffect, useState } from 'react';
import type { PageData } from '@party/shared-contracts';
import { pageData } from './site-settings.js';

/** What a page shows from the gateway: being read, read, or not to be had just now. */
export type GatewayRead<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; value: T };

/**
 * What a page shows from the gateway: as the gateway rendered the page with it (`rendered`, undefined
 * when the page's data holds none), or, when the visitor came from another page of the site, read
 * (`read`) once the page is shown. `key` names what is read: another key (another event's page)
 * reads again. `replace` shows a newer value, such as the gateway's answer to an action on it.
 */
export function useRenderedOrRead<T>(
  rendered: (data: PageData) => T | undefined,
  read: () => Promise<T>,
  key: string,
): { load: GatewayRead<T>; replace: (value: T) => void } {
  const [load, setLoad] = useState<GatewayRead<T>>(() => {
    const data = pageData();
    const value = data ? rendered(data) : undefined;
    return value !== undefined ? { state: 'loaded', value } : { state: 'loading' };
  });
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setLoad({ state: 'loading' });
  }
  const needed = load.state === 'loading';
  useEffect(() => {
    if (!needed) return;
    let current = true;
    read().then(
      (value) => current && setLoad({ state: 'loaded', value }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only for another key
  }, [needed, key]);
  return { load, replace: (value) => setLoad({ state: 'loaded', value }) };
}

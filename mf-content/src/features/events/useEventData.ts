import { useEffect, useState } from 'react';
import { eventLinks, type EventCalendar, type PageData, type PartyEvent } from '@party/shared-contracts';
import { pageData } from '@party/shared-ui';

export type EventsLoad<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; value: T };

/**
 * What a page of events shows: as the gateway rendered the page with it, or (when the visitor came
 * from another page of the site) read from the gateway when the page is shown.
 */
function useGatewayData<T>(fromPage: (data: PageData) => T | undefined, url: string, notFound?: T): EventsLoad<T> {
  const [load, setLoad] = useState<EventsLoad<T>>(() => {
    const data = pageData();
    const rendered = data ? fromPage(data) : undefined;
    return rendered !== undefined ? { state: 'loaded', value: rendered } : { state: 'loading' };
  });
  const [shownUrl, setShownUrl] = useState(url);
  if (shownUrl !== url) {
    setShownUrl(url);
    setLoad({ state: 'loading' });
  }
  const needed = load.state === 'loading';
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    fetch(url, { credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (response.status === 404 && notFound !== undefined) return setLoad({ state: 'loaded', value: notFound });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        setLoad({ state: 'loaded', value: (await response.json()) as T });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetched again only for another address
  }, [needed, url]);
  return load;
}

/** Upcoming and past events. */
export const useEventCalendar = (): EventsLoad<EventCalendar> =>
  useGatewayData((data) => data.eventCalendar, eventLinks.listEndpoint);

/** One event with its programme or recap; null: there is no such event. */
export const useEvent = (id: string): EventsLoad<PartyEvent | null> =>
  useGatewayData(
    (data) => (data.eventPage?.id === id ? data.eventPage.event : undefined),
    `${eventLinks.listEndpoint}/${encodeURIComponent(id)}`,
    null,
  );

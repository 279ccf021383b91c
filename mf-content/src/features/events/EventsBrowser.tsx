import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { inPageClick } from '@party/shared-ui';
import { EmptyState } from '../../ui/EmptyState';
import { ResultCount } from '../../ui/ResultCount';
import { EventCard } from './EventCard';
import type { EventCalendar } from '@party/shared-contracts';
import { filterEvents, type EventTypeFilter } from './events';
import styles from './Events.module.css';

type EventsTab = 'upcoming' | 'past';

const typeFilters: { value: EventTypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'in-person', label: 'In-Person' },
  { value: 'virtual', label: 'Virtual' },
];

const tabs = {
  upcoming: {
    label: 'Upcoming Events',
    emptyTitle: 'No Events Found',
    emptyMessage: 'There are no upcoming events matching your filter criteria.',
  },
  past: {
    label: 'Past Events',
    emptyTitle: 'No Past Events Found',
    emptyMessage: 'There are no past events matching your filter criteria.',
  },
} satisfies Record<EventsTab, { label: string; emptyTitle: string; emptyMessage: string }>;

interface EventsView {
  tab: EventsTab;
  type: EventTypeFilter;
}

function viewFromUrl(searchParams: URLSearchParams): EventsView {
  const type = typeFilters.find((filter) => filter.value === searchParams.get('type'))?.value ?? 'all';
  return { tab: searchParams.get('when') === 'past' ? 'past' : 'upcoming', type };
}

/** The address of a view: `?when=past&type=virtual`, without what is shown by default. */
function viewSearch({ tab, type }: EventsView): string {
  const params = new URLSearchParams();
  if (tab === 'past') params.set('when', 'past');
  if (type !== 'all') params.set('type', type);
  return `?${params.toString()}`;
}

/** A view's link, back at the calendar when the browser follows it itself. */
const viewHref = (view: EventsView) => `${viewSearch(view)}#calendar`;

/**
 * Upcoming and past events as tabs, filtered by type (in-person or virtual). The view lives in the
 * address (`/events?when=past&type=virtual`): its tabs and filters are links, which the server
 * answers with that view before the page's code has run, and the router follows once it has.
 */
export function EventsBrowser({ calendar }: { calendar: EventCalendar }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, type } = viewFromUrl(searchParams);
  const countRef = useRef<HTMLParagraphElement>(null);
  const show = (view: EventsView) =>
    setSearchParams(new URLSearchParams(viewSearch(view)), { replace: true, preventScrollReset: true });

  return (
    <Tabs.Root value={tab} onValueChange={(value) => show({ tab: value as EventsTab, type })}>
      <div className={styles.toolbar}>
        <Tabs.List className={styles.tabs} aria-label="Events">
          {(Object.keys(tabs) as EventsTab[]).map((key) => (
            // Radix selects a tab as it is pressed (or focused with the arrow keys); the link's own
            // navigation is for the page before its code has run.
            <Tabs.Trigger key={key} value={key} className={styles.tab} asChild>
              {/* Radix gives its trigger type="button", which a link does not take. */}
              <a href={viewHref({ tab: key, type })} type={undefined} onClick={inPageClick(() => undefined)}>
                {tabs[key].label}
              </a>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <ul className={styles.filters} aria-label="Event type">
          {typeFilters.map((filter) => (
            <li key={filter.value}>
              <a
                href={viewHref({ tab, type: filter.value })}
                className={styles.filter}
                aria-current={type === filter.value ? 'true' : undefined}
                onClick={inPageClick(() => show({ tab, type: filter.value }))}
              >
                {filter.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {(Object.keys(tabs) as EventsTab[]).map((key) => {
        const { emptyTitle, emptyMessage } = tabs[key];
        const events = calendar[key];
        const shown = filterEvents(events, type);
        return (
          <Tabs.Content key={key} value={key} className={styles.panel}>
            <ResultCount
              ref={key === tab ? countRef : undefined}
              shown={shown.length}
              total={events.length}
              noun="events"
            />
            {shown.length > 0 ? (
              <ul className={styles.list}>
                {shown.map((event) => (
                  <EventCard key={event.id} event={event} past={key === 'past'} />
                ))}
              </ul>
            ) : (
              <EmptyState
                title={emptyTitle}
                message={emptyMessage}
                actionLabel="Show All Events"
                actionHref={viewHref({ tab, type: 'all' })}
                onAction={() => {
                  show({ tab, type: 'all' });
                  countRef.current?.focus();
                }}
              />
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}

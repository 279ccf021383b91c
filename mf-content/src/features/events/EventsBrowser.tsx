import { useRef, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { EmptyState } from '../../ui/EmptyState';
import { ResultCount } from '../../ui/ResultCount';
import { EventCard } from './EventCard';
import { filterEvents, pastEvents, upcomingEvents, type EventTypeFilter, type PartyEvent } from './events';
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
    events: upcomingEvents,
    emptyTitle: 'No Events Found',
    emptyMessage: 'There are no upcoming events matching your filter criteria.',
  },
  past: {
    label: 'Past Events',
    events: pastEvents,
    emptyTitle: 'No Past Events Found',
    emptyMessage: 'There are no past events matching your filter criteria.',
  },
} satisfies Record<
  EventsTab,
  { label: string; events: readonly PartyEvent[]; emptyTitle: string; emptyMessage: string }
>;

/** Upcoming and past events as tabs, filtered by type (in-person or virtual). */
export function EventsBrowser() {
  const [tab, setTab] = useState<EventsTab>('upcoming');
  const [type, setType] = useState<EventTypeFilter>('all');
  const countRef = useRef<HTMLParagraphElement>(null);

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as EventsTab)}>
      <div className={styles.toolbar}>
        <Tabs.List className={styles.tabs} aria-label="Events">
          {(Object.keys(tabs) as EventsTab[]).map((key) => (
            <Tabs.Trigger key={key} value={key} className={styles.tab}>
              {tabs[key].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className={styles.filters} role="group" aria-label="Event type">
          {typeFilters.map((filter) => (
            <button
              key={filter.value}
              type="button"
              className={styles.filter}
              aria-pressed={type === filter.value}
              onClick={() => setType(filter.value)}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      {(Object.keys(tabs) as EventsTab[]).map((key) => {
        const { events, emptyTitle, emptyMessage } = tabs[key];
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
                onAction={() => {
                  setType('all');
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

import { useId, useState } from 'react';
import { staffLinks, type DoorListEntry, type EventDraft, type StaffEventRow } from '@party/shared-contracts';
import { raiseToast, SelectField, SubmitButton, TextField, useSchemaForm } from '@party/shared-ui';
import * as eventsApi from './api/events';
import { StaffSearch } from './StaffSearch';
import { StaffLoaded } from './StaffLoaded';
import { StaffTable } from './StaffTable';
import { when } from './staff-dates';
import { useStaffData } from './useStaffData';
import styles from './Staff.module.css';
import { refused } from './staff-refusal';

/** A new event's fields: no limit of places, a day's hold of an offer, reminders the day before and on the day. */
const blankDraft: EventDraft = {
  id: '',
  title: '',
  description: '',
  details: '',
  type: 'in-person',
  timeZone: 'America/New_York',
  date: '',
  startTime: '18:30',
  endTime: '20:30',
  location: '',
  joinUrl: '',
  capacity: '',
  registrationCloses: '',
  offerHours: '24',
  remindDayBefore: '10:00',
  remindSameDay: '08:00',
};

const draftOf = (row: StaffEventRow): EventDraft => ({
  id: row.id,
  title: row.title,
  description: row.description,
  details: row.details,
  type: row.type,
  timeZone: row.timeZone,
  date: row.date,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  joinUrl: row.joinUrl,
  capacity: row.capacity,
  registrationCloses: row.registrationCloses,
  offerHours: row.offerHours,
  remindDayBefore: row.remindDayBefore,
  remindSameDay: row.remindSameDay,
});

type Editing = { kind: 'new'; draft: EventDraft } | { kind: 'edit'; id: string; draft: EventDraft };

function EventForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const headingId = useId();
  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.eventDraft),
    initialValues: editing.draft,
    send: (draft) => (editing.kind === 'new' ? eventsApi.createEvent(draft) : eventsApi.updateEvent(editing.id, draft)),
    onSuccess: (draft) => {
      raiseToast({
        title: editing.kind === 'new' ? 'Event created' : 'Event saved',
        description:
          editing.kind === 'new'
            ? `${draft.title} is on the events page.`
            : 'Everyone with a place has been sent the change, with their calendar entry updated.',
      });
      onDone();
    },
    onFailure: refused('The event could not be saved.'),
    errorSummary: true,
  });
  return (
    <form {...form.formProps} className={styles.eventForm} aria-labelledby={headingId}>
      <h3 id={headingId}>{editing.kind === 'new' ? 'New event' : `Change ${editing.draft.title}`}</h3>
      {editing.kind === 'new' && (
        <TextField label="Address" hint="The end of its page’s address: /events/town-hall-boise" {...form.text('id')} />
      )}
      <TextField label="Title" {...form.text('title')} />
      <TextField label="Summary" hint="One sentence, on its card." {...form.text('description')} />
      <TextField
        label="Programme"
        hint="Plain text, an empty line between paragraphs. After the event, write its recap here."
        multiline
        optional
        {...form.text('details')}
      />
      <SelectField label="Where it happens" placeholder="Choose" {...form.text('type')}>
        <option value="in-person">In person</option>
        <option value="virtual">Online</option>
      </SelectField>
      <div className={styles.fieldRow}>
        <TextField label="Date" type="date" {...form.text('date')} />
        <TextField label="Starts" type="time" {...form.text('startTime')} />
        <TextField label="Ends" type="time" {...form.text('endTime')} />
      </div>
      <TextField
        label="Time zone"
        hint="Where its times are counted: the place’s, such as America/Denver; for an online event, the organisers’."
        {...form.text('timeZone')}
      />
      <TextField label="Place" hint="For an online event: Online." {...form.text('location')} />
      <TextField
        label="Joining link"
        hint="Online events only: sent to confirmed places, never shown on the site."
        type="url"
        optional
        {...form.text('joinUrl')}
      />
      <div className={styles.fieldRow}>
        <TextField label="Places" hint="Empty: no limit." optional {...form.text('capacity')} />
        <TextField
          label="Offer held for (hours)"
          hint="A freed place waits this long for the next on the waitlist."
          {...form.text('offerHours')}
        />
      </div>
      <TextField
        label="Registration closes"
        hint="In the event’s time zone. Empty: when it starts."
        type="datetime-local"
        optional
        {...form.text('registrationCloses')}
      />
      <div className={styles.fieldRow}>
        <TextField
          label="Reminder the day before, at"
          type="time"
          optional
          hint="Empty: none."
          {...form.text('remindDayBefore')}
        />
        <TextField
          label="Reminder on the day, at"
          type="time"
          optional
          hint="Empty: none."
          {...form.text('remindSameDay')}
        />
      </div>
      <div className={styles.rowActions}>
        <SubmitButton pending={form.pending} label="Save the event" pendingLabel="Saving..." />
        <button type="button" className="button button-outline" onClick={onDone}>
          Close without saving
        </button>
      </div>
    </form>
  );
}

function DoorList({ event, onClose }: { event: StaffEventRow; onClose: () => void }) {
  const headingId = useId();
  const [q, setQ] = useState('');
  const url = eventsApi.doorListUrl(event.id);
  const { state, reload } = useStaffData<DoorListEntry[]>(q ? `${url}?q=${encodeURIComponent(q)}` : url);
  // Shown ticked at once: a door does not wait for the network. Undone if the gateway refuses it.
  const [marked, setMarked] = useState<Record<string, boolean>>({});
  const mark = (entry: DoorListEntry, attended: boolean) => {
    setMarked((before) => ({ ...before, [entry.id]: attended }));
    eventsApi.markArrival(event.id, entry.id, attended).then(reload, (error: unknown) => {
      setMarked((before) => ({ ...before, [entry.id]: !attended }));
      refused('The arrival could not be saved.')(error);
    });
  };
  const arrived = (entry: DoorListEntry) => marked[entry.id] ?? entry.attendedAt !== null;
  const followUp = () =>
    eventsApi
      .sendFollowUp(event.id)
      .then(
        ({ sent }) => raiseToast({ title: 'Follow-up queued', description: `${sent} emails are on their way.` }),
        refused('The follow-up could not be sent.'),
      );
  return (
    <section className={styles.doorList} aria-labelledby={headingId}>
      <h3 id={headingId}>Door list: {event.title}</h3>
      <p className={styles.note}>
        {event.when} · {event.counts.confirmed} confirmed, {event.counts.attended} arrived
      </p>
      <StaffSearch label="Find by name, email or check-in code" csvUrl={() => `${url}.csv`} onSearch={setQ} />
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption={`Door list: ${event.title}`}
            rows={rows}
            rowKey={(row) => row.id}
            empty="No confirmed place matches."
            // The tick beside the name: on a phone at the door, the address may scroll out of view.
            columns={[
              { label: 'Name', cell: (row) => row.name },
              {
                label: 'Arrived',
                cell: (row) => (
                  <label className={styles.toggle}>
                    <input
                      type="checkbox"
                      checked={arrived(row)}
                      onChange={(changed) => mark(row, changed.target.checked)}
                    />
                    {arrived(row) ? (row.attendedAt ? `Arrived ${when(row.attendedAt)}` : 'Arrived') : 'Not yet'}
                    <span className="visually-hidden"> : {row.name}</span>
                  </label>
                ),
              },
              { label: 'Code', cell: (row) => <code>{row.checkInCode}</code> },
              { label: 'Email', cell: (row) => row.email },
            ]}
          />
        )}
      </StaffLoaded>
      <div className={`${styles.rowActions} ${styles.noPrint}`}>
        <button type="button" className="button button-outline" onClick={() => window.print()}>
          Print the door list
        </button>
        {event.past && (
          <button type="button" className="button button-outline" onClick={() => void followUp()}>
            Send thank-you and sorry-we-missed-you emails
          </button>
        )}
        <button type="button" className={styles.linkButton} onClick={onClose}>
          Back to the events
        </button>
      </div>
    </section>
  );
}

const placesText = ({ capacity, counts }: StaffEventRow) =>
  `${counts.confirmed}${capacity ? ` of ${capacity}` : ''} confirmed${counts.offered ? `, ${counts.offered} offered` : ''}${counts.waitlisted ? `, ${counts.waitlisted} waiting` : ''}`;

/** Events, for organisers: each with its places, made, changed, copied and cancelled; its door list. */
export function StaffEvents() {
  const { state, reload } = useStaffData<StaffEventRow[]>(staffLinks.eventsEndpoint);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [door, setDoor] = useState<StaffEventRow | null>(null);
  const close = () => {
    setEditing(null);
    setDoor(null);
    reload();
  };
  const cancel = (row: StaffEventRow) => {
    if (!window.confirm(`Cancel ${row.title}? Everyone registered is told by email. This cannot be undone.`)) return;
    eventsApi.cancelEvent(row.id).then(() => {
      raiseToast({ title: 'Event cancelled', description: 'Everyone registered has been told by email.' });
      reload();
    }, refused('The event could not be cancelled.'));
  };

  if (editing) return <EventForm key={editing.kind === 'edit' ? editing.id : 'new'} editing={editing} onDone={close} />;
  if (door) return <DoorList event={door} onClose={close} />;
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className="button" onClick={() => setEditing({ kind: 'new', draft: blankDraft })}>
          New event
        </button>
      </div>
      <StaffLoaded state={state}>
        {(rows) => (
          <StaffTable
            caption="Events"
            rows={rows}
            rowKey={(row) => row.id}
            empty="No events yet."
            columns={[
              { label: 'Event', cell: (row) => row.title },
              { label: 'When', cell: (row) => row.when },
              { label: 'Places', cell: placesText },
              { label: 'Status', cell: (row) => (row.cancelled ? 'Cancelled' : row.past ? 'Over' : 'Upcoming') },
              {
                label: 'Actions',
                cell: (row) => (
                  <div className={styles.rowActions}>
                    {!row.cancelled && (
                      <button
                        type="button"
                        className={styles.linkButton}
                        onClick={() => setEditing({ kind: 'edit', id: row.id, draft: draftOf(row) })}
                      >
                        Change<span className="visually-hidden"> {row.title}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() =>
                        setEditing({ kind: 'new', draft: { ...draftOf(row), id: `${row.id}-copy`, date: '' } })
                      }
                    >
                      Copy<span className="visually-hidden"> {row.title}</span>
                    </button>
                    <button type="button" className={styles.linkButton} onClick={() => setDoor(row)}>
                      Door list<span className="visually-hidden"> of {row.title}</span>
                    </button>
                    {!row.cancelled && !row.past && (
                      <button type="button" className={styles.linkButton} onClick={() => cancel(row)}>
                        Cancel<span className="visually-hidden"> {row.title}</span>
                      </button>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </StaffLoaded>
    </>
  );
}

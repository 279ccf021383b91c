import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@party/remote-test-kit';
import { EventsBrowser } from './EventsBrowser';
import { testCalendar } from './test-calendar';

// These calendars have no events of one type.
const calendar = {
  upcoming: testCalendar.upcoming.filter((event) => event.type === 'in-person'),
  past: testCalendar.past.filter((event) => event.type === 'virtual'),
};

describe('EventsBrowser when a filter matches nothing', () => {
  it('says No Events Found for upcoming events, and the reset shows them all again', async () => {
    renderAt(<EventsBrowser calendar={calendar} />);
    await userEvent.click(screen.getByRole('link', { name: 'Virtual' }));

    expect(screen.getByRole('heading', { name: 'No Events Found' })).toBeInTheDocument();
    expect(screen.getByText('There are no upcoming events matching your filter criteria.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Show All Events' }));
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('heading', { name: 'No Events Found' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Register/ })).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('says No Past Events Found for past events', async () => {
    renderAt(<EventsBrowser calendar={calendar} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Past Events' }));
    await userEvent.click(screen.getByRole('link', { name: 'In-Person' }));

    expect(screen.getByRole('heading', { name: 'No Past Events Found' })).toBeInTheDocument();
    expect(screen.getByText('There are no past events matching your filter criteria.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Show All Events' }));
    expect(screen.getAllByRole('link', { name: /^View recap/ })).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 2 events');
    expect(screen.getByRole('status')).toHaveFocus();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@party/remote-test-kit';
import { EventsBrowser } from './EventsBrowser';
import { testCalendar } from './test-calendar';

const shownTitles = () => {
  const panel = screen.getByRole('tabpanel');
  const list = within(panel).queryByRole('list');
  return list
    ? within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent)
    : [];
};

describe('EventsBrowser', () => {
  it('opens on the upcoming events, all types, each with Register →', () => {
    renderAt(<EventsBrowser calendar={testCalendar} />);
    expect(screen.getByRole('tab', { name: 'Upcoming Events' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Virtual' })).toHaveAttribute('href', '?type=virtual#calendar');
    expect(shownTitles()).toHaveLength(8);
    const links = within(screen.getByRole('tabpanel')).getAllByRole('link');
    expect(links.every((link) => link.textContent === 'Register →')).toBe(true);
    expect(links[0]).toHaveAttribute('href', '/events/town-hall-denver#register');
  });

  it('shows the four past events with View Recap →', async () => {
    renderAt(<EventsBrowser calendar={testCalendar} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Past Events' }));
    expect(shownTitles()).toHaveLength(4);
    expect(within(screen.getByRole('tabpanel')).getAllByRole('link')[0]).toHaveTextContent('View Recap →');
  });

  it('filters by type, and the filter applies to both tabs', async () => {
    renderAt(<EventsBrowser calendar={testCalendar} />);
    await userEvent.click(screen.getByRole('link', { name: 'Virtual' }));
    expect(shownTitles()).toEqual([
      'Policy Lab: the pre-filled tax return',
      'New volunteer training',
      'Climate evidence forum',
      'Open drafting session: healthcare',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'In-Person' }));
    expect(shownTitles()).toHaveLength(4);
    await userEvent.click(screen.getByRole('tab', { name: 'Past Events' }));
    // Latest first.
    expect(shownTitles()).toEqual(['Founding meeting of our 32nd chapter', 'Volunteer week launch']);
  });

  it('moves between the tabs with the arrow keys', async () => {
    renderAt(<EventsBrowser calendar={testCalendar} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Upcoming Events' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Past Events' })).toHaveFocus();
    // The router applies the new address in a transition.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Past Events' })).toHaveAttribute('aria-selected', 'true'),
    );
  });
});

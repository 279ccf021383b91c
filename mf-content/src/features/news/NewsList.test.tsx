import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@party/remote-test-kit';
import { NewsList } from './NewsList';

const grid = () => screen.queryByRole('list');
const articleLinks = () => {
  const list = grid();
  return list ? within(list).getAllByRole('link') : [];
};

describe('NewsList', () => {
  it('shows the nine articles, each linking to its page', () => {
    renderAt(<NewsList />, { url: '/news' });
    const links = articleLinks();
    expect(links).toHaveLength(9);
    expect(links[0]).toHaveAttribute('href', '/news/budget-transparency-act');
  });

  it('filters as the visitor types, and keeps the search in the URL', async () => {
    const { location } = renderAt(<NewsList />, { url: '/news' });
    await userEvent.type(screen.getByLabelText('Search news'), 'TUTORING');
    expect(articleLinks().map((link) => link.textContent)).toEqual([
      'Small-group tutoring: the results from 40,000 pupils',
    ]);
    await waitFor(() => expect(location.search).toBe('?q=TUTORING'));
  });

  it('opens a shared link with its search and category applied', () => {
    renderAt(<NewsList />, { url: '/news?q=policy&category=Research' });
    expect(screen.getByLabelText('Search news')).toHaveValue('policy');
    expect(screen.getByLabelText('Category')).toHaveValue('Research');
    expect(articleLinks()).toHaveLength(1);
  });

  it('shows the empty state when nothing matches, and Reset Filters restores the grid and the URL', async () => {
    const { location } = renderAt(<NewsList />, { url: '/news?category=Event' });
    await userEvent.type(screen.getByLabelText('Search news'), 'zebra');

    expect(grid()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(
      screen.getByText("Try adjusting your search or filter to find what you're looking for."),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Reset Filters' }));
    expect(articleLinks()).toHaveLength(9);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByLabelText('Search news')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('All');
    await waitFor(() => expect(location.search).toBe(''));
  });

  it('ignores an unknown category in the URL', () => {
    renderAt(<NewsList />, { url: '/news?category=Gossip' });
    expect(screen.getByLabelText('Category')).toHaveValue('All');
    expect(articleLinks()).toHaveLength(9);
  });

  it('announces how many articles the filter shows', async () => {
    renderAt(<NewsList />, { url: '/news' });
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 9 articles');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Research');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 9 articles');
  });
});

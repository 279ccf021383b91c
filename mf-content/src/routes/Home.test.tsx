import { screen, within } from '@testing-library/react';
import { eventPageData, renderedWith, testCalendar } from '../features/events/test-calendar';
import { articles, latestArticles } from '../features/news/articles';
import { renderAt } from '@party/remote-test-kit';
import Home from './Home';

it('shows the three newest articles and the next two events, each a link away, with links to all of them', () => {
  renderedWith(eventPageData(''));
  renderAt(<Home />, { url: '/', path: '/' });
  const news = screen.getByRole('region', { name: 'Latest news and research' });
  const newest = [...articles].sort((a, b) => (a.published < b.published ? 1 : -1)).slice(0, 3);
  expect(latestArticles(3)).toEqual(newest);
  for (const article of newest)
    expect(within(news).getByRole('link', { name: article.title })).toHaveAttribute('href', `/news/${article.id}`);
  expect(within(news).getByRole('link', { name: 'All news and research' })).toHaveAttribute('href', '/news');

  const events = screen.getByRole('region', { name: 'Coming up' });
  for (const event of testCalendar.upcoming.slice(0, 2))
    expect(within(events).getByRole('heading', { name: event.title })).toBeInTheDocument();
  expect(within(events).getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
});

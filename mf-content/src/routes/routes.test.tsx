import { screen } from '@testing-library/react';
import type { RemotePageModule } from '@party/shared-ui';
import { expectExposedPage, renderExposedPage } from '@party/remote-test-kit';
import { contentRoutes } from './route-table';
import { articleBodies } from '../features/news/article-bodies';
import { articles } from '../features/news/articles';
import { eventPageData, renderedWith, testCalendar } from '../features/events/test-calendar';

const { upcoming: upcomingEvents, past: pastEvents } = testCalendar;

async function renderPage(page: string, url: string) {
  renderedWith(eventPageData(url.startsWith('/events/') ? url.slice('/events/'.length) : 'town-hall-denver'));
  const { default: Page } = (await import(`./${page}`)) as RemotePageModule;
  const path = contentRoutes.find((route) => route.page === page)?.path ?? '*';
  return renderExposedPage(Page, { url, path });
}

describe.each(contentRoutes.map((route) => route.page))('the exposed %s page', (page) => {
  it('renders one main heading, marks the release that served it, and sets its title and description', async () => {
    const route = contentRoutes.find((candidate) => candidate.page === page)!;
    expectExposedPage(
      await renderPage(
        page,
        route.path.replace(':articleId', articles[0]!.id).replace(':eventId', upcomingEvents[0]!.id),
      ),
    );
  });
});

describe('every article and event resolves to its page', () => {
  it.each(articles.map((article) => [article.id, article.title]))('/news/%s', async (id, title) => {
    const meta = await renderPage('NewsArticle', `/news/${id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    const body = articleBodies[id] ?? [];
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(body[body.length - 1]!)).toBeInTheDocument();
    expect(meta[0]?.title).toBe(title);
  });

  it.each([...upcomingEvents, ...pastEvents].map((event) => [event.id, event.title]))(
    '/events/%s',
    async (id, title) => {
      const meta = await renderPage('EventDetail', `/events/${id}`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(meta[0]?.title).toBe(title);
    },
  );

  it('has nine articles, with distinct ids', () => {
    expect(new Set(articles.map((article) => article.id)).size).toBe(9);
  });

  it('shows a not-found state for an unknown article', async () => {
    const meta = await renderPage('NewsArticle', '/news/no-such-article');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Article not found');
    expect(screen.getByRole('link', { name: 'Back to all news' })).toHaveAttribute('href', '/news');
    expect(meta[0]?.title).toBe('Article not found');
  });

  it('shows a not-found state for an unknown event', async () => {
    await renderPage('EventDetail', '/events/no-such-event');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Event not found');
    expect(screen.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
  });
});

describe('the leadership page', () => {
  it('anchors each leader card by the slug of the name', async () => {
    await renderPage('Leadership', '/leadership');
    const card = document.getElementById('mei-lin-chen');
    expect(card).toHaveAccessibleName('Mei-Lin Chen');
    // A monogram, not a photograph: decorative, the name is the card's heading.
    expect(card?.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('link', { name: 'View Current Opportunities' })).toHaveAttribute('href', '/careers');
  });
});

describe('the home page', () => {
  it('links its calls to action where docs/product.md says', async () => {
    await renderPage('Home', '/');
    expect(screen.getByRole('link', { name: 'Read Our Manifesto' })).toHaveAttribute('href', '/policy');
    expect(screen.getByRole('link', { name: 'Join the Movement' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: /Read Full Manifesto/ })).toHaveAttribute('href', '/manifesto');
    expect(screen.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: 'Volunteer' })).toHaveAttribute('href', '/volunteer');
    expect(screen.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
  });
});

describe('the pages that embed the engagement remote’s forms', () => {
  it.each([
    ['News', '/news', 'mf-engagement/NewsletterSignup'],
    ['EventDetail', `/events/${upcomingEvents[0]!.id}`, 'mf-engagement/EventRegistration'],
  ])('%s shows the widget the shell gave it, not its loading state', async (page, url, widget) => {
    await renderPage(page, url);
    expect(document.querySelector(`[data-widget="${widget}"]`)).not.toBeNull();
    expect(screen.queryByText(/^Loading the /)).not.toBeInTheDocument();
  });
});

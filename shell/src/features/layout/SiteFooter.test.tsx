import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteFooter } from './SiteFooter';

it('maps the site in the groups it is given, and shows the current year', () => {
  render(
    <MemoryRouter>
      <SiteFooter
        siteMap={[
          { heading: 'Take part', links: [{ to: '/join', label: 'Join' }] },
          {
            heading: 'Contact and legal',
            links: [
              { to: '/privacy', label: 'Privacy Policy' },
              { to: '/contact', label: 'Contact' },
            ],
          },
        ]}
      />
    </MemoryRouter>,
  );
  const footer = screen.getByRole('navigation', { name: 'Footer' });
  expect([...footer.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual([
    'Take part',
    'Contact and legal',
  ]);
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
});

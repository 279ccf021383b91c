import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { siteRoutes } from '@party/shared-contracts';
import { SiteFooter } from './SiteFooter';

it('links to the privacy policy, terms and contact, and shows the current year', () => {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
  expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
});

it('maps the whole site: every public page without a parameter is one link away', () => {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  const linked = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  const pages = siteRoutes.filter((route) => !route.unlisted && !route.path.includes(':') && !['/', '/membership-confirmation'].includes(route.path));
  expect(pages.map((route) => route.path).filter((path) => !linked.includes(path))).toEqual([]);
});

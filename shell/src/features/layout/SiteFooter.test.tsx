import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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

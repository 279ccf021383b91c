import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { onPageMetaSet } from '@party/shared-ui';
import { NotFoundPage } from './NotFoundPage';

it('shows the two texts of the specification and sets its title', () => {
  const meta = jest.fn();
  const stop = onPageMetaSet(meta);
  render(
    <MemoryRouter>
      <NotFoundPage />
    </MemoryRouter>,
  );
  stop();

  expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  expect(meta).toHaveBeenCalledWith(expect.objectContaining({ title: 'Page Not Found' }));
});

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Renders `ui` at `url` (on `path`), and reports the router's current search and hash. */
export function renderWithRouter(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const location = { search: '', hash: '' };
  function LocationProbe() {
    const { search, hash } = useLocation();
    location.search = search;
    location.hash = hash;
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={ui} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, location };
}

// The remotes' test kit (`@party/shared-contracts/testing`), for their unit tests only: rendering a
// page as the shell does, and what the shell channel carries. Never imported by code that ships.
import type { ComponentType, ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PageMeta, ToastRequest } from '../index.js';
import { onPageMetaSet, onToastRaised } from '../ui/index.js';

/** Renders `ui` at `url` (on the route `path`), and reports where the router is now. */
export function renderAt(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const location = { pathname: '', search: '', hash: '' };
  function LocationProbe() {
    ({ pathname: location.pathname, search: location.search, hash: location.hash } = useLocation());
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

/** The toasts raised through the shell channel during each test of the file. */
export function collectToasts(): ToastRequest[] {
  const toasts: ToastRequest[] = [];
  let stop = () => undefined as void;
  beforeEach(() => {
    toasts.length = 0;
    stop = onToastRaised((toast) => toasts.push(toast));
  });
  afterEach(() => stop());
  return toasts;
}

/** Renders an exposed page as the shell would, and returns the page meta it declared. */
export function renderExposedPage(Page: ComponentType, where?: { url?: string; path?: string }): PageMeta[] {
  const meta: PageMeta[] = [];
  const stop = onPageMetaSet((value) => meta.push(value));
  renderAt(<Page />, where);
  stop();
  return meta;
}

/**
 * What every exposed page does: one main heading, the release that served it in the markup for
 * operators (never in the text for visitors), and one title and description of its own.
 */
export function expectExposedPage(meta: PageMeta[]) {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1 })).not.toBeEmptyDOMElement();
  expect(document.querySelector('article[data-release="test"]')).not.toBeNull();
  expect(screen.queryByText(/Served by|release test/)).not.toBeInTheDocument();
  expect(meta).toHaveLength(1);
  expect(meta[0]?.title).not.toBe('');
  expect(meta[0]?.description.length).toBeGreaterThan(20);
}

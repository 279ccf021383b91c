import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type ToastRequest } from '@party/shared-contracts';
import { onToastRaised } from '@party/shared-contracts/ui';

/** Renders `ui` at `url` and reports where the router is now. */
export function renderAt(ui: ReactElement, url = '/') {
  const location = { pathname: '', search: '' };
  function LocationProbe() {
    ({ pathname: location.pathname, search: location.search } = useLocation());
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={ui} />
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

/** The gateway as the browser's fetch sees it: answers in order, each request recorded. */
export function mockGateway(...answers: Array<{ status: number; body?: unknown } | Error>) {
  const requests: Array<{ url: string; body: unknown }> = [];
  const queue = [...answers];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    await held;
    const answer = queue.shift() ?? { status: 201, body: { received: true } };
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { requests, respond: release };
}

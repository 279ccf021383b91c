// The remotes' test kit (`@party/remote-test-kit`), for their unit tests only: rendering a
// page as the shell does, and what the shell channel carries. Never imported by code that ships.
import { useEffect, type ComponentType, type ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PageMeta, ToastRequest } from '@party/shared-contracts';
import { onPageMetaSet, onRemoteWidgetRequested, onToastRaised } from '@party/shared-ui';

/** Tells `onChange` where the router is, after each navigation. */
function LocationProbe({ onChange }: { onChange: (location: ReturnType<typeof useLocation>) => void }) {
  const location = useLocation();
  useEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}

/** Renders `ui` at `url` (on the route `path`), and reports where the router is now. */
export function renderAt(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const location = { pathname: '', search: '', hash: '' };
  const follow = ({ pathname, search, hash }: typeof location) => {
    Object.assign(location, { pathname, search, hash });
  };
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={ui} />
      </Routes>
      <LocationProbe onChange={follow} />
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

/** Where another remote's widget goes on a page under test: the page's own content is the subject. */
function WidgetStandIn() {
  return null;
}

/**
 * Renders an exposed page as the shell would, the widgets it embeds from other remotes answered by
 * a stand-in, once everything it waits for has loaded; returns the page meta it declared.
 */
export async function renderExposedPage(
  Page: ComponentType,
  where?: { url?: string; path?: string },
): Promise<PageMeta[]> {
  const meta: PageMeta[] = [];
  const stopMeta = onPageMetaSet((value) => meta.push(value));
  const stopWidgets = onRemoteWidgetRequested(({ respond }) => respond(Promise.resolve({ default: WidgetStandIn })));
  try {
    await act(async () => {
      renderAt(<Page />, where);
    });
  } finally {
    stopWidgets();
    stopMeta();
  }
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

/** What the fake gateway answers a request with: a status and a JSON body, or a network failure. */
export type GatewayAnswer = { status: number; body?: unknown } | Error;

/** A request the page made of the gateway, as the fake gateway records it. */
export interface GatewayRequest {
  method: string;
  url: string;
  body: unknown;
}

// A test file that uses the fake gets the page's own fetch back after each test.
const pageFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = pageFetch;
});

/**
 * The gateway as the page's fetch sees it, the one stand-in for it in every remote's tests: each
 * request recorded (URL and JSON body) and answered by `answer`, but only once the test calls
 * `respond()`, so that what the page shows while it waits can be seen first.
 */
export function fakeGatewayAnswering(answer: (request: GatewayRequest) => GatewayAnswer) {
  const requests: Array<{ url: string; body: unknown }> = [];
  let respond: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (respond = resolve));
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const request = {
      method: init?.method ?? 'GET',
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push({ url: request.url, body: request.body });
    await held;
    const given = answer(request);
    if (given instanceof Error) throw given;
    return new Response(given.body === undefined ? null : JSON.stringify(given.body), { status: given.status });
  }) as typeof fetch;
  return { requests, respond };
}

/** The fake gateway answering in the order of `answers`, then `201 { received: true }`. */
export function fakeGateway(...answers: GatewayAnswer[]) {
  const queue = [...answers];
  return fakeGatewayAnswering(() => queue.shift() ?? { status: 201, body: { received: true } });
}

// A test file that uses the mock gets the page's own fetch back after each test.
const pageFetch = global.fetch;
afterEach(() => {
  global.fetch = pageFetch;
});

/** The gateway as the browser's fetch sees it: answers in order, each request recorded (until the test ends). */
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

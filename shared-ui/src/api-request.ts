/**
 * The one way the remotes call the gateway (docs/product.md, section 7): a JSON body only when there is one,
 * cookies always, and any non-OK answer is an error whose message is `status: body` (or the status
 * text when the body is empty). No retry.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The gateway's JSON error body `{ message, fieldErrors? }`, when that is what it sent. */
  get json(): { message?: unknown; fieldErrors?: unknown } | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a GET of something that may not exist answers: null for the gateway's 404, any other failure as it was. */
export const nullWhenNotFound = <T>(request: Promise<T>): Promise<T | null> =>
  request.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

/**
 * The sentence a toast shows for a failed request: the gateway's own message when it sent one,
 * otherwise the form's fallback. Never a status code or raw JSON.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.json?.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** Each field's message when the gateway refused the form with 400. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fieldErrors = error.json?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

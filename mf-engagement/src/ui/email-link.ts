import { useSearchParams } from 'react-router';

export const INCOMPLETE_LINK = 'This link is incomplete. Please open the whole link from the email: some email programs split long links over two lines.';

/**
 * The token of the emailed link that opened this page (`?token=`). Pages read it to act when asked,
 * never to render it: pages are cached, and the token is personal.
 */
export function useLinkToken(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('token') ?? '';
}

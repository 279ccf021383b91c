/** Posts JSON to the site's API as its own pages do: from its origin, so that the origin check passes. */
export const postJson = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });

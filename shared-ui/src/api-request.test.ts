import { apiRequest, ApiError, failureDescription, nullWhenNotFound, serverFieldErrors } from './api-request.js';

function answer(status: number, body: string, statusText = '') {
  return jest.fn().mockResolvedValue(new Response(body || null, { status, statusText }));
}

describe('apiRequest', () => {
  it('sends a JSON body with its content type and cookies, and parses the JSON answer', async () => {
    const fetchMock = answer(201, '{"received":true}');
    global.fetch = fetchMock;
    await expect(apiRequest('POST', '/api/newsletter', { email: 'a@b.org' })).resolves.toEqual({ received: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/newsletter', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.org"}',
    });
  });

  it('sends no body and no content type when there is no body', async () => {
    const fetchMock = answer(204, '');
    global.fetch = fetchMock;
    await expect(apiRequest('GET', '/api/health')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { method: 'GET', credentials: 'include' });
  });

  it('turns a non-OK answer into "status: body", or "status: status text" when the body is empty', async () => {
    global.fetch = answer(503, '{"message":"Down for a moment."}');
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('503: {"message":"Down for a moment."}');
    global.fetch = answer(502, '', 'Bad Gateway');
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('502: Bad Gateway');
  });
});

describe('failureDescription', () => {
  it('is the gateway’s message, never JSON or a status', () => {
    expect(failureDescription(new ApiError(429, '{"message":"Too many submissions."}', ''), 'Fallback.')).toBe(
      'Too many submissions.',
    );
  });

  it('falls back for an answer without a message, an HTML error page, or a network failure', () => {
    expect(failureDescription(new ApiError(500, '{"error":1}', ''), 'Fallback.')).toBe('Fallback.');
    expect(failureDescription(new ApiError(502, '<html>Bad gateway</html>', ''), 'Fallback.')).toBe('Fallback.');
    expect(failureDescription(new TypeError('Failed to fetch'), 'Fallback.')).toBe('Fallback.');
  });
});

describe('serverFieldErrors', () => {
  it('reads the field messages of a 400 only', () => {
    const body = '{"message":"Check the fields.","fieldErrors":{"email":"Please enter a valid email address"}}';
    expect(serverFieldErrors(new ApiError(400, body, ''))).toEqual({ email: 'Please enter a valid email address' });
    expect(serverFieldErrors(new ApiError(503, body, ''))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('nullWhenNotFound', () => {
  it('answers null for a 404 and passes every other failure on', async () => {
    global.fetch = answer(404, '{"message":"No such event."}');
    await expect(nullWhenNotFound(apiRequest('GET', '/api/events/none'))).resolves.toBeNull();
    global.fetch = answer(503, '');
    await expect(nullWhenNotFound(apiRequest('GET', '/api/events/none'))).rejects.toThrow('503');
    global.fetch = answer(200, '{"id":"a"}');
    await expect(nullWhenNotFound(apiRequest('GET', '/api/events/a'))).resolves.toEqual({ id: 'a' });
  });
});

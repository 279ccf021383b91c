import { remoteFailureCode } from './report-remote-failure';

describe('remoteFailureCode', () => {
  it('keeps the federation runtime’s code, and names the other failures', () => {
    expect(remoteFailureCode(new Error('[ Federation Runtime ]: #RUNTIME-008 remoteEntry failed'))).toBe('RUNTIME-008');
    expect(remoteFailureCode(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))).toBe('CHUNK_LOAD');
    expect(remoteFailureCode(Object.assign(new Error('mf-donate/Donate does not export a page component'), { name: 'RemoteContractError' }))).toBe('CONTRACT');
    expect(remoteFailureCode(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe('RENDER_ERROR');
    expect(remoteFailureCode('a string')).toBe('RENDER_ERROR');
  });
});

import { remoteModuleId } from './remote-contract';

describe('the remote contract', () => {
  it('names a page by remote and page', () => {
    expect(remoteModuleId({ remote: 'mf-donate', page: 'Donate' })).toBe('mf-donate/Donate');
  });
});

import { reportWidgetFailure } from '@party/shared-ui';
import { createRemoteLoader } from '../features/remotes/remote-loader';
import { listenToShellChannel } from './listen-to-shell-channel';

describe('the shell channel', () => {
  it('hands a widget that failed on a page to the remote loader’s failure reports, as its remote’s', () => {
    const remotes = createRemoteLoader({ source: (id) => Promise.reject(new Error(`No remote ${id} in this test`)) });
    const reportFailure = jest.spyOn(remotes, 'reportFailure');
    const stop = listenToShellChannel(remotes);
    const error = new Error('render failed');
    reportWidgetFailure({ id: 'mf-engagement/NewsletterSignup', error });
    stop();
    reportWidgetFailure({ id: 'mf-engagement/NewsletterSignup', error: new Error('after stop') });
    expect(reportFailure.mock.calls).toEqual([['mf-engagement', error]]);
  });
});

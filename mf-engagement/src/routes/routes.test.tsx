import type { RemotePageModule } from '@party/shared-ui';
import { expectExposedPage, renderExposedPage } from '@party/remote-test-kit';
import { engagementRoutes } from './route-table';

// Pages that read from the gateway once shown (the member area) wait for it: this test is about what they render first.
beforeEach(() => {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
});

describe.each(engagementRoutes.map((route) => route.page))('the exposed %s page', (page) => {
  it('renders its heading, marks the release that served it and sets its title and description', async () => {
    const { default: Page } = (await import(`./${page}`)) as RemotePageModule;
    expectExposedPage(await renderExposedPage(Page));
  });
});

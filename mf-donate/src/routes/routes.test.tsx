import type { RemotePageModule } from '@party/shared-ui';
import { expectExposedPage, renderExposedPage } from '@party/remote-test-kit';
import { donateRoutes } from './route-table';

describe.each(donateRoutes.map((route) => route.page))('the exposed %s page', (page) => {
  it('renders its heading, marks the release that served it and sets its title and description', async () => {
    const { default: Page } = (await import(`./${page}`)) as RemotePageModule;
    expectExposedPage(await renderExposedPage(Page));
  });
});

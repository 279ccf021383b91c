import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { remotePages, type PageMeta } from '@party/shared-contracts';
import { onPageMetaSet, type RemotePageModule } from '@party/shared-contracts/ui';

describe.each(remotePages['mf-donate'])('the exposed %s page', (page) => {
  it('renders its heading, says which remote served it and sets its title and description', async () => {
    const { default: Page } = (await import(`./${page}`)) as RemotePageModule;
    const meta: PageMeta[] = [];
    const stop = onPageMetaSet((value) => meta.push(value));

    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    stop();

    expect(screen.getByRole('heading', { level: 1 })).not.toBeEmptyDOMElement();
    // The release is in the markup for operators, never in the text for visitors.
    expect(document.querySelector('article[data-release="test"]')).not.toBeNull();
    expect(screen.queryByText(/Served by|release test/)).not.toBeInTheDocument();
    expect(meta).toHaveLength(1);
    expect(meta[0]?.title).not.toBe('');
    expect(meta[0]?.description.length).toBeGreaterThan(20);
  });
});

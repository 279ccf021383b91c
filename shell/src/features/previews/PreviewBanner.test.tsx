import { render, screen } from '@testing-library/react';
import { previewedReleases, type RemoteRegistry } from '@party/shared-contracts';
import { PreviewBanner } from './PreviewBanner';

const release = (version: string, preview?: true) => ({
  entry: `/releases/x/${version}/mf-manifest.json`,
  version,
  routes: [],
  ...(preview && { preview }),
});
const registry: RemoteRegistry = {
  remotes: {
    'mf-content': release('1.0.0'),
    'mf-engagement': release('0.3.0'),
    'mf-donate': release('2.0.0-rc.1', true),
  },
};

it('names the release this browser previews, and leaves the preview with a form that needs no script', () => {
  render(<PreviewBanner previews={previewedReleases(registry)} />);
  const banner = screen.getByRole('complementary', { name: 'Release preview' });
  expect(banner).toHaveTextContent(
    'Preview mf-donate 2.0.0-rc.1. Only this browser sees it; visitors see the active release.',
  );
  const leave = screen.getByRole('button', { name: 'Leave preview' });
  expect(leave.closest('form')).toHaveAttribute('action', '/api/previews/leave');
  expect(leave.closest('form')).toHaveAttribute('method', 'post');
  // Sent as the browser sends it, never held for the page's code (head-scripts.ts).
  expect(leave.closest('form')).toHaveAttribute('data-server-form');
});

it('is not there for a visitor who previews nothing', () => {
  const { container } = render(
    <PreviewBanner previews={previewedReleases({ remotes: { ...registry.remotes, 'mf-donate': release('2.0.0') } })} />,
  );
  expect(container).toBeEmptyDOMElement();
});

it('names a previewed shell first', () => {
  render(<PreviewBanner previews={previewedReleases({ ...registry, shell: { version: '3.0.0', preview: true } })} />);
  expect(screen.getByRole('complementary', { name: 'Release preview' })).toHaveTextContent(
    'Preview shell 3.0.0, mf-donate 2.0.0-rc.1. Only this browser sees it',
  );
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@party/remote-test-kit';
import { PolicyAreaTabs } from './PolicyAreaTabs';

const panelHeading = () => screen.getByRole('tabpanel').querySelector('h3')?.textContent;
// The router applies a new URL in a transition: wait for it.
const expectPanel = (title: string) => waitFor(() => expect(panelHeading()).toBe(title));

describe('PolicyAreaTabs', () => {
  it('shows the economy first, and only one panel at a time', () => {
    renderAt(<PolicyAreaTabs />, { url: '/policy' });
    expect(screen.getAllByRole('tab')).toHaveLength(6);
    expect(screen.getByRole('tab', { name: 'Economy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(panelHeading()).toBe('Economy');
  });

  it('opens the area named in the URL', () => {
    renderAt(<PolicyAreaTabs />, { url: '/policy?area=healthcare' });
    expect(screen.getByRole('tab', { name: 'Healthcare' })).toHaveAttribute('aria-selected', 'true');
    expect(panelHeading()).toBe('Healthcare');
  });

  it('falls back to the economy for an unknown area', () => {
    renderAt(<PolicyAreaTabs />, { url: '/policy?area=astrology' });
    expect(panelHeading()).toBe('Economy');
  });

  it('puts the chosen area in the URL', async () => {
    const { location } = renderAt(<PolicyAreaTabs />, { url: '/policy' });
    await userEvent.click(screen.getByRole('tab', { name: 'Technology' }));
    await expectPanel('Technology');
    await waitFor(() => expect(location.search).toBe('?area=technology'));
  });

  it('moves between areas with the arrow keys', async () => {
    const { location } = renderAt(<PolicyAreaTabs />, { url: '/policy?area=education' });
    await userEvent.click(screen.getByRole('tab', { name: 'Education' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Environment' })).toHaveFocus();
    await expectPanel('Environment');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expectPanel('Healthcare');
    await waitFor(() => expect(location.search).toBe('?area=healthcare'));
  });

  it('offers the full policy paper of the area as a download', () => {
    renderAt(<PolicyAreaTabs />, { url: '/policy?area=governance' });
    const link = screen.getByRole('link', { name: 'Download Full Policy Paper' });
    expect(link).toHaveAttribute('download', 'refoundation-governance-policy-paper.md');
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('## Key initiatives');
  });
});

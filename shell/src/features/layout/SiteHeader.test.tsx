import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteHeader } from './SiteHeader';

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader
        navigation={[
          { to: '/', label: 'Home' },
          { to: '/manifesto', label: 'Manifesto' },
          { to: '/leadership', label: 'Leadership' },
        ]}
      />
      <Routes>
        <Route path="*" element={<p>page</p>} />
      </Routes>
      <p>Outside the header</p>
    </MemoryRouter>,
  );
}

const toggle = () => screen.getByRole('button', { name: /menu/i });

describe('SiteHeader', () => {
  it('links to the pages it is given, then signing in and Join Now', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Manifesto', '/manifesto'],
      ['Leadership', '/leadership'],
      ['Sign in', '/members/sign-in'],
      ['Join Now', '/join'],
    ]);
  });

  it('offers a signed-in member their membership instead of signing in', () => {
    document.cookie = 'party_member=1';
    try {
      renderHeader();
      expect(screen.getByRole('link', { name: 'My membership' })).toHaveAttribute('href', '/members/account');
      expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    } finally {
      document.cookie = 'party_member=; max-age=0';
    }
  });

  it('marks the link of the current page', () => {
    renderHeader('/leadership');
    expect(screen.getByRole('link', { name: 'Leadership' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('gains its shadow after 10 px of scroll', () => {
    const { container } = renderHeader();
    const header = container.querySelector('header');
    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).not.toHaveAttribute('data-scrolled');
    act(() => {
      window.scrollY = 11;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled');
  });

  // The browser opens and closes it (HTML popover, which jsdom lacks): its journeys are in e2e/tests/mobile-menu.spec.ts.
  it('makes the menu a popover that its toggle opens', () => {
    renderHeader();
    expect(toggle()).toHaveAttribute('popovertarget', 'site-menu');
    expect(screen.getByRole('list')).toHaveAttribute('popover', 'auto');
    expect(screen.getByRole('list')).toHaveAttribute('id', 'site-menu');
  });
});

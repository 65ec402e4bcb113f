import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TabNav, type TabNavItem } from './tab-nav';

const TABS: TabNavItem[] = [
  { label: 'User Profile', to: '/settings', end: true },
  { label: 'Company Details', to: '/settings/company-details' },
  { label: 'Settlement Account', to: '/settings/settlement-account' },
  { label: 'Documents', to: '/settings/documents' },
  { label: 'Security', to: '/settings/security' },
  { label: 'Apps', to: '/settings/apps' },
  { label: 'Developer Settings', to: '/settings/developer-settings' },
];
const TAB_WIDTH = 120;
const GAP = 24;

/** jsdom lays nothing out: each tab is TAB_WIDTH wide, the row `viewport` px, as in a browser that width. */
function layOut(viewport: number) {
  const rowWidth = TABS.length * TAB_WIDTH + (TABS.length - 1) * GAP;
  const index = (element: HTMLElement) => TABS.findIndex((tab) => tab.label === element.textContent);
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return Math.max(index(this), 0) * (TAB_WIDTH + GAP);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(TAB_WIDTH);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(viewport);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockReturnValue(rowWidth);
  return { maxScroll: Math.max(rowWidth - viewport, 0) };
}

function renderTabs(path: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <TabNav label="Settings sections" items={TABS} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return { nav: screen.getByRole('navigation', { name: 'Settings sections' }), router };
}

describe('TabNav', () => {
  it('marks the tab of the current address', () => {
    renderTabs('/settings/security');
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'User Profile' })).not.toHaveAttribute('aria-current');
  });

  it('scrolls the current tab into view on a phone, even the last one', () => {
    const { maxScroll } = layOut(390);
    const { nav } = renderTabs('/settings/developer-settings');
    expect(nav.scrollLeft).toBe(maxScroll);
  });

  it('starts the row at a whole tab, as far along as the current one needs', () => {
    layOut(390);
    const { nav } = renderTabs('/settings/documents');
    // Documents ends at 552 px: the row starts at the first tab from which that fits in 390 px (Settlement
    // Account), 24 px in, clear of the fade at the edge.
    expect(nav.scrollLeft).toBe(2 * (TAB_WIDTH + GAP) - 24);
  });

  it('follows the current tab when another one is chosen', async () => {
    layOut(390);
    const { nav, router } = renderTabs('/settings');
    expect(nav.scrollLeft).toBe(0);
    await act(() => router.navigate('/settings/security'));
    expect(nav.scrollLeft).toBe(3 * (TAB_WIDTH + GAP) - 24);
  });

  it('fades the edges beyond which more tabs lie, so a cut-off tab reads as more to scroll to', () => {
    layOut(390);
    const { nav } = renderTabs('/settings/documents');
    expect(nav.style.maskImage).toBe(
      'linear-gradient(to right, transparent, black 24px, black calc(100% - 24px), transparent)',
    );
  });

  it('leaves the row alone when every tab fits', () => {
    layOut(1280);
    const { nav } = renderTabs('/settings/developer-settings');
    expect(nav.scrollLeft).toBe(0);
    expect(nav.style.maskImage).toBe('');
  });
});

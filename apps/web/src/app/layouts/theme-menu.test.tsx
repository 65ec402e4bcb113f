import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { signIn } from '@/testing/session';
import { loadThemeScript } from '@/testing/theme-script';

const isDark = () => document.documentElement.classList.contains('dark');
let page: ReturnType<typeof loadThemeScript> | undefined;

afterEach(() => page?.unload());

async function openThemeMenu(current: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Theme: ${current}` }));
  return screen.findByRole('menu');
}

describe("the top bar's theme menu", () => {
  it('offers light, dark and system, with system chosen until the person chooses', async () => {
    page = loadThemeScript({ systemDark: false });
    signIn();
    renderApp('/dashboard/recents');
    const menu = await openThemeMenu('System');

    const choices = within(menu).getAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('turns the page dark when Dark is chosen, keeps it for this browser, and back with Light', async () => {
    page = loadThemeScript({ systemDark: false });
    signIn();
    renderApp('/dashboard/recents');

    await userEvent.click(within(await openThemeMenu('System')).getByRole('menuitemradio', { name: 'Dark' }));
    expect(isDark()).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    const menu = await openThemeMenu('Dark');
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Light' }));
    expect(isDark()).toBe(false);
    expect(await screen.findByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
  });

  it('follows a system that turns dark while System is chosen', async () => {
    page = loadThemeScript({ systemDark: false });
    window.localStorage.setItem('theme', 'light');
    signIn();
    renderApp('/dashboard/recents');

    await userEvent.click(
      within(await openThemeMenu('Light')).getByRole('menuitemradio', { name: 'System' }),
    );
    expect(isDark()).toBe(false);
    page.system.set(true);
    expect(isDark()).toBe(true);
  });
});

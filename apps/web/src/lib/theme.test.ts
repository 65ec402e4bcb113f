import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadThemeScript } from '@/testing/theme-script';
import { chooseTheme, useThemeChoice } from './theme';

const isDark = () => document.documentElement.classList.contains('dark');
let page: ReturnType<typeof loadThemeScript> | undefined;
const load = (systemDark: boolean) => {
  page?.unload();
  page = loadThemeScript({ systemDark });
  return page;
};

afterEach(() => {
  page?.unload();
  page = undefined;
});

describe("index.html's theme script and the theme choice", () => {
  it('follows the system by default: dark on a dark system, light on a light one', () => {
    load(true);
    expect(isDark()).toBe(true);
    expect(renderHook(() => useThemeChoice()).result.current).toBe('system');

    load(false);
    expect(isDark()).toBe(false);
  });

  it('follows the system as it changes while the choice is "system"', () => {
    const { system } = load(false);
    system.set(true);
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it('applies a choice at once, and the system no longer moves it', () => {
    const { system } = load(false);
    chooseTheme('dark');
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(true);

    chooseTheme('light');
    system.set(true);
    expect(isDark()).toBe(false);
  });

  it('keeps the choice in this browser for the next page load, before any app code runs', () => {
    load(false);
    chooseTheme('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    load(false);
    expect(isDark()).toBe(true);
  });

  it('forgets the choice for "system", which then follows the system again', () => {
    load(true);
    chooseTheme('light');
    expect(isDark()).toBe(false);

    chooseTheme('system');
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(isDark()).toBe(true);
  });

  it('tells the hook of a choice made here or in another tab', () => {
    load(false);
    const { result } = renderHook(() => useThemeChoice());
    act(() => chooseTheme('dark'));
    expect(result.current).toBe('dark');

    // Another tab wrote it: the browser sends a storage event, and the page follows.
    act(() => {
      window.localStorage.setItem('theme', 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    });
    expect(result.current).toBe('light');
    expect(isDark()).toBe(false);
  });
});

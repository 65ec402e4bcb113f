import { TOAST_DURATIONS_MS } from '@bizdash/shared';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './toaster';

const MESSAGE = 'Invalid email or password';

/** The fixed row react-hot-toast places a toast in: its style says which edge of the screen it sits at. */
function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[style*="position: absolute"]');
  if (!row) throw new Error(`no toast row around "${text}"`);
  return row;
}

function onScreenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /max-width:\s*639px/.test(query) ? width <= 639 : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AppToaster', () => {
  it('shows one toast for a message raised five times', () => {
    render(<AppToaster />);
    act(() => {
      for (let attempt = 0; attempt < 5; attempt += 1) toast.error(MESSAGE);
    });
    expect(screen.getAllByText(MESSAGE)).toHaveLength(1);
  });

  it('keeps different messages apart', () => {
    render(<AppToaster />);
    act(() => {
      toast.error(MESSAGE);
      toast.success('Copied payment link successfully');
      toast.error(MESSAGE);
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('starts the time of a repeated message again instead of letting the first one run out', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => void toast.error(MESSAGE));
    act(() => void vi.advanceTimersByTime(TOAST_DURATIONS_MS.error - 1000));
    act(() => void toast.error(MESSAGE));
    // Past the first one's time and its exit: only a refreshed toast is still there.
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getAllByText(MESSAGE)).toHaveLength(1);
  });

  it('sits at the top centre on wide screens', () => {
    onScreenWidth(1280);
    render(<AppToaster />);
    act(() => void toast.error(MESSAGE));
    expect(rowOf(MESSAGE).style.top).toBe('0px');
    expect(rowOf(MESSAGE).style.justifyContent).toBe('center');
  });

  it('starts below the Test mode band on wide screens, so a toast never covers it', () => {
    onScreenWidth(1280);
    render(<AppToaster />);
    act(() => void toast.error(MESSAGE));
    expect(rowOf(MESSAGE).parentElement?.style.top).toBe('calc(16px + var(--test-mode-band-space, 0px))');
  });

  it('sits at the bottom on a phone, clear of the form being filled in at the top', () => {
    onScreenWidth(390);
    render(<AppToaster />);
    act(() => void toast.error(MESSAGE));
    expect(rowOf(MESSAGE).style.bottom).toBe('0px');
    expect(rowOf(MESSAGE).style.top).toBe('');
  });
});

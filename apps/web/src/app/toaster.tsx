import { MAX_TOASTS, TOAST_DURATIONS_MS } from '@bizdash/shared';
import { useEffect, useLayoutEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TEST_MODE_BAND_SPACE } from '@/features/test-mode/band-space';
import { useMediaQuery } from '@/lib/use-media-query';

/** At most MAX_TOASTS on screen: the oldest beyond the limit are dismissed. */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(limit)) toast.dismiss(item.id);
  }, [toasts, limit]);
}

/**
 * One toast per message: five failed sign-ins say "Invalid email or password" once, not five times. Toasts are
 * raised all over the app, so the rule lives here: a repeat replaces the older one (its time starts again).
 * A layout effect, so the older one is gone before the browser paints both.
 */
function useOneToastPerMessage() {
  const { toasts } = useToasterStore();
  useLayoutEffect(() => {
    const shown = new Set<string>();
    // The store lists the newest first.
    for (const item of toasts) {
      if (!item.visible || typeof item.message !== 'string') continue;
      if (shown.has(item.message)) toast.remove(item.id);
      else shown.add(item.message);
    }
  }, [toasts]);
}

/** SPEC puts toasts at the top centre; on a phone that is where the form being corrected is, so they sit at the bottom. */
const PHONE = '(max-width: 639px)';

export function AppToaster() {
  useToastLimit(MAX_TOASTS);
  useOneToastPerMessage();
  const phone = useMediaQuery(PHONE);
  return (
    <Toaster
      position={phone ? 'bottom-center' : 'top-center'}
      // Below the Test mode band while it is shown, not over it (react-hot-toast's gap is 16 px).
      containerStyle={phone ? undefined : { top: `calc(16px + var(${TEST_MODE_BAND_SPACE}, 0px))` }}
      toastOptions={{
        duration: TOAST_DURATIONS_MS.default,
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        // The palette's variables, so a toast follows the theme (dark-theme.css); in dark its shadow does not show,
        // so an edge does.
        className: 'dark:border dark:border-slate-200',
        style: {
          borderRadius: 12,
          background: 'var(--color-white)',
          color: 'var(--color-slate-900)',
          fontSize: 14,
          maxWidth: 420,
        },
      }}
    />
  );
}

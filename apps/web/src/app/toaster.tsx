import { MAX_TOASTS, TOAST_DURATIONS_MS } from '@bizdash/shared';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** At most MAX_TOASTS on screen: the oldest beyond the limit are dismissed. */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(limit)) toast.dismiss(item.id);
  }, [toasts, limit]);
}

export function AppToaster() {
  useToastLimit(MAX_TOASTS);
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS_MS.default,
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        style: { borderRadius: 12, color: '#0f172a', fontSize: 14, maxWidth: 420 },
      }}
    />
  );
}

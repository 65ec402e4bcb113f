import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left of a wait begun with `start()`, 0 when there is none. Counted from the clock, not from
 * ticks, so a tab the browser slowed down in the background still shows the right time when it comes back.
 */
export function useCooldown(seconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, [seconds]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}

import { useEffect, useState } from 'react';

/**
 * The time, read again every `everyMs` while `running`: a screen that shows time left, or that opens something
 * when a time comes, stays right without a reload.
 */
export function useNow(everyMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, running]);
  return running ? now : Date.now();
}

import { useLayoutEffect, useState } from 'react';

/**
 * The width in CSS pixels of the element given to `ref`, tracked with a ResizeObserver; `fallback` until it
 * has been measured. A callback ref, so an element that is replaced (loading -> loaded) is measured again.
 */
export function useElementWidth<F extends number | null>(fallback: F) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | F>(fallback);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(Math.floor(measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, width };
}

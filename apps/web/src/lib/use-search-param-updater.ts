import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Values to set in the address's query; null or '' removes the key. */
export type SearchParamChanges = Record<string, string | null>;

/**
 * The address's query and a way to change some of its keys, keeping the others. Two changes before the next
 * render (From, then To at once) both land: react-router hands a functional update the params of the last render,
 * so the second would drop the first; this builds on the last ones asked for.
 */
export function useSearchParamUpdater() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = (changes: SearchParamChanges, { replace = false } = {}) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next;
    setParams(next, { replace });
  };
  return [params, update] as const;
}

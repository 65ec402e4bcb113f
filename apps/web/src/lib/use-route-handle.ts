import { useMatches } from 'react-router';

/** The `handle` of the deepest matched route: lets one page module serve several routes (e.g. filters). */
export function useRouteHandle<T>(isHandle: (value: unknown) => value is T): T | undefined {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  return isHandle(handle) ? handle : undefined;
}

import { useElementWidth } from './use-element-width';
import { useMediaQuery } from './use-media-query';

/**
 * Whether the element the returned ref is attached to has at least `minWidth` px (a table's columns fit), by
 * the room it actually has: the sidebar and page padding vary. Before it is measured, the viewport decides.
 */
export function useFitsWidth(minWidth: number) {
  const { ref, width } = useElementWidth(null);
  const wideViewport = useMediaQuery(`(min-width: ${minWidth}px)`);
  return { ref, wide: width === null ? wideViewport : width >= minWidth };
}

import { useEffect, useRef } from 'react';
import { GO_SEQUENCE_MS, type GoTarget, isTypingTarget, layerOpen } from './shortcuts';

interface GlobalShortcuts {
  /** Ctrl+K / ⌘K: opens the palette, or closes it when it is the open dialog. */
  onTogglePalette: () => void;
  /** `?`: the keyboard shortcuts dialog. */
  onShowShortcuts: () => void;
  /** `g` then a target's key; only the targets the acting role may see. */
  goTargets: readonly GoTarget[];
  onGo: (path: string) => void;
}

const isPaletteChord = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/**
 * The signed-in app's keyboard shortcuts. The palette's chord types nothing, so it works from a field too; the
 * single keys (`?`, `g` then a letter) never fire while typing or while a dialog or menu has the keys (Escape
 * stays theirs).
 */
export function useGlobalShortcuts(shortcuts: GlobalShortcuts): void {
  // The listener is added once; it reads the latest callbacks and targets.
  const latest = useRef(shortcuts);
  latest.current = shortcuts;

  useEffect(() => {
    let goPressedAt: number | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const current = latest.current;
      if (isPaletteChord(event)) {
        if (layerOpen({ exceptPalette: true })) return;
        event.preventDefault();
        current.onTogglePalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || layerOpen()) {
        goPressedAt = null;
        return;
      }
      const afterGo = goPressedAt !== null && event.timeStamp - goPressedAt <= GO_SEQUENCE_MS;
      goPressedAt = null;
      if (afterGo) {
        const target = current.goTargets.find((candidate) => candidate.key === event.key);
        if (target) {
          event.preventDefault();
          current.onGo(target.path);
        }
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        current.onShowShortcuts();
      } else if (event.key === 'g') {
        goPressedAt = event.timeStamp;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

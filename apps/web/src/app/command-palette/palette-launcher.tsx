import { roleCan } from '@bizdash/shared';
import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useActingRole } from '@/lib/permissions';
import { GO_TARGETS, isApplePlatform, paletteShortcutLabel } from './shortcuts';
import { useGlobalShortcuts } from './use-global-shortcuts';

// Both load on first use (the chord, the button, `?`): the shell's own script stays as small as it was.
const CommandPalette = lazy(() =>
  import('./command-palette').then((module) => ({ default: module.CommandPalette })),
);
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

interface Layer {
  /** Asked for at least once: its code is (being) loaded and it stays mounted, closed or open. */
  loaded: boolean;
  open: boolean;
}

const CLOSED: Layer = { loaded: false, open: false };
const opened = (open: boolean): Layer => ({ loaded: true, open });

/**
 * The top bar's Search button and the signed-in app's keyboard shortcuts: Ctrl+K / ⌘K opens the command palette,
 * `?` the list of shortcuts, `g` then a letter goes to a page. Rendered by the shell only, so public pages
 * (checkout, sign-in) have none of it.
 */
export function PaletteLauncher() {
  const navigate = useNavigate();
  const role = useActingRole();
  const goTargets = GO_TARGETS.filter((target) => !target.permission || roleCan(role, target.permission));
  const [palette, setPalette] = useState(CLOSED);
  const [shortcuts, setShortcuts] = useState(CLOSED);
  const showShortcuts = () => setShortcuts(opened(true));

  useGlobalShortcuts({
    onTogglePalette: () => setPalette((current) => opened(!current.open)),
    onShowShortcuts: showShortcuts,
    goTargets,
    onGo: (path) => void navigate(path),
  });

  const shortcut = paletteShortcutLabel();
  return (
    <>
      <button
        type="button"
        onClick={() => setPalette(opened(true))}
        aria-keyshortcuts={isApplePlatform() ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        title={`Search (${shortcut})`}
        className="flex items-center gap-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:w-56 md:px-3 md:py-1.5 md:text-slate-600 md:ring-1 md:ring-slate-300 md:ring-inset"
      >
        <Search className="size-5 shrink-0 md:size-4" aria-hidden="true" />
        <span className="sr-only md:not-sr-only md:flex-1 md:text-left md:text-sm">Search</span>
        {/* aria-keyshortcuts names the chord; the visible hint is not read as part of the button's name. */}
        <span className="hidden md:inline" aria-hidden="true">
          <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-sans text-xs font-medium text-slate-600">
            {shortcut}
          </kbd>
        </span>
      </button>
      {palette.loaded ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={palette.open}
            onOpenChange={(open) => setPalette(opened(open))}
            onShowShortcuts={showShortcuts}
          />
        </Suspense>
      ) : null}
      {shortcuts.loaded ? (
        <Suspense fallback={null}>
          <ShortcutsDialog
            open={shortcuts.open}
            onOpenChange={(open) => setShortcuts(opened(open))}
            goTargets={goTargets}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useActingUserId } from '@/lib/acting-profile';
import { useUserId } from '@/lib/credentials';
import { GenerateKeyDialog } from './generate-key-dialog';
import { PaletteCombobox } from './palette-combobox';
import type { PaletteItem } from './palette-items';
import { rememberRecentItem } from './recent-items';
import { PALETTE_ATTRIBUTE } from './shortcuts';

// The product form brings its form library along: loaded only when "Create product" is chosen.
const ProductFormModal = lazy(() =>
  import('@/features/products/components/product-form-modal').then((module) => ({
    default: module.ProductFormModal,
  })),
);

type FollowUp = 'create-product' | 'generate-api-key' | 'show-shortcuts';

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowShortcuts: () => void;
}

/**
 * The command palette (issue 25 §2): a modal dialog around the combobox. Choosing an item goes where it points, or
 * opens its action's dialog once the palette has closed and given the focus back to what had it before.
 */
export function CommandPalette({ open, onOpenChange, onShowShortcuts }: CommandPaletteProps) {
  const navigate = useNavigate();
  const personId = useUserId();
  const actingUserId = useActingUserId();
  // Radix returns focus to a Dialog.Trigger only; the palette also opens from the keyboard anywhere.
  const opener = useRef<HTMLElement | null>(null);
  const pendingFollowUp = useRef<FollowUp | null>(null);
  const [followUp, setFollowUp] = useState<Exclude<FollowUp, 'show-shortcuts'> | null>(null);

  const choose = (item: PaletteItem) => {
    if (personId && actingUserId) rememberRecentItem(personId, actingUserId, item);
    const command = item.command;
    pendingFollowUp.current = command && command.type !== 'switch' ? command.type : null;
    onOpenChange(false);
    if (item.to) void navigate(item.to);
    if (command?.type === 'switch') command.run();
  };

  const closeFollowUp = () => setFollowUp(null);
  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
          <Dialog.Content
            {...{ [PALETTE_ATTRIBUTE]: '' }}
            aria-describedby={undefined}
            // The whole dialog scrolls (its field and footer stay in place): a scrolling region holding the field is one
            // keyboard users can reach, which a list of options alone (they never take the focus) would not be.
            className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-y-auto overscroll-contain rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 focus:outline-none sm:top-[12dvh] sm:max-h-[min(76dvh,36rem)]"
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
              const next = pendingFollowUp.current;
              pendingFollowUp.current = null;
              if (next === 'show-shortcuts') onShowShortcuts();
              else if (next) setFollowUp(next);
            }}
          >
            <Dialog.Title className="sr-only">Command palette</Dialog.Title>
            <PaletteCombobox onChoose={choose} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {followUp === 'create-product' ? (
        <Suspense fallback={null}>
          <ProductFormModal
            open
            product={null}
            onOpenChange={(next) => !next && closeFollowUp()}
            onCreated={() => void navigate('/products')}
          />
        </Suspense>
      ) : null}
      {followUp === 'generate-api-key' ? <GenerateKeyDialog onClose={closeFollowUp} /> : null}
    </>
  );
}

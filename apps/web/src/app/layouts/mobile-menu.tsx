import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { DisputesMenuDot } from '@/features/disputes/components/disputes-nav-badge';
import { useCan } from '@/lib/permissions';
import { NAV_ICON_SIZE } from './nav-entries';
import { SidebarContent } from './sidebar-content';

/** The slide-out menu below the lg breakpoint; Radix traps focus, closes on Escape/overlay and restores focus. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  // The dot stands for the Disputes entry inside: none for a role that is not shown it.
  const seesDisputes = useCan('customers.read').allowed;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className="relative -ml-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 lg:hidden"
      >
        <Menu size={NAV_ICON_SIZE} aria-hidden="true" />
        {seesDisputes ? <DisputesMenuDot /> : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-50 motion-safe:animate-fade-in bg-slate-950/60 lg:hidden"
          data-testid="mobile-menu-overlay"
        />
        <Dialog.Content
          aria-describedby={undefined}
          // The close button beside the sidebar is white on the dim in both themes, as the sidebar is dark in both.
          className="same-in-dark fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] motion-safe:animate-slide-in-left flex-col shadow-2xl focus:outline-none lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <SidebarContent onNavigate={() => setOpen(false)} />
          <Dialog.Close
            aria-label="Close menu"
            className="absolute top-5 -right-12 rounded-lg p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X size={NAV_ICON_SIZE} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

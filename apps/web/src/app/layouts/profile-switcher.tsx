import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronsUpDown } from 'lucide-react';
import { LogoMark } from '@/components/ui/logo';
import { useUser } from '@/features/users/api/get-user';

/** The logo button: switches between the merchant and (later) its apps. */
export function ProfileSwitcher() {
  const { data: user } = useUser();
  const businessName = user?.businessName ?? '';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Switch profile"
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300 data-[state=open]:bg-white/10"
      >
        <LogoMark className="size-9" />
        <span className="min-w-0 flex-1">
          <span className="block text-base font-bold tracking-tight text-white">Bizdash</span>
          <span className="block truncate text-xs text-slate-300" data-testid="current-profile">
            {businessName || '\u00a0'}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-slate-300" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-[60] w-[var(--radix-dropdown-menu-trigger-width)] min-w-56 rounded-xl bg-white p-1.5 text-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">
            Profiles
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value="current">
            <DropdownMenu.RadioItem
              value="current"
              className="flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              <span className="flex-1 truncate">{businessName || 'Your business'}</span>
              <DropdownMenu.ItemIndicator>
                <Check className="size-4 text-brand-700" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

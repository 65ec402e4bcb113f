import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { chooseTheme, type ThemeChoice, useThemeChoice } from '@/lib/theme';

const CHOICES = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const satisfies readonly { value: ThemeChoice; label: string; Icon: typeof Sun }[];

const isThemeChoice = (value: string): value is ThemeChoice =>
  CHOICES.some((choice) => choice.value === value);

/** The top bar's theme button: light, dark, or as the system is (the default), kept per browser (lib/theme). */
export function ThemeMenu() {
  const choice = useThemeChoice();
  const current = CHOICES.find((candidate) => candidate.value === choice) ?? CHOICES[2];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Theme: ${current.label}`}
        className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=open]:bg-slate-100"
      >
        <current.Icon className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] min-w-44 rounded-xl bg-white p-1.5 text-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={choice}
            onValueChange={(value) => {
              if (isThemeChoice(value)) chooseTheme(value);
            }}
          >
            {CHOICES.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                <Icon className="size-4 text-slate-500" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-brand-700" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

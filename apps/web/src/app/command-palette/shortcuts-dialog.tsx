import { Modal } from '@/components/ui/modal';
import { type GoTarget, paletteShortcutLabel } from './shortcuts';

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The `g` targets the acting role has. */
  goTargets: readonly GoTarget[];
}

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      {keys.map((key, index) => (
        <span key={key} className="flex items-center gap-1">
          {index > 0 ? <span className="text-xs text-slate-500">then</span> : null}
          <kbd className="min-w-7 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-sans text-xs font-semibold text-slate-700 shadow-[0_1px_0_var(--color-slate-300)]">
            {key}
          </kbd>
        </span>
      ))}
    </span>
  );
}

/** `?`: every keyboard shortcut of the signed-in app. */
export function ShortcutsDialog({ open, onOpenChange, goTargets }: ShortcutsDialogProps) {
  const rows: { keys: string[]; action: string }[] = [
    { keys: [paletteShortcutLabel()], action: 'Open the command palette' },
    ...goTargets.map((target) => ({ keys: ['g', target.key], action: `Go to ${target.label}` })),
    { keys: ['?'], action: 'Show these shortcuts' },
    { keys: ['Esc'], action: 'Close a dialog or the palette' },
  ];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Single keys work anywhere but in a text field or an open dialog."
    >
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.action} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="text-sm text-slate-800">{row.action}</dt>
            <dd>
              <Keys keys={row.keys} />
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

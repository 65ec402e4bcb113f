import { formatDateTime, formatRecoveryCode } from '@bizdash/shared';
import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { copyWithToast } from '@/lib/clipboard';
import { saveBlob } from '@/lib/download';

const RECOVERY_CODES_FILE_NAME = 'bizdash-recovery-codes.txt';

/** Shown as xxxxx-xxxxx whether the server sent them bare or already formatted. */
const displayed = (code: string) => formatRecoveryCode(code.replace(/[\s-]/g, ''));

/** The file a merchant keeps: made here from the codes on screen, nothing asked of the server again. */
function recoveryCodesText(codes: string[]): string {
  return [
    'Bizdash recovery codes',
    `Generated ${formatDateTime(new Date())}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes.map(displayed),
    '',
  ].join('\n');
}

interface RecoveryCodesProps {
  codes: string[];
  /** Ticked once the merchant says the codes are kept somewhere: they are never shown again. */
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

/** The recovery codes, shown once, with ways to keep them and the merchant's word that they did. */
function RecoveryCodes({ codes, saved, onSavedChange }: RecoveryCodesProps) {
  const checkboxId = useId();
  const formatted = codes.map(displayed);
  return (
    <div className="flex flex-col gap-4">
      <ol
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-slate-50 px-5 py-4 font-mono text-[15px] text-slate-900 ring-1 ring-slate-200 ring-inset"
      >
        {formatted.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          size="sm"
          icon={<Copy className="size-4" aria-hidden="true" />}
          onClick={() => void copyWithToast(formatted.join('\n'), 'recovery codes')}
        >
          Copy codes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Download className="size-4" aria-hidden="true" />}
          onClick={() =>
            saveBlob(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE_NAME)
          }
        >
          Download
        </Button>
      </div>
      <div className="flex items-start gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saved}
          onChange={(event) => onSavedChange(event.target.checked)}
          aria-describedby={`${checkboxId}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={checkboxId} className="font-medium">
            I have saved my recovery codes
          </label>
          <p id={`${checkboxId}-hint`} className="text-amber-900">
            They are not shown again. Each one works once.
          </p>
        </div>
      </div>
    </div>
  );
}

interface RecoveryCodesModalProps {
  open: boolean;
  title: string;
  description: string;
  codes: string[];
  /** Done, once the merchant has ticked that the codes are kept (or the modal is dismissed). */
  onDone: () => void;
}

/** The step that shows new recovery codes: Done only once the merchant says they kept them. */
export function RecoveryCodesModal({ open, title, description, codes, onDone }: RecoveryCodesModalProps) {
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onDone()}
      title={title}
      description={description}
      footer={
        <Button onClick={onDone} disabled={!saved}>
          Done
        </Button>
      }
    >
      <RecoveryCodes codes={codes} saved={saved} onSavedChange={setSaved} />
    </Modal>
  );
}

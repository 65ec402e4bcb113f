import { Copy, ExternalLink } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { copyWithToast } from '@/lib/clipboard';

interface BankLinkModalProps {
  /** The hosted link to show; null keeps the modal closed. */
  hostedLinkUrl: string | null;
  onClose: () => void;
}

/**
 * The hosted bank link (SPEC section 2): 'Connect Bank Account' opens it here; 'Copy Link' lets the merchant
 * open it elsewhere (a phone with the banking app). The link brings the merchant back to this screen when done.
 */
export function BankLinkModal({ hostedLinkUrl, onClose }: BankLinkModalProps) {
  return (
    <Modal
      open={hostedLinkUrl !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Connect your US bank account"
      description="Sign in to your bank on its secure page and pick the account your Dollar balance is paid out to. You come back here when it is done."
    >
      {hostedLinkUrl ? (
        <div className="flex flex-col gap-4">
          <p className="truncate rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-600 ring-1 ring-slate-200">
            {hostedLinkUrl}
          </p>
          {/* Phones get the two actions full width, the main one first. */}
          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
            <a href={hostedLinkUrl} className={buttonClasses('primary', 'md')}>
              <ExternalLink className="size-4" aria-hidden="true" />
              Connect Bank Account
            </a>
            <Button
              variant="secondary"
              icon={<Copy className="size-4" aria-hidden="true" />}
              onClick={() => void copyWithToast(hostedLinkUrl, 'link')}
            >
              Copy Link
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

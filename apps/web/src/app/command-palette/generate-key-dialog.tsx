import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useActingUserId } from '@/lib/acting-profile';
import { useApiDetails, useUpdateApiDetails } from '@/lib/api/api-details';

const DEVELOPER_SETTINGS = '/settings/developer-settings';

/**
 * "Generate API key" from the palette: the question Developer Settings asks (a key in use keeps working for its
 * overlap), then the key is made for whom the dashboard acts for and Developer Settings shows it.
 */
export function GenerateKeyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const userId = useActingUserId() ?? '';
  const details = useApiDetails(userId);
  const update = useUpdateApiDetails(userId, () => {
    onClose();
    void navigate(DEVELOPER_SETTINGS);
  });
  const replacing = Boolean(details.data?.apiKey);
  const hours = details.data?.keyRollOverlapHours;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={replacing ? 'Generate a new API key?' : 'Generate an API key?'}
      description={
        replacing
          ? `Your current key keeps working for ${hours} hours, so you can move your servers to the new key without downtime. After that only the new key works.`
          : 'Your server sends it to take payments, read transactions and pay out. Developer Settings shows it once it is made.'
      }
      confirmLabel="Generate new key"
      onConfirm={() => update.mutate({ generateNewKey: true })}
      pending={update.isPending || details.isPending}
    />
  );
}

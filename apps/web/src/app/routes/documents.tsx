import { RequirePermission } from '@/components/ui/permission-gate';
import { BusinessDocuments } from '@/features/documents/components/business-documents';
import { KycSection } from '@/features/kyc/components/kyc-section';
import { useBusiness } from '@/lib/api/user';

/** /settings/documents: the merchant's identity check (kyc) above the business's documents (documents). */
function Documents() {
  const userQuery = useBusiness();
  return (
    <div className="flex flex-col gap-6">
      <KycSection userQuery={userQuery} />
      <BusinessDocuments />
    </div>
  );
}

/** The business's verification: only a role that can change it sees it (the API reads documents for them only). */
export function Component() {
  return (
    <RequirePermission permission="settings.manage" title="Documents">
      <Documents />
    </RequirePermission>
  );
}

import { BusinessDocuments } from '@/features/documents/components/business-documents';
import { KycSection } from '@/features/kyc/components/kyc-section';
import { useUser } from '@/lib/api/user';

/** /settings/documents: the merchant's identity check (kyc) above the business's documents (documents). */
export function Component() {
  const userQuery = useUser();
  return (
    <div className="flex flex-col gap-6">
      <KycSection userQuery={userQuery} />
      <BusinessDocuments />
    </div>
  );
}

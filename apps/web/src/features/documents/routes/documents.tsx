import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function Component() {
  return (
    <EmptyState
      icon={FileText}
      title="No documents uploaded"
      description="Identity verification (KYC) and your business documents, such as articles of incorporation and proof of address, will appear here."
    />
  );
}

import { SectionCard } from '@/components/ui/section-card';
import { CompanyDetailsForm } from '../components/company-details-form';
import { UserDetails } from '../components/user-details';

export function Component() {
  return (
    <SectionCard title="Company Details" description="The business customers pay.">
      <UserDetails of="business" render={(user) => <CompanyDetailsForm user={user} />} />
    </SectionCard>
  );
}

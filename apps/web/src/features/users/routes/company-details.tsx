import { DescriptionList } from '@/components/ui/description-list';
import { SectionCard } from '@/components/ui/section-card';
import { UserDetails } from '../components/user-details';

export function Component() {
  return (
    <SectionCard title="Company Details" description="The business customers pay.">
      <UserDetails
        render={(user) => (
          <DescriptionList
            items={[
              { label: 'Company Name', value: user.businessName },
              { label: 'Country of Business', value: user.countryOfBusiness },
              { label: 'Description of Business', value: user.businessDescription },
              { label: 'Checkout logo URL', value: user.checkoutLogUrl },
              { label: 'Let customer pay fee', value: user.chargeCheckoutFeeToCustomer ? 'Yes' : 'No' },
            ]}
          />
        )}
      />
    </SectionCard>
  );
}

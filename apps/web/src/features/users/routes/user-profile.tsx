import { DescriptionList } from '@/components/ui/description-list';
import { SectionCard } from '@/components/ui/section-card';
import { UserDetails } from '../components/user-details';

export function Component() {
  return (
    <SectionCard title="User Profile" description="Your personal details.">
      <UserDetails
        render={(user) => (
          <DescriptionList
            items={[
              { label: 'First Name', value: user.firstName },
              { label: 'Last Name', value: user.lastName },
              { label: 'Email', value: user.email },
              { label: 'Phone Number', value: user.phoneNumber },
            ]}
          />
        )}
      />
    </SectionCard>
  );
}

import { SectionCard } from '@/components/ui/section-card';
import { ProfileForm } from '../components/profile-form';
import { ProfilePhoto } from '../components/profile-photo';
import { UserDetails } from '../components/user-details';

export function Component() {
  return (
    <SectionCard title="User Profile" description="Your personal details.">
      <UserDetails
        render={(user) => (
          <div className="flex flex-col gap-8">
            <ProfilePhoto user={user} />
            <ProfileForm user={user} />
          </div>
        )}
      />
    </SectionCard>
  );
}

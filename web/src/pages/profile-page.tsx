import { memberMessages } from '@/lib/member-messages';
import { ProfileView } from '@/features/account';
import { NoticeSettings } from '@/features/notifications';
import { MemberFrame } from './member-frame';

/** `/member/user-info`, and `/profile` (the product's route): one page, so both always agree. */
export function Component() {
  return (
    <MemberFrame title={memberMessages.nav.userInfo}>
      <ProfileView />
      {/* In the profile's column. */}
      <div className="profile">
        <NoticeSettings audience="traveller" />
      </div>
    </MemberFrame>
  );
}

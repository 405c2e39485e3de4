import { memberMessages } from '@/lib/member-messages';
import { SupportCenter } from '@/features/support';
import { MemberFrame } from './member-frame';

export function Component() {
  return (
    <MemberFrame title={memberMessages.nav.support}>
      <SupportCenter />
    </MemberFrame>
  );
}

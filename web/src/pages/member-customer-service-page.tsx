import { SupportCenter } from '@/features/support';
import { MemberFrame } from './member-frame';

export function Component() {
  return (
    <MemberFrame>
      <SupportCenter />
    </MemberFrame>
  );
}

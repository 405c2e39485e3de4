import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { NotFoundPage } from '@/pages/error-pages';
import { userAtom } from '@/features/account';
import { flowOfPath } from '@/lib/paths';
import { OrderStep2 } from '@/features/order';
import { massageExtras } from './massage-extras';
import { SignedInOnly } from './signed-in-only';

/** Step2 starts from what the customer's profile already says. */
export function Component() {
  const { pathname } = useLocation();
  const user = useAtomValue(userAtom);
  const flow = flowOfPath(pathname);
  if (!flow) return <NotFoundPage />;
  const phone = user?.phone;
  const [app, id]: [string, string] = user?.lineId
    ? ['line', user.lineId]
    : user?.whatsappId
      ? ['whatsapp', user.whatsappId]
      : user?.zaloId
        ? ['zalo', user.zaloId]
        : ['', ''];
  // The name a customer chose, not the one sign-up made from the address (the driver's sign needs
  // a real name; an empty field asks for it).
  const chosen = user && user.displayName !== user.email.split('@')[0] ? user.displayName : '';
  return (
    <SignedInOnly>
      <OrderStep2
        key={user?.userId ?? ''}
        flow={flow}
        extras={flow === 'massage' ? massageExtras : undefined}
        profile={{
          name: chosen,
          phoneCountryCode: phone ? `+${phone.countryCode}` : '+886',
          phoneNumber: phone?.number ?? '',
          messagingApp: app,
          messagingId: id,
        }}
      />
    </SignedInOnly>
  );
}

import { Link } from 'react-router';
import { memberMessages } from '@/lib/member-messages';
import { useUnreadCount } from '../api/support-api';

/** The site header's count of replies a signed-in customer has not opened, linking to them; it
 * changes as replies arrive (live), and is nothing when there are none. */
export function HeaderUnread() {
  const { data: unread } = useUnreadCount(true);
  if (!unread) return null;
  return (
    <Link to="/member/customer-service" className="badge badge-danger header-unread" data-testid="header-unread" aria-label={memberMessages.header.unread(unread)}>
      {unread}
    </Link>
  );
}

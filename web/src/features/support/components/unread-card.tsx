import '../support.css';
import { Link } from 'react-router';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useUnread } from '../unread';

const m = memberMessages.home;

/** The member home's customer-service card: how many replies wait unread. */
export function UnreadCard() {
  const unread = useUnread();
  return (
    <div className="card member-card" data-testid="unread-card">
      <h2>{m.unread}</h2>
      <p className={unread ? 'unread-count unread-some' : 'unread-count'}>
        {unread === undefined ? messages.loading : m.unreadCount(unread)}
      </p>
      <p className="member-card-link">
        <Link to="/member/customer-service">{m.openSupport}</Link>
      </p>
    </div>
  );
}

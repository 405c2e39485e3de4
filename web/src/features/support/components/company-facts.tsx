import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useChannels } from '../api/support-api';
import { ContactChannelsCard } from './contact-channels';

const m = memberMessages.support;

/** Who takes the payments (name, address, registration number) and how to reach them. */
export function CompanyFacts() {
  const { data: c, error } = useChannels();
  if (!c) return <p className="muted">{error ? messages.errors.network : messages.loading}</p>;
  return (
    <>
      <p className="plan-lead">{m.aboutLead}</p>
      {c.companyName && (
        <dl className="summary" data-testid="company">
          <dt>{m.company}</dt>
          <dd>{c.companyName}</dd>
          {c.companyAddress && (
            <>
              <dt>{m.companyAddress}</dt>
              <dd>{c.companyAddress}</dd>
            </>
          )}
          {c.companyRegistration && (
            <>
              <dt>{m.companyRegistration}</dt>
              <dd>{c.companyRegistration}</dd>
            </>
          )}
        </dl>
      )}
      <ContactChannelsCard />
    </>
  );
}

import '../support.css';
import { memberMessages } from '@/lib/member-messages';
import { useChannels, type ContactChannels } from '../api/support-api';

const m = memberMessages.support;

/** Each configured channel as a link the phone opens in its app; unset ones are left out. */
function links(c: ContactChannels): { key: string; label: string; text: string; href: string }[] {
  const digits = (s: string) => s.replace(/\D/g, '');
  const all = [
    { key: 'line', text: c.lineId, href: `https://line.me/R/ti/p/${encodeURIComponent(c.lineId)}` },
    { key: 'zalo', text: c.zaloPhone && `+${digits(c.zaloPhone)}`, href: `https://zalo.me/${digits(c.zaloPhone)}` },
    { key: 'whatsapp', text: c.whatsappPhone && `+${digits(c.whatsappPhone)}`, href: `https://wa.me/${digits(c.whatsappPhone)}` },
    { key: 'phone', text: c.phone, href: `tel:${c.phone.replace(/[^\d+]/g, '')}` },
    { key: 'email', text: c.email, href: `mailto:${c.email}` },
  ];
  return all.filter((l) => l.text).map((l) => ({ ...l, label: m.channels[l.key] ?? l.key }));
}

export function ContactChannelsCard() {
  const { data: channels } = useChannels();
  if (!channels) return null;
  const shown = links(channels);
  if (shown.length === 0) return null;
  return (
    <div className="card form-card" data-testid="channels">
      <h2>{m.channelsTitle}</h2>
      <dl className="summary">
        {shown.map((l) => (
          <div key={l.key} className="summary-row">
            <dt>{l.label}</dt>
            <dd>
              <a href={l.href} target={l.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                {l.text}
              </a>
            </dd>
          </div>
        ))}
        {channels.hours && (
          <div className="summary-row">
            <dt>{m.hours}</dt>
            <dd>{channels.hours}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

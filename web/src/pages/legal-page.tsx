import { useLocation } from 'react-router';
import { useBookingTerms } from '@/features/catalog';
import { CompanyFacts } from '@/features/support';
import { messages } from '@/lib/messages';
import { LEGAL_TITLES, privacy, refund, terms, type LegalPage } from '@/lib/legal-texts';
import { usePageTitle } from '@/lib/page-title';

/** `/terms`, `/privacy`, `/refund-policy` and `/about`: what a site that takes payments must say. */
export function Component() {
  const { pathname } = useLocation();
  const booking = useBookingTerms();
  const about = pathname.startsWith('/about');
  const page: LegalPage | undefined = pathname.startsWith('/privacy')
    ? privacy
    : pathname.startsWith('/refund-policy')
      ? booking.data && refund(booking.data)
      : about
        ? undefined
        : terms;
  usePageTitle(LEGAL_TITLES[pathname.replace(/\/$/, '')]);
  if (about) {
    return (
      <article className="legal-page">
        <h1>{LEGAL_TITLES['/about']}</h1>
        <CompanyFacts />
      </article>
    );
  }
  if (!page) return <p className="muted">{booking.error ? messages.errors.network : messages.loading}</p>;
  return (
    <article className="legal-page">
      <h1>{page.title}</h1>
      <p className="plan-lead">{page.lead}</p>
      {page.sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

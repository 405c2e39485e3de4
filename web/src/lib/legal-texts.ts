// The site's terms, privacy policy and refund policy, and the company page's title. They describe
// what the product does (the server's rules); the refund policy's windows are the configured ones,
// passed in. A page's sections and paragraphs are as many as its language's catalogue numbers
// (`terms-2`, `terms-2-1`, `terms-2-2`…).
import { wordsOf, type Args } from '@/lib/i18n';
import source from '@words/web/legal.ftl';

const t = wordsOf(source);

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalPage {
  title: string;
  lead: string;
  sections: LegalSection[];
}

export interface Terms {
  freeHours: number;
  feePercent: number;
}

const PAGES = { '/terms': 'terms', '/privacy': 'privacy', '/refund-policy': 'refund', '/about': 'about' } as const;

/** Each page's title, by its path (the footer in index.html names them the same). */
export const LEGAL_TITLES: Record<string, string> = Object.fromEntries(
  Object.entries(PAGES).map(([path, name]) => [path, t(`${name}-title`)]),
);

/** `name-1`, `name-2`… while the catalogue has them. */
function numbered(prefix: string): string[] {
  const ids: string[] = [];
  while (t.has(`${prefix}-${ids.length + 1}`)) ids.push(`${prefix}-${ids.length + 1}`);
  return ids;
}

function page(name: 'terms' | 'privacy' | 'refund', args?: Args): LegalPage {
  return {
    title: t(`${name}-title`),
    lead: t(`${name}-lead`, args),
    sections: numbered(name).map((section) => ({
      title: t(section),
      paragraphs: numbered(section).map((p) => t(p, args)),
    })),
  };
}

export const terms = page('terms');
export const privacy = page('privacy');
export const refund = (terms: Terms) => page('refund', { ...terms });

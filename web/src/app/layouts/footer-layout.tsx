import { Outlet } from 'react-router';
import { messages } from '@/lib/messages';
import { SiteHeader } from './site-header';

/**
 * The order step and confirm pages: the default frame plus a footer of help that stays in view on
 * wider screens. It is not a second `<footer>` landmark (the site's own footer is the page's); on a
 * phone it stays at the end and the step's main button keeps the bottom of the screen instead.
 */
export function FooterLayout() {
  return (
    <div className="layout layout-footer">
      <SiteHeader />
      <main className="container page">
        <Outlet />
      </main>
      <aside className="order-footer" aria-label={messages.footer.label}>
        <div className="container order-footer-inner">
          <span>{messages.footer.help}</span>
          <span className="muted">{messages.footer.copyright}</span>
        </div>
      </aside>
    </div>
  );
}

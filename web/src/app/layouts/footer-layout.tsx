import { Outlet } from 'react-router';
import { messages } from '@/lib/messages';
import { SiteHeader } from './site-header';

/** The order step and confirm pages: the default frame plus a footer that stays in view. */
export function FooterLayout() {
  return (
    <div className="layout layout-footer">
      <SiteHeader />
      <main className="container page">
        <Outlet />
      </main>
      <footer className="order-footer">
        <div className="container order-footer-inner">
          <span>{messages.footer.help}</span>
          <span className="muted">{messages.footer.copyright}</span>
        </div>
      </footer>
    </div>
  );
}

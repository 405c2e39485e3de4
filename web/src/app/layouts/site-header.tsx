import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { rememberLanguage, userAtom } from '@/features/account';
import { messages } from '@/lib/messages';
import { tokenAtom } from '@/lib/store';
import { CATEGORIES, paths, to } from '@/lib/paths';
import { themeAtom } from '../theme';
import { preloadRoute } from '../route-modules';
import { importWithReload } from '@/lib/lazy-load';
import { LanguagePicker } from '@/components/language-picker';

/** The way to a partner's or staff's app, and replies not yet opened: loaded only once someone is
 * signed in. */
const HeaderSignedIn = lazy(() => importWithReload(() => import('@/pages/signed-in')));

const MENU = messages.nav.menu;

export function SiteHeader() {
  const [theme, setTheme] = useAtom(themeAtom);
  const signedIn = useAtomValue(tokenAtom) !== '';
  const user = useAtomValue(userAtom);
  const next = theme === 'light' ? 'dark' : 'light';
  // On phones the categories fold into a menu, so the header stays one row down to 320 px.
  const [menuOpen, setMenuOpen] = useState(false);
  // In the row on wider screens, in the menu on phones: one of the two is shown.
  const themeButton = (where: string) => (
    <button
      type="button"
      className={`icon-button ${where}`}
      aria-label={theme === 'light' ? messages.nav.themeToDark : messages.nav.themeToLight}
      onClick={() => setTheme(next)}
    >
      {theme === 'light' ? '☾' : '☀'}
    </button>
  );
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link to={paths.home} className="brand">
          <span className="brand-mark" aria-hidden="true">
            VN
          </span>
          <span className="brand-name">{messages.appName}</span>
        </Link>
        <button
          type="button"
          className="icon-button site-menu-button"
          aria-label={MENU}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ☰
        </button>
        <nav id="site-nav" className={menuOpen ? 'site-nav site-nav-open' : 'site-nav'} aria-label={MENU}>
          {CATEGORIES.map((c) => (
            <NavLink
              key={c}
              to={to('category', { category: c })}
              onMouseEnter={() => preloadRoute('category')}
              onClick={() => setMenuOpen(false)}
            >
              {messages.nav.categories[c]}
            </NavLink>
          ))}
          {themeButton('in-menu')}
          <LanguagePicker className="in-menu" remember={rememberLanguage} />
        </nav>
        <div className="site-actions">
          <LanguagePicker className="in-actions" remember={rememberLanguage} />
          {themeButton('in-actions')}
          {signedIn ? (
            <>
              <Link to={paths.member} className="button button-secondary button-small account-link" onMouseEnter={() => preloadRoute('member')}>
                {user?.displayName || messages.nav.account}
              </Link>
              <Suspense fallback={null}>
                <HeaderSignedIn />
              </Suspense>
            </>
          ) : (
            <>
              <Link to={paths.register} className="nav-register" onMouseEnter={() => preloadRoute('register')}>
                {messages.nav.register}
              </Link>
              <Link to={paths.login} className="button button-primary button-small" onMouseEnter={() => preloadRoute('login')}>
                {messages.nav.login}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

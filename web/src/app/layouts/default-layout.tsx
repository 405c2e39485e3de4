import { Outlet } from 'react-router';
import { SiteHeader } from './site-header';

export function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <SiteHeader />
      <main className="container page">
        <Outlet />
      </main>
    </div>
  );
}

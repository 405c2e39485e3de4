import './error-pages.css';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { SITE_ENV } from '@/lib/config';
import { messages } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';

/** The not-found screen: status 404 and 'Page not found: {path}'. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} statusText={messages.errors.notFoundTitle} description={messages.errors.notFound(pathname)} />;
}

interface ErrorPageProps {
  status?: number;
  statusText?: string;
  description?: string;
}

/** A generic error page: status, status message and description; 500 unless told. */
export function ErrorPage({
  status = 500,
  statusText = messages.errors.generic,
  description = messages.errors.genericDescription,
}: ErrorPageProps) {
  usePageTitle(statusText);
  return (
    <section className="error-page" aria-labelledby="error-status">
      <p id="error-status" className="error-status">
        {status}
      </p>
      <h1 className="error-title">{statusText}</h1>
      <p className="error-description">{description}</p>
      <Link to={paths.home} className="button button-primary">
        {messages.errors.backHome}
      </Link>
    </section>
  );
}

/** What a route shows when its loader or component fails. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage status={error.status} statusText={error.statusText || undefined} />;
  }
  if (SITE_ENV === 'dev') console.error(pathname, error);
  return <ErrorPage />;
}

/** Shown while the first route's code and data load. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      {messages.loading}
    </div>
  );
}

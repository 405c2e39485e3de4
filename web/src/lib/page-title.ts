import { useEffect } from 'react';
import { messages } from './messages';

/** The home page's title, as index.html writes it before any script runs. */
export const HOME_TITLE = messages.homeTitle;

/** `頁面｜越南旅遊預約`: each page names itself in the tab, the history and a shared link. */
export function titleOf(page: string | undefined): string {
  return page ? messages.pageTitle(page) : HOME_TITLE;
}

/** Sets the document's title while the page is shown; every page calls it (the e2e test walks them). */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = titleOf(page);
  }, [page]);
}

// The category pages' filters: loaded with those pages only.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/filter.ftl';

const t = wordsOf(source);

export const filterMessages = {
  title: t('title'),
  city: t('city'),
  airport: t('airport'),
  airportOf: (city: string, airport: string) => t('airport-of', { city, airport }),
  hours: t('hours'),
  hoursOf: (h: string) => t('hours-of', { h }),
  language: t('language'),
  languages: { zh: t('languages-zh'), en: t('languages-en'), vi: t('languages-vi') } as Record<string, string>,
  duration: t('duration'),
  search: t('search'),
  searchHint: t('search-hint'),
  passengers: t('passengers'),
  people: t('people'),
  peopleOf: (n: number) => t('people-of', { n }),
  bags: t('bags'),
  bagsOf: (n: number) => t('bags-of', { n }),
  sort: t('sort'),
  sorts: { '': t('sorts-recommended'), price: t('sorts-price'), 'price-desc': t('sorts-price-desc'), rating: t('sorts-rating') } as Record<string, string>,
  any: t('any'),
  clear: t('clear'),
  none: t('none'),
};

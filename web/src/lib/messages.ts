// The shell's words (header, footer, catalogue cards, errors, the order steps' bar), from its
// catalogue `locales/{lang}/web/shell.ftl` in the build's language; the parts that load with their
// pages have catalogues and modules of their own.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/shell.ftl';

const t = wordsOf(source);

export const messages = {
  appName: t('app-name'),
  loading: t('loading'),
  working: t('working'),
  loadMore: t('load-more'),
  tagline: t('tagline'),
  nav: {
    home: t('nav-home'),
    member: t('nav-member'),
    login: t('nav-login'),
    register: t('nav-register'),
    account: t('nav-account'),
    themeToLight: t('nav-theme-to-light'),
    themeToDark: t('nav-theme-to-dark'),
    menu: t('nav-menu'),
    breadcrumb: t('nav-breadcrumb'),
    categories: {
      shuttle: t('nav-categories-shuttle'),
      charter: t('nav-categories-charter'),
      escort: t('nav-categories-escort'),
      'dragon-massage': t('nav-categories-dragon-massage'),
    },
    language: t('nav-language'),
    // Each language by its own name, the same in every catalogue.
    languages: { 'zh-TW': t('nav-languages-zh-tw'), vi: t('nav-languages-vi'), en: t('nav-languages-en') },
  },
  close: t('close'),
  // How the language sets words beside each other: an aside, a label and its value, two facts, a list.
  aside: (text: string, aside: string) => t('aside', { text, aside }),
  labelled: (label: string, value: string) => t('labelled', { label, value }),
  joined: (...parts: string[]) => parts.reduce((a, b) => t('joined', { a, b })),
  /** What `joined` sets between two facts, for facts that are not words alone (`<Joined>`). */
  between: t('joined', { a: '', b: '' }),
  list: (items: readonly string[]) => items.join(t('list-separator')),
  homeTitle: t('home-title'),
  pageTitle: (page: string) => t('page-title', { page }),
  modal: { cancel: t('modal-cancel'), confirm: t('modal-confirm'), questionTitle: t('modal-question-title'), confirmTitle: t('modal-confirm-title'), warningTitle: t('modal-warning-title') },
  photos: {
    open: (n: number, total: number) => t('photos-open', { n, total }),
    count: (n: number, total: number) => t('photos-count', { n, total }),
    previous: t('photos-previous'),
    next: t('photos-next'),
    close: t('photos-close'),
    more: (n: number) => t('photos-more', { n }),
    all: (n: number) => t('photos-all', { n }),
  },
  catalog: {
    from: t('catalog-from'),
    fromBefore: t('catalog-from-before'),
    priceFrom: (price: string) => t('catalog-price-from', { price }),
    plans: (n: number) => t('catalog-plans', { n }),
    viewAll: t('catalog-view-all'),
    book: t('catalog-book'),
    freeCancel: (hours: number) => t('catalog-free-cancel', { hours }),
    reviews: (n: number) => t('catalog-reviews', { n }),
    seats: (n: number) => t('catalog-seats', { n }),
    luggage: (n: number) => t('catalog-luggage', { n }),
    minutes: (m: number) => (m % 60 === 0 ? t('catalog-hours', { n: m / 60 }) : t('catalog-minutes', { n: m })),
    empty: t('catalog-empty'),
    categories: t('catalog-categories'),
    city: t('catalog-city'),
    allCities: t('catalog-all-cities'),
    // The cities the catalogue serves (the server's `CITIES`).
    cities: { hcm: t('catalog-cities-hcm'), han: t('catalog-cities-han'), dad: t('catalog-cities-dad'), nha: t('catalog-cities-nha') } as Record<string, string>,
  },
  errors: {
    notFound: (path: string) => t('errors-not-found', { path }),
    notFoundTitle: t('errors-not-found-title'),
    generic: t('errors-generic'),
    genericDescription: t('errors-generic-description'),
    backHome: t('errors-back-home'),
    network: t('errors-network'),
  },
  build: { newVersion: t('build-new-version'), reload: t('build-reload'), later: t('build-later') },
  footer: {
    label: t('footer-label'),
    help: t('footer-help'),
    copyright: t('footer-copyright'),
  },
  // The order steps' bar and titles: in the shell's catalogue because a step's heading is drawn
  // while its page's code still loads.
  orderSteps: {
    flows: { shuttle: t('order-steps-flows-shuttle'), charter: t('order-steps-flows-charter'), escort: t('order-steps-flows-escort'), massage: t('order-steps-flows-massage') },
    labels: [t('order-steps-labels-1'), t('order-steps-labels-2'), t('order-steps-labels-3')],
  },
  pageTitles: {
    step1: t('page-titles-step1'),
    step2: t('page-titles-step2'),
    confirm: t('page-titles-confirm'),
    payment: t('page-titles-payment'),
    paymentComplete: t('page-titles-payment-complete'),
  },
} as const;

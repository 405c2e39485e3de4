// The partner app's words, from `locales/{lang}/partner.ftl`; kept with the app so customers and
// the console never load them.
import { wordsOf } from '@/lib/i18n';
import source from '@words/partner.ftl';

const t = wordsOf(source);

/** By the wire's JobStatus number. */
const STATUS_CODES = ['', 'open', 'accepted', 'on_the_way', 'arrived', 'started', 'completed', 'no_show', 'withdrawn'];

export const partnerMessages = {
  title: t('title'),
  screenTitle: (screen: string) => t('screen-title', { screen }),
  schedule: t('schedule'),
  today: t('today'),
  tomorrow: t('tomorrow'),
  noJobs: t('no-jobs'),
  signOut: t('sign-out'),
  noAccess: t('no-access'),
  noAccessBody: t('no-access-body'),
  signInAgain: t('sign-in-again'),
  loadFailed: t('load-failed'),
  retry: t('retry'),
  offline: (time: string) => t('offline', { time }),
  offlineRefused: t('offline-refused'),
  talk: {
    title: t('talk-title'),
    empty: t('talk-empty'),
    closed: t('talk-closed'),
    quick: t('talk-quick'),
    label: t('talk-label'),
    send: t('talk-send'),
    writer: (message: { mine: boolean }) => (message.mine ? t('talk-you') : t('talk-them')),
    writtenIn: (language: string) => t('talk-written-in', { language }),
  },
  sharing: {
    waiting: t('sharing-waiting'),
    on: (time: string) => t('sharing-on', { time }),
    dropped: (reason: string) => t('sharing-dropped', { reason }),
    refused: t('sharing-refused'),
    offline: t('sharing-offline'),
  },
  offer: (time: string) => t('offer', { time }),
  offerLapsed: t('offer-lapsed'),
  accept: t('accept'),
  decline: t('decline'),
  declineReason: t('decline-reason'),
  declineSend: t('decline-send'),
  declined: t('declined'),
  statuses: STATUS_CODES.map((c) => (c ? t(`status-${c}`) : '')),
  /** The button that moves a job to that status, by its number. */
  steps: STATUS_CODES.map((c) => (['on_the_way', 'arrived', 'started', 'completed'].includes(c) ? t(`step-${c}`) : '')),
  customer: t('customer'),
  phone: t('phone'),
  phoneHidden: t('phone-hidden'),
  call: t('call'),
  directions: t('directions'),
  details: t('details'),
  back: t('back'),
  notFound: t('not-found'),
  done: t('done'),
  note: t('note'),
  checkIn: t('check-in'),
  voucherCode: t('voucher-code'),
  checkInSend: t('check-in-send'),
  scan: t('scan'),
  scanStop: t('scan-stop'),
  earnings: {
    title: t('earnings'),
    today: t('earnings-today'),
    thisWeek: t('earnings-this-week'),
    owed: t('earnings-owed'),
    weeks: t('earnings-weeks'),
    none: t('earnings-none'),
    week: (from: string, until: string) => t('earnings-week', { from, until }),
    jobs: (jobs: number) => t('earnings-jobs', { jobs }),
    noShows: (count: number) => t('earnings-no-shows', { count }),
    paid: (reference: string) => t('earnings-paid', { reference }),
    unpaid: t('earnings-unpaid'),
    paysMonday: t('earnings-pays-monday'),
    /** By the wire's EarningCause number. */
    causes: ['', t('earnings-cause-completed'), t('earnings-cause-no_show'), t('earnings-cause-payout')],
    back: t('earnings-back'),
    pay: (amount: string) => t('earnings-pay', { amount }),
    noShowPay: (amount: string) => t('earnings-no-show-pay', { amount }),
  },
};

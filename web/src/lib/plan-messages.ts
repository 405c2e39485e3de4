// A plan's own page: loaded with that page only.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/plan.ftl';

const t = wordsOf(source);

export const planMessages = {
  home: t('home'),
  from: t('from'),
  fromBefore: t('from-before'),
  book: t('book'),
  about: t('about'),
  included: t('included'),
  excluded: t('excluded'),
  capacity: t('capacity'),
  capacityLine: (seats: number, luggage: number) => t('capacity-line', { seats, luggage }),
  people: (n: number) => t('people', { n }),
  meeting: t('meeting'),
  meetingPoint: t('meeting-point'),
  finding: t('finding'),
  waiting: t('waiting'),
  waitingFree: (minutes: number) => t('waiting-free', { minutes }),
  waitingFee: (fee: string) => t('waiting-fee', { fee }),
  waitingNoFee: t('waiting-no-fee'),
  area: t('area'),
  policy: t('policy'),
  lengths: t('lengths'),
  reviews: t('reviews'),
};

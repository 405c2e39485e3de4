// The cancellation terms in words, before and after booking. The deadline itself is the server's:
// the estimate's `free_cancellation_until` before an order exists, the order's quote after.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/cancellation.ftl';
import { showDayTime } from './vietnam-time';

const t = wordsOf(source);

export const cancellationWords = {
  /** `在 12/23 10:00 前免費取消，之後取消收取 50% 費用。` */
  line: (freeUntil: Date, feePercent: number, now = Date.now()) =>
    t(freeUntil.getTime() > now ? 'free-until' : 'free-passed', { until: showDayTime(freeUntil), feePercent }),
  /** The policy in full, for the plan page and the refund policy. */
  terms: (hours: number, feePercent: number) => t('terms', { hours, feePercent }),
};

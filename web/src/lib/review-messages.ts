// Reviews: on plan pages, therapist cards and a completed order's page.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/review.ftl';

const t = wordsOf(source);

export const reviewMessages = {
  none: t('none'),
  stars: (n: number) => t('stars', { n }),
  show: t('show'),
  hide: t('hide'),
  loadFailed: t('load-failed'),
  edited: t('edited'),
  // The order page's form.
  formTitle: t('form-title'),
  yourReview: t('your-review'),
  rating: t('rating'),
  comment: t('comment'),
  commentHint: t('comment-hint'),
  submit: t('submit'),
  update: t('update'),
  saved: t('saved'),
  chooseRating: t('choose-rating'),
  editableUntil: (when: string) => t('editable-until', { when }),
  closed: t('closed'),
  hidden: (reason: string) => t('hidden', { reason }),
  failed: t('failed'),
};

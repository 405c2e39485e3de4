// The massage flow's part of the message catalogue: loaded with its pages only.
// Split from the shell's catalogue so the first page stays within its budget.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/massage.ftl';

const t = wordsOf(source);

export const massageMessages = {
  therapistsTitle: t('therapists-title'),
  therapistsLead: t('therapists-lead'),
  freeAt: t('free-at'),
  freeAtHint: t('free-at-hint'),
  freeAtShown: (minutes: number) => t('free-at-shown', { minutes }),
  noneFreeAt: t('none-free-at'),
  freeAtRefused: t('free-at-refused'),
  years: (n: number) => t('years', { n }),
  rating: (tenths: number) => t('rating', { rating: tenths / 10 }),
  genders: { 1: t('genders-1'), 2: t('genders-2') } as Record<number, string>,
  /** The languages a therapist speaks, by the codes the server sends. */
  speaks: { zh: t('speaks-zh'), vi: t('speaks-vi'), en: t('speaks-en'), ko: t('speaks-ko'), ja: t('speaks-ja'), th: t('speaks-th') } as Record<string, string>,
  favorite: t('favorite'),
  unfavorite: t('unfavorite'),
  favoriteSignIn: t('favorite-sign-in'),
  favoriteFailed: t('favorite-failed'),
  pickTitle: t('pick-title'),
  pickLead: (when: string) => t('pick-lead', { when }),
  pickNeedsTime: t('pick-needs-time'),
  anyone: t('anyone'),
  anyFavorite: t('any-favorite'),
  noFavorites: t('no-favorites'),
  noneFree: t('none-free'),
  chosen: t('chosen'),
  showAll: (n: number) => t('show-all', { n }),
  choose: t('choose'),
  filters: { all: t('filters-all'), female: t('filters-female'), male: t('filters-male') } as Record<string, string>,
  photosTitle: t('photos-title'),
  photosLead: (n: number, mb: number) => t('photos-lead', { n, mb }),
  addPhotos: t('add-photos'),
  uploading: (percent: number) => t('uploading', { percent }),
  remove: t('remove'),
  photoAlt: (n: number) => t('photo-alt', { n }),
  tooMany: (n: number) => t('too-many', { n }),
  /** The server's words for the same refusal. */
  tooLarge: (mb: number) => t('too-large', { mb }),
  uploadFailed: t('upload-failed'),
  photoCount: (n: number) => t('photo-count', { n }),
};

// The notices' part of the catalogue: loaded with the profile and the partner app only.
import { wordsOf } from '@/lib/i18n';
import source from '@words/web/notifications.ftl';

const t = wordsOf(source);

export const noticeMessages = {
  title: t('notices-title'),
  lead: t('notices-lead'),
  leadPartner: t('notices-lead-partner'),
  deviceOn: t('notices-device-on'),
  deviceOff: t('notices-device-off'),
  turnOn: t('notices-turn-on'),
  turnOff: t('notices-turn-off'),
  denied: t('notices-denied'),
  unsupported: t('notices-unsupported'),
  kinds: t('notices-kinds'),
  kind: {
    orders: t('notices-kind-orders'),
    progress: t('notices-kind-progress'),
    support: t('notices-kind-support'),
    reminders: t('notices-kind-reminders'),
    offers: t('notices-kind-offers'),
  },
  saved: t('notices-saved'),
};

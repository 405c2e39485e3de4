// The console's calls, one module per subject as the server's operator handlers are laid out:
// every read through the app's one data pattern (`@/lib/api`), every write followed by marking the
// operators' answers stale. Live events mark them stale too (console-frame).

import { backupActions } from './backups';
import { catalogActions } from './catalog';
import { giftActions } from './gifts';
import { invoiceActions } from './invoices';
import { orderActions } from './orders';
import { partnerActions } from './partners';
import { paymentActions } from './payments';
import { promotionActions } from './promotions';
import { staffActions } from './staff';
import { supportActions } from './support';

export * from './backups';
export * from './catalog';
export * from './customers';
export * from './gifts';
export * from './invoices';
export * from './orders';
export * from './partners';
export * from './positions';
export * from './payments';
export * from './promotions';
export * from './reports';
export * from './reviews';
export { FALLBACK_POLL_MS, OperatorService } from './shared';
export * from './staff';
export * from './support';

/** Every operator's action, by name, whichever subject it belongs to. */
export const actions = { ...orderActions, ...paymentActions, ...supportActions, ...catalogActions, ...staffActions, ...partnerActions, ...backupActions, ...promotionActions, ...giftActions, ...invoiceActions };

// The cancellation terms in words, before and after booking. The deadline itself is the server's:
// the estimate's `free_cancellation_until` before an order exists, the order's quote after.

import { showDayTime } from './vietnam-time';

export const cancellationWords = {
  /** `在 12/23 10:00 前免費取消，之後取消收取 50% 費用。` */
  line: (freeUntil: Date, feePercent: number, now = Date.now()) =>
    freeUntil.getTime() > now
      ? `在 ${showDayTime(freeUntil)}（越南時間）前免費取消，之後取消收取 ${feePercent}% 費用。`
      : `此時段已過免費取消期限（${showDayTime(freeUntil)}），取消將收取 ${feePercent}% 費用。`,
  /** The policy in full, for the plan page and the refund policy. */
  terms: (hours: number, feePercent: number) =>
    `服務開始前 ${hours} 小時以前取消，全額退回 V 幣；之後到服務開始前取消，收取已付金額的 ${feePercent}% 作為取消費，其餘退回 V 幣；服務開始後無法自行取消，請聯絡客服。`,
};

// The cancellation terms in words, before and after booking. The deadline itself is the server's
// rule: a plan carries its hours (BookingRules), an order its quote's `free_until`.


const OFFSET_MS = 7 * 3600 * 1000;

/** `12/23 10:00`: a deadline as the policy lines write it (Vietnam time). */
function short(at: Date): string {
  const vn = new Date(at.getTime() + OFFSET_MS).toISOString();
  return `${vn.slice(5, 7)}/${vn.slice(8, 10)} ${vn.slice(11, 16)}`;
}

/** When cancelling a service at `start` (Vietnam `datetime-local` text) stops being free. */
export function freeUntilOf(start: string, hours: number): Date | undefined {
  const at = Date.parse(`${start}:00+07:00`);
  return Number.isNaN(at) ? undefined : new Date(at - hours * 3600_000);
}

export const cancellationWords = {
  /** `在 12/23 10:00 前免費取消，之後取消收取 50% 費用。` */
  line: (freeUntil: Date, feePercent: number, now = Date.now()) =>
    freeUntil.getTime() > now
      ? `在 ${short(freeUntil)}（越南時間）前免費取消，之後取消收取 ${feePercent}% 費用。`
      : `此時段已過免費取消期限（${short(freeUntil)}），取消將收取 ${feePercent}% 費用。`,
  /** The policy in full, for the plan page and the refund policy. */
  terms: (hours: number, feePercent: number) =>
    `服務開始前 ${hours} 小時以前取消，全額退回 V 幣；之後到服務開始前取消，收取已付金額的 ${feePercent}% 作為取消費，其餘退回 V 幣；服務開始後無法自行取消，請聯絡客服。`,
};

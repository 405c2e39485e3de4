// Reviews: on plan pages, therapist cards and a completed order's page.

export const reviewMessages = {
  none: '還沒有評價。完成服務的旅客可以在訂單頁留下評價。',
  stars: (n: number) => `${n} 顆星`,
  show: '看評價',
  hide: '收起評價',
  loadFailed: '評價暫時無法載入，請稍後再試。',
  edited: '（已修改）',
  // The order page's form.
  formTitle: '評價這次服務',
  yourReview: '您的評價',
  rating: '評分',
  comment: '心得（選填）',
  commentHint: '最多 1,000 字；其他旅客會看到您名字的第一個字。',
  submit: '送出評價',
  update: '更新評價',
  saved: '謝謝您的評價！',
  chooseRating: '請給 1 到 5 顆星',
  editableUntil: (when: string) => `可修改至 ${when}（越南時間）。`,
  closed: '已超過可修改的期限。',
  hidden: (reason: string) => `這則評價已被隱藏，其他旅客看不到。原因：${reason}`,
  failed: '評價沒有送出，請稍後再試。',
};

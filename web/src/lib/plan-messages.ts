// A plan's own page: loaded with that page only.

export const planMessages = {
  home: '首頁',
  from: '起',
  book: '立即預訂',
  about: '方案介紹',
  included: '費用包含',
  excluded: '費用不含',
  capacity: '乘客與行李',
  capacityLine: (seats: number, luggage: number) => `最多 ${seats} 位乘客（含兒童）、${luggage} 件大型行李（28 吋以內）。`,
  people: (n: number) => `每筆訂單最多 ${n} 人。`,
  meeting: '集合地點與如何找到我們',
  meetingPoint: '集合地點',
  finding: '如何找到',
  waiting: '等候',
  waitingFree: (minutes: number) => `免費等候 ${minutes} 分鐘（接機自航班實際落地起算）。`,
  waitingFee: (fee: string) => `之後每 30 分鐘 ${fee}，於現場付給司機。`,
  waitingNoFee: '之後如需延長，請與司機或客服聯絡。',
  area: '服務範圍',
  policy: '取消政策',
  lengths: '可選時數',
  reviews: '旅客評價',
};

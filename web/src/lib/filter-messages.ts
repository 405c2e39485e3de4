// The category pages' filters: loaded with those pages only.

export const filterMessages = {
  title: '篩選方案',
  city: '城市',
  airport: '機場',
  airportOf: (city: string, airport: string) => `${city}（${airport}）`,
  hours: '時數',
  hoursOf: (h: string) => `${h} 小時`,
  language: '語言',
  languages: { zh: '中文', en: '英文', vi: '越南文' } as Record<string, string>,
  duration: '時長',
  any: '全部',
  clear: '清除篩選',
  none: '沒有符合篩選條件的方案。',
};

// Every text the interface shows, in Traditional Chinese, in one catalogue so that another language
// can be added beside it.

export const messages = {
  appName: '越南旅遊預約',
  loading: '載入中…',
  working: '處理中…',
  loadMore: '載入更多',
  tagline: '機場接送、包車、陪同導覽與到府按摩，一站預訂，越南盾付款。',
  nav: {
    home: '首頁',
    member: '會員中心',
    login: '登入',
    register: '註冊',
    account: '我的帳號',
    themeToLight: '切換為淺色主題',
    themeToDark: '切換為深色主題',
  },
  modal: { cancel: '取消', confirm: '確定', questionTitle: '說明', confirmTitle: '確認', warningTitle: '注意' },
  photos: {
    open: (n: number, total: number) => `看大圖：照片 ${n}／${total}`,
    count: (n: number, total: number) => `照片 ${n}／${total}`,
    previous: '上一張',
    next: '下一張',
    close: '關閉',
    more: (n: number) => `${n} 張照片`,
    all: (n: number) => `看大圖：${n} 張照片`,
  },
  catalog: {
    from: '起',
    plans: (n: number) => `${n} 個方案`,
    viewAll: '查看全部方案',
    book: '立即預訂',
    freeCancel: (hours: number) => `${hours} 小時前免費取消`,
    reviews: (n: number) => `${n} 則評價`,
    seats: (n: number) => `${n} 人座`,
    luggage: (n: number) => `${n} 件行李`,
    minutes: (m: number) => (m % 60 === 0 ? `${m / 60} 小時` : `${m} 分鐘`),
    empty: '這個分類目前沒有可預訂的方案。',
    categories: '服務項目',
    city: '城市',
    allCities: '所有城市',
    // The cities the catalogue serves (the server's `CITIES`).
    cities: { hcm: '胡志明市', han: '河內', dad: '峴港', nha: '芽莊' } as Record<string, string>,
  },
  errors: {
    notFound: (path: string) => `Page not found: ${path}`,
    notFoundTitle: '找不到頁面',
    generic: '發生錯誤',
    genericDescription: '系統暫時無法處理您的請求，請稍後再試。',
    backHome: '回到首頁',
    network: '無法連線到伺服器，請檢查網路後再試。',
  },
  build: { newVersion: '網站已更新，是否重新載入以使用最新版本？', reload: '重新載入', later: '稍後' },
  footer: {
    label: '訂購協助',
    help: '需要協助？會員中心的客服可隨時為您服務。',
    copyright: '© 越南旅遊預約',
  },
  // The order steps' bar and titles: in the shell's catalogue because a step's heading is drawn
  // while its page's code still loads.
  orderSteps: {
    flows: { shuttle: '機場接送', charter: '包車服務', escort: '陪同導覽', massage: '龍按摩' },
    labels: ['服務資料', '加購與聯絡', '確認訂單'],
  },
  pageTitles: {
    step1: '填寫服務資料',
    step2: '加購與聯絡資料',
    confirm: '確認訂單',
    payment: '付款',
    paymentComplete: '付款完成',
  },
} as const;

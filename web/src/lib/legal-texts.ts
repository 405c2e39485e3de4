// The site's terms, privacy policy, refund policy and company page, in Traditional Chinese. They
// describe what the product does (the server's rules); the refund policy's windows are the
// configured ones, passed in.

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalPage {
  title: string;
  lead: string;
  sections: LegalSection[];
}

export interface Terms {
  freeHours: number;
  feePercent: number;
}

/** Each page's title, by its path (the footer in index.html names them the same). */
export const LEGAL_TITLES: Record<string, string> = {
  '/terms': '服務條款',
  '/privacy': '隱私權政策',
  '/refund-policy': '退款政策',
  '/about': '關於我們',
};

export const terms: LegalPage = {
  title: LEGAL_TITLES['/terms'] ?? '',
  lead: '使用本網站預訂服務，即表示您同意以下條款。請於預訂前詳閱。',
  sections: [
    {
      title: '一、服務內容',
      paragraphs: [
        '本網站提供越南機場接送、包車、中文陪同導覽與飯店到府按摩的線上預訂。服務由本公司安排的司機、陪同人員與按摩師提供，內容以各方案頁所載為準。',
      ],
    },
    {
      title: '二、帳號',
      paragraphs: [
        '您以電子信箱註冊帳號，密碼至少 6 個字元。請提供正確的聯絡資料並妥善保管密碼；以您的帳號完成的預訂與付款，視為您本人所為。',
      ],
    },
    {
      title: '三、預訂與價格',
      paragraphs: [
        '價格以越南盾（VND）計，金額由系統依方案價格計算，以確認頁顯示為準；夜間加價、兒童座椅、加停站、延長時數等費用會在下單時逐項列出。',
        '所有服務時間均為越南時間（UTC+7）。接機請填寫正確航班編號，司機會追蹤航班；送機請依航班起飛時間預留足夠的上車時間。',
      ],
    },
    {
      title: '四、付款',
      paragraphs: [
        '您可使用 V 幣、VietQR 銀行轉帳或 VNPay 付款。訂單須於確認頁所示的付款期限內完成付款，逾期未付款的訂單會自動取消，不收任何費用。',
        '銀行轉帳請填寫頁面所示的轉帳內容；金額不符或重複付款的款項會存入您的 V 幣錢包。',
      ],
    },
    {
      title: '五、V 幣',
      paragraphs: ['1 V 幣等於 1 越南盾，可用於支付訂單；取消已付款訂單的退款會退回 V 幣錢包。V 幣不計利息，不可轉讓給他人。'],
    },
    {
      title: '六、旅客的配合事項',
      paragraphs: [
        '請準時抵達集合地點。超過方案所載免費等候時間的等候費，於現場付給司機。乘客人數與大型行李件數不得超過方案上限；超過時司機得拒絕載運，並依退款政策處理。',
      ],
    },
    {
      title: '七、變更、取消與退款',
      paragraphs: ['取消與退款依本網站的退款政策辦理。'],
    },
    {
      title: '八、不可抗力',
      paragraphs: [
        '因天候、交通管制、航班取消或其他不可歸責於雙方的事由致服務無法提供時，本公司會協助改期；無法改期者，已付款項全額退回 V 幣。',
      ],
    },
    {
      title: '九、條款修改與準據法',
      paragraphs: ['本公司得修改本條款，修改後公布於本頁；已成立的訂單適用成立當時的條款。本條款以越南社會主義共和國法律為準據法。'],
    },
  ],
};

export const privacy: LegalPage = {
  title: LEGAL_TITLES['/privacy'] ?? '',
  lead: '我們只收集提供服務所需的資料，並只用於本政策所列的目的。',
  sections: [
    {
      title: '一、我們收集的資料',
      paragraphs: [
        '帳號：電子信箱、顯示名稱；密碼以不可還原的方式（argon2id）保存，我們無法讀取。',
        '聯絡與訂單：電話、LINE／Zalo／WhatsApp 帳號、航班、飯店與房號、上車地點、備註，以及按摩服務時您上傳的飯店照片。',
        '付款：付款方式、金額與交易編號。卡片資料由 VNPay 處理，本網站不經手也不保存卡號。',
        '客服對話，以及為防止濫用與驗證付款而記錄的連線 IP 位址。',
      ],
    },
    {
      title: '二、使用目的',
      paragraphs: ['安排與提供您預訂的服務、與您聯絡、寄送訂單通知與收據、處理付款與退款、防止詐騙與濫用，以及遵守法律義務。'],
    },
    {
      title: '三、提供給誰',
      paragraphs: [
        '只將完成服務所需的資料（姓名、電話、通訊軟體帳號、航班與地點）提供給負責您訂單的司機、陪同人員或按摩師；付款資料提供給 VNPay 與收款銀行。我們不出售您的資料。',
      ],
    },
    {
      title: '四、Cookie 與分析',
      paragraphs: [
        '登入憑證保存在名為 token 的 Cookie，效期 7 天；佈景主題保存在名為 theme 的 Cookie。完成付款時，我們記錄一筆購買事件（訂單編號、金額與方案），用於統計與改善服務。',
      ],
    },
    {
      title: '五、保存與您的權利',
      paragraphs: [
        '訂單與付款紀錄依會計法規保存。您可隨時在會員資料頁查看與修改個人資料；如需匯出或刪除帳號，請聯絡客服，我們會在核對身分後處理。',
      ],
    },
  ],
};

export function refund(t: Terms): LegalPage {
  return {
    title: LEGAL_TITLES['/refund-policy'] ?? '',
    lead: `服務開始前 ${t.freeHours} 小時以前取消，全額退款。`,
    sections: [
      {
        title: '一、已付款訂單的取消',
        paragraphs: [
          `服務開始前 ${t.freeHours} 小時以前取消：已付金額全額退回 V 幣錢包。`,
          `服務開始前 ${t.freeHours} 小時內取消：收取已付金額的 ${t.feePercent}% 作為取消費（以千元為單位），其餘退回 V 幣錢包。`,
          '服務開始後無法自行取消；如司機、陪同人員或按摩師未到，或服務未能提供，請聯絡客服，經確認後全額退款。',
        ],
      },
      {
        title: '二、未付款的訂單',
        paragraphs: ['未付款的訂單可隨時取消，不收任何費用；逾付款期限未付款的訂單會自動取消。'],
      },
      {
        title: '三、如何取消',
        paragraphs: ['到「會員中心 › 我的訂單」打開訂單並選擇取消。送出前，頁面會先顯示取消費與退款金額；每筆訂單的免費取消期限也會顯示在訂單頁與付款收據中。'],
      },
      {
        title: '四、退款方式',
        paragraphs: [
          '退款即時存入您的 V 幣錢包，可用於下次訂單。如需退回原付款帳戶，請聯絡客服，由專人以原付款方式退回。',
          '銀行轉帳金額不符或重複付款時，款項自動存入您的 V 幣錢包，不會遺失。',
        ],
      },
    ],
  };
}

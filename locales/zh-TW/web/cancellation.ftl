free-until = 在 { $until }（越南時間）前免費取消，之後取消收取 { $feePercent }% 費用。
free-passed = 此時段已過免費取消期限（{ $until }），取消將收取 { $feePercent }% 費用。
terms = 服務開始前 { $hours } 小時以前取消，全額退回 V 幣；之後到服務開始前取消，收取已付金額的 { $feePercent }% 作為取消費，其餘退回 V 幣；服務開始後無法自行取消，請聯絡客服。

# The notices on this device (Web Push), and the kinds of notice a person wants there.
notices-title = 手機與瀏覽器通知
notices-lead = 訂單有變化、服務人員出發或抵達、客服回覆與行程提醒，都會即時通知這台裝置。電子郵件照常寄送。
notices-lead-partner = 派給您的新工作（隨時立即通知）與您接下的工作的提醒（前一晚與出發前）會通知這台裝置。電子郵件照常寄送。
notices-device-on = 這台裝置會收到通知
notices-device-off = 這台裝置不會收到通知
notices-turn-on = 開啟通知
notices-turn-off = 關閉這台裝置的通知
notices-denied = 瀏覽器已封鎖本網站的通知，請在瀏覽器的網站設定中允許後再試。
notices-unsupported = 這個瀏覽器無法接收通知；加入主畫面或改用其他瀏覽器即可。
notices-kinds = 要通知的內容
notices-kind-orders = 訂單狀態（付款、確認、取消、退款）
notices-kind-progress = 服務人員出發與抵達
notices-kind-support = 客服回覆
notices-kind-reminders = 行程提醒
notices-kind-offers = 新派單（隨時立即通知，夜間也會）
notices-saved = 已儲存通知設定

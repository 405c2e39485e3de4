# 信件的文字（繁體中文，預設語言）。信件以收件人偏好的語言寄出。
# A code `mail.verify.subject` is the message `mail-verify-subject`.

mail-brand = 越南旅遊預約
mail-subject = { $subject } — 越南旅遊預約
mail-greeting = 您好：
mail-link_fallback = 按鈕無法使用時，請複製這個網址到瀏覽器：
mail-span-days = { $n } 天
mail-span-hours = { $n } 小時
mail-span-minutes = { $n } 分鐘
mail-external_account = 外部帳號
mail-not_you = 如果這不是您本人的操作，請立即重設密碼並聯絡客服。

mail-verify-subject = 請驗證您的電子信箱
mail-verify-thanks = 感謝您註冊越南旅遊預約。
mail-verify-body = 請點選下方按鈕完成電子信箱驗證，連結 { $span }內有效，且只能使用一次。
mail-verify-ignore = 如果您沒有註冊，請忽略這封信。
mail-verify-button = 驗證電子信箱

mail-reset-subject = 重設您的密碼
mail-reset-asked = 我們收到重設您帳號密碼的要求。
mail-reset-body = 請點選下方按鈕設定新密碼，連結 { $span }內有效，且只能使用一次。
mail-reset-ignore = 如果您沒有提出這個要求，請忽略這封信，您的密碼不會改變。
mail-reset-button = 重設密碼

mail-invite-subject = 您受邀加入營運後台
mail-invite-created = 管理員為您建立了營運後台的帳號，登入信箱就是收到這封信的地址。
mail-invite-body = 請點選下方按鈕設定密碼（至少 { $min } 個字元），連結 { $span }內有效，且只能使用一次。
mail-invite-expired = 連結過期時，請管理員再邀請一次。
mail-invite-button = 設定密碼
mail-partner_invite-subject = 您受邀成為服務夥伴
mail-partner_invite-created = 管理員為您建立了服務夥伴的帳號，可在夥伴 App 查看與接下工作；登入信箱就是收到這封信的地址。

mail-unknown-subject = 重設密碼的要求
mail-unknown-asked = 我們收到以這個信箱重設密碼的要求，但這個信箱尚未註冊帳號。
mail-unknown-hint = 如果是您本人，請改用註冊時的信箱，或以這個信箱註冊新帳號。
mail-unknown-ignore = 如果您沒有提出這個要求，請忽略這封信。
mail-unknown-button = 註冊新帳號

mail-email_changed-subject = 您的登入信箱已變更
mail-email_changed-body = 您帳號的登入信箱剛剛改為另一個地址，之後的通知將寄到新信箱。

mail-linked-subject = 您的帳號已連結新的登入方式
mail-linked-body = 您的帳號現在可以使用 { $provider } 登入。
mail-linked-not_you = 如果這不是您本人的操作，請立即到會員資料解除連結並聯絡客服。
mail-linked-button = 查看會員資料

mail-unlinked-subject = 您的帳號已解除一個登入方式
mail-unlinked-body = 您的帳號已不能再使用 { $provider } 登入。

mail-password_set-subject = 您的帳號已設定密碼
mail-password_set-body = 您的帳號已設定密碼，之後也可以用電子信箱和密碼登入。

mail-order-subject = 您的訂單有新的進度
mail-order-body = 您的訂單有新的進度，請到會員中心查看。
mail-order-button = 查看訂單
mail-order-id = 訂單編號：{ $order }（{ $plan }）
mail-order-start = 服務時間：{ $start }（越南時間）
mail-order-total = 金額：{ $total }
mail-order-place = 地點：{ $place }
mail-order-room = { $place }（{ $room } 號房）
mail-order-flight = 航班：{ $flight }
mail-order-policy = 取消政策：在 { $deadline }（越南時間）前免費取消，之後取消收取 { $percent }% 費用。
mail-order-calendar = 訂單編號 { $order }

mail-paid-subject = 付款成功，訂單已成立
mail-paid-thanks = 我們已收到您的付款，謝謝您。
mail-paid-next = 專人確認後，會再寄信告訴您司機或按摩師的資料。

mail-confirmed-subject = 訂單已確認
mail-confirmed-body = 您的訂單已確認。
mail-confirmed-driver = 司機／導遊：{ $name }，電話 { $phone }
mail-confirmed-plate = 車牌：{ $plate }
mail-confirmed-therapist = 按摩師：{ $name }

mail-flight_moved-subject = 您的航班時間有變，接機時間已隨之更新
mail-flight_moved-body = 依航空公司的最新資訊，您的航班降落時間有變動。司機會在下列新時間到接機口等您，您不需要做任何事。
mail-cancelled-subject = 訂單已取消
mail-cancelled-body = 您的訂單已取消，未付款的訂單不會收費。

mail-refunded-subject = 訂單已取消並退款
mail-refunded-body = 您的訂單已取消，退款已存入您的 V 幣錢包。
mail-refunded-amounts = 退款 { $refund }，手續費 { $fee }。

mail-on_the_way-subject = 服務人員已出發
mail-on_the_way-body = { $name } 已出發，正前往與您會合。
mail-arrived-subject = 服務人員已抵達
mail-arrived-body = { $name } 已抵達約定地點，正在等您。
mail-partner-someone = 您的服務人員
mail-reminder_tomorrow-subject = 明天的行程提醒
mail-reminder_tomorrow-body = 提醒您：您預訂的服務就在明天。
mail-reminder_soon-subject = 您的服務即將開始
mail-reminder_soon-body = 提醒您：您預訂的服務即將開始，請準時到約定地點。
mail-reminder-nobody_yet = 我們正在為您安排服務人員，確定後會立即通知您。
mail-partner_reminder_tomorrow-subject = 明天的工作提醒
mail-partner_reminder_tomorrow-body = 提醒您：您明天有一件已接下的工作。
mail-partner_reminder_soon-subject = 工作即將開始
mail-partner_reminder_soon-body = 提醒您：您接下的工作即將開始，請準時出發。
mail-job-button = 查看工作
mail-unassigned-subject = 尚無人接單
mail-unassigned-body = 這筆服務將在一天內開始，但還沒有司機、導遊或按摩師接下。
mail-support_reply-subject = 客服回覆了您的訊息
mail-review_hidden-subject = 您的評價已被隱藏
mail-review_hidden-body = 您對這筆訂單的評價已不再顯示於方案頁面。
mail-review_hidden-reason = 原因：{ $reason }
mail-review_hidden-help = 如有疑問，歡迎在會員中心聯絡客服。
mail-invoice-subject = 您的電子發票
mail-invoice-body = 您訂單的電子發票已開立。
mail-invoice-adjusted = 您的訂單金額已變更，已開立電子發票的調整單。
mail-invoice-number = 發票號碼：{ $number }
mail-invoice-lookup = 請至 { $url } 以查詢碼 { $code } 查詢
mail-partner_flight_moved-subject = 旅客的航班時間有變，您的接機已改時間
mail-partner_flight_moved-body = 旅客的航班降落時間有變動，您接下的接機改為下列新時間，仍由您負責。若已不合您的安排，出發前可在行程頁面退回。
mail-partner_job_changed-subject = 旅客變更了您的行程
mail-partner_job_changed-body = 旅客變更了您已接下的行程；行程仍由您負責，新的時間如下。若已不合您的安排，出發前可在行程頁面退回。
mail-partner_job_offered-subject = 新的派單：請盡快回覆
mail-partner_job_offered-body = 有一份工作派給您，請在回覆時間結束前打開並接單或婉拒。
mail-partner_job_taken_back-subject = 您的一份工作已被收回
mail-partner_job_taken_back-body = 營運人員已收回下列工作，您不需要前往。如有疑問，請與我們聯絡。
mail-partner_job_withdrawn-subject = 一筆行程已不由您負責
mail-partner_job_withdrawn-body = 旅客將您已接下的行程改到您另有行程的時間，行程已交回調度人員。您不需再做什麼。

# What the server says to people, in Traditional Chinese (the default): the words of the
# domain's message codes and of the terms they mention. A code `order.lead_time` is the message
# `order-lead_time`; a value `hours` is `$hours`. The product's own messages are kept word for word.

bank-ref_required = 請輸入銀行交易序號
bank-reference_required = 轉帳通知缺少交易序號

category-charter = 包車服務
category-charter-about = 專屬司機與車輛，市區觀光或跨城行程隨您安排。
category-dragon_massage = 龍按摩
category-dragon_massage-about = 專業按摩師到府服務，在飯店房間放鬆身心。
category-escort = 陪同導覽
category-escort-about = 中文陪同與在地導覽，購物、美食、商務洽談都安心。
category-shuttle = 機場接送
category-shuttle-about = 航班落地即有專車等候，送您直達飯店或從飯店準時送機。

catalog-airport = 接送方案只服務一個機場
catalog-category = 不認得的方案類別
catalog-content_items = 最多 { $max } 項
catalog-city = 不認得的城市代碼 { $city }（可用 hcm、han、dad、nha）
catalog-image_path = 圖片須是本站的路徑，例如上傳照片後得到的 /media/catalog/…
catalog-images_max = 每個方案最多 { $max } 張照片
catalog-language = 語言代碼只能是 zh、en 或 vi
catalog-airport_city = 接送方案的城市須是其機場所在的城市（{ $city }）
catalog-empty = 檔案中沒有任何方案或按摩師
catalog-plan_id = 方案編號只能有小寫英文字母、數字與單一的連字號，最多 64 個字元
catalog-pricing-booking_window = 可預約的天數須長於最短提前時間
catalog-pricing-payout = 夥伴分成須為 0–100%，固定金額須為 0–1,000,000,000 ₫
catalog-pricing-payout_kind = 夥伴報酬請擇一填寫分成或固定金額
catalog-pricing-extra_person = 每人加價最多為價格的 100%
catalog-pricing-extra_person_kind = 加人費請擇一：固定金額或百分比
catalog-pricing-max_extra_hours = 有賣延長時數時才設定，且必須設定
catalog-pricing-max_extra_stops = 有賣加停站時才設定，且必須設定
catalog-pricing-max_people = 至少為含的人數，且至少 1 人
catalog-pricing-night = 夜間時段須有長度，加價最多 100%
catalog-pricing-one_rate = 至少要有一種價格
catalog-pricing-price_range = 價格須介於 0 與 1,000,000,000 越南盾之間
catalog-pricing-rate_minutes = 每種價格都要有時數（分鐘）
catalog-pricing-rate_min = 每個時數的價格至少 { $min }
catalog-pricing-rate_order = 時數由短到長，較長的時數不可較便宜
catalog-pricing-transfer_rate = 接送方案只有一種價格，時數為 0
catalog-seats = 至少要有一個座位
catalog-translation_language = 翻譯只能是 vi 或 en（繁體中文寫在原本的欄位），不認得 { $language }
catalog-toml = 無法讀取目錄檔：{ $detail }
catalog-vehicle = 接送與包車方案要有車型，其他方案沒有

charter-pickup_required = 請輸入上車地點

choice-required = 請選擇一個選項

contact-name_required = 請輸入聯絡人姓名

driver-name_required = 請輸入司機姓名
driver-plate_required = 請輸入車牌號碼

escort-meeting_point_required = 請輸入集合地點

federation-assertion = 身分提供者的回覆無法使用，請再試一次
federation-expired = 登入已逾時，請重新選擇登入方式
federation-has_password = 這個帳號已有密碼，請使用變更密碼
federation-last_way_in = 這是您唯一的登入方式，請先設定密碼或連結其他帳號再解除
federation-linked_elsewhere = 這個帳號已連結到另一個會員帳號
federation-password_needed = 這個 Email 已有帳號，請輸入它的密碼以連結
federation-provider_taken = 您的帳號已連結這個登入方式的另一個帳號
federation-retry = 登入正在進行中，請再試一次
federation-staff = 營運人員請以密碼登入
federation-state = 登入已逾時或不是從這個瀏覽器開始，請重新選擇登入方式

favorites-max = 最多收藏 { $max } 位按摩師
favorites-unknown = 找不到按摩師 { $id }

idempotency_key-format = 冪等鍵須為 1 到 128 個可見的 ASCII 字元

live-too_many = 同一個帳號最多同時開著 { $max } 個即時更新的頁面，請關掉一些分頁
live-too_many_followed = 一個即時更新的頁面最多追蹤 { $max } 筆訂單的夥伴位置

massage-duration_required = 請選擇按摩時間長度
massage-hotel_address_required = 請輸入飯店地址
massage-hotel_name_required = 請輸入飯店名稱
massage-room_required = 請輸入房號
massage-start_required = 請選擇開始時間

ledger-order_closed = 訂單已無法付款，轉入v幣
ledger-order_payment = 支付訂單 { $order }
ledger-refund = 訂單 { $order } 取消退款
ledger-gift = 禮物卡 { $code }
ledger-expiry = 額度到期
ledger-referral_by = 感謝您：您邀請的朋友完成了第一趟行程
ledger-referral_new = 歡迎：透過朋友邀請加入的獎勵
ledger-tip = 訂單 { $order } 的小費
ledger-top_up = 儲值
ledger-top_up_differs = 儲值（金額與申請不同）
ledger-transfer_mismatch = 轉帳金額與訂單不符，轉入v幣

line-charter-hours = 包車 { $hours } 小時（每車）
line-charter-minutes = 包車 { $minutes } 分鐘（每車）
line-child_seats = 兒童安全座椅（每張）
line-escort-hours = 陪同導覽 { $hours } 小時
line-escort-minutes = 陪同導覽 { $minutes } 分鐘
line-extra_hours = 延長時數（每小時）
line-extra_person = 加人費（每位）
line-extra_stops = 加停一站（每站）
line-extra_therapist = 加一位按摩師（每位）
line-massage-hours = 按摩 { $hours } 小時
line-massage-minutes = 按摩 { $minutes } 分鐘
line-night = 夜間加價 { $percent }%
line-season = 旺季加價 { $percent }%
line-season_fixed = 旺季加價
line-promo = 優惠碼 { $code }
line-shuttle = 單程接送（每車）

media-file_size = 每張照片最大 { $mb } MB
media-files_max = 一次最多上傳 { $max } 張照片
media-format = 只接受 JPEG、PNG 或 WebP 格式的照片
media-key = 不是圖片的儲存鍵
media-none = 請選擇要上傳的照片
media-not_an_image = 這不是 JPEG、PNG 或 WebP 圖片
media-on_order = 這張照片已附在訂單上，請先從訂單移除
media-per_order = 每筆訂單最多 { $max } 張照片
media-pixels = 照片尺寸過大：最多 { $ten_thousands } 萬像素
media-unknown = 找不到這張照片，請重新上傳
media-unreadable = 無法讀取這張照片，請換一張再試

money-received_range = 金額須介於 { $min } 與 { $max } 之間

option-child_seat = 兒童安全座椅（每張）
option-chinese_speaking_driver = 中文司機
option-chinese_speaking_guide = 中文導覽員
option-extra_hour = 延長 1 小時
option-extra_person = 加人費（每位）
option-extra_person_over = 超過 { $people } 人，每加 1 人
option-extra_stop = 加停一站
option-extra_therapist = 加一位按摩師（每位）
option-night = 夜間加價 { $percent }%（{ $from }–{ $until }）

order-action-assign_driver = 指派司機
order-action-assign_therapist = 指派按摩師
order-action-release = 撤回服務人員
order-action-cancel = 取消
order-action-complete = 完成
order-action-confirm = 確認
order-action-expire = 逾期
order-action-pay = 付款
order-action-refund = 退款
order-action-revise = 修改
order-action-promo = 使用優惠碼
order-actor-unknown = 不認得的操作者：{ $code }
order-already_paid = 訂單已付款
order-child_seats_passengers = 兒童座椅不可多於乘客人數
order-contact_first = 請先填寫聯絡資料
order-details_category = 服務內容與方案類別不符
order-details_required = 請填寫服務內容
order-driver_language = 請選擇司機語言
order-driver_not_massage = 按摩訂單請指派按摩師，不是司機
order-horizon = 最多可預約 { $days } 天內的時段
order-lapsed = 訂單已逾期未付款，請重新下單
order-lead_time = 請預約 { $hours } 小時後的時段（越南時間）
order-no_favourites = 您還沒有收藏按摩師，請先在按摩師卡片上按愛心
order-not_sold = 此方案已停止販售
order-nothing_to_pay = 這筆訂單的金額是 VND 0，無法付款；請聯絡客服
order-not_served = 服務時間 { $start }（越南時間）還沒到，要等服務開始後才能完成或評價
order-driver_is_partner = 已有服務夥伴接下這份工作，請先在派工處收回，再手動輸入其他司機
order-payment_open = 這筆訂單已開始付款，服務內容與金額不能再改；如需更改，請取消後重新預訂
order-people_max = 此方案最多 { $max } 位
order-people_min = 至少 1 位
order-stale = 訂單剛被更新，請重新整理後再試
order-note_required = 請輸入備註
order-changed = 這筆訂單剛被其他人更新，請看過最新內容再操作
order-started = 服務已開始，無法取消；請聯絡客服
order-state-cancelled = 已取消
order-state-completed = 已完成
order-state-confirmed = 已確認
order-state-draft = 填寫中
order-state-expired = 已逾期
order-state-paid = 已付款
order-state-pending_payment = 待付款
order-state-refunded = 已退款
order-state-unknown = 不認得的訂單狀態：{ $code }
grpc-unknown_service = 沒有這項服務
order-group_unknown = 不認得的訂單分組：{ $code }
order-state_forbids = 訂單{ $state }，無法{ $action }
order-therapist_massage_only = 只有按摩訂單可以指派按摩師
order-therapist_off = 這位按摩師在這個時段沒有上班，請改選時間或其他按摩師
order-therapist_required = 請選擇按摩師
order-therapist_taken = 這位按摩師在這個時段已有預約，請改選時間或其他按摩師
order-therapist_unknown = 找不到這位按摩師
order-unpaid_massage_max = 您已有 { $count } 筆未付款的按摩訂單，請先付款或取消後再預訂
order-unpaid_max = 您已有 { $count } 筆未付款的訂單，請先付款或取消後再預訂
order-unpaid_too_many = 未付款的訂單太多

page-size_max = 最多 { $max } 筆
page-token = 這不是這份清單的分頁標記

payment-key_required = 付款請求需要 Idempotency-Key
payment-method-dev = 測試付款
payment-method-vcoin = v幣
payment-method-vietqr = 銀行轉帳（VietQR）
payment-method-vnpay = VNPay
payment-method_required = 請選擇付款方式
payment-method_unavailable = 此付款方式目前無法使用
payment-state-unknown = 不認得的付款狀態：{ $code }

phone-country_code = 請輸入正確的國碼，例如 +886
phone-number = 請輸入正確的電話號碼

pricing-duration = 此方案沒有這個時數，請重新選擇
pricing-extra_hours_max = 此方案最多可延長 { $max } 小時
pricing-extra_stops_max = 此方案最多可加停 { $max } 站
pricing-no_child_seats = 此方案不提供兒童安全座椅

profile-handle = 請輸入 { $max } 字以內、不含空白的帳號
profile-language = 請選擇 zh-TW、en 或 vi
profile-name = 請輸入 1 到 { $max } 個字的名稱

refund-range = 退款金額須介於 { $min } 與已付的 { $paid } 之間
refund-reason_required = 請說明不依規定退款的原因

request-body_too_large = 請求內容太大
request-malformed = 無法讀取請求，請檢查格式
request-in_progress = 同一個請求正在處理中
request-key_reused = 這個 Idempotency-Key 已用於另一個請求
request-repeated = 重複的請求

request_id-format = 請求編號須為 1 到 64 個可見的 ASCII 字元

review-anonymous = 旅客
review-edit_closed = 評價只能在撰寫後 { $days } 天內修改
review-hidden = 這則評價已被隱藏，無法修改
review-not_completed = 服務完成後才能評價
review-rating = 請給 1 到 5 顆星
review-reason_required = 請寫下隱藏的原因，我們會告訴顧客

service-unavailable = 服務暫時無法使用，請稍後再試

shuttle-address_required = 請輸入飯店名稱或地址
shuttle-flight_number = 請輸入正確的航班編號，例如 VN123
shuttle-flight_unknown = 查無 { $flight } 於該時間降落 { $airport } 的航班，請核對機票上的航班編號與降落時間
shuttle-departure_required = 請輸入航班起飛時間
shuttle-pickup_too_late = 上車時間須早於航班起飛至少 { $minutes } 分鐘
shuttle-pickup_too_early = 上車時間不可早於航班起飛 12 小時以上
shuttle-luggage_max = 此車型最多 { $max } 件大型行李

staff-email_by_admin = 營運人員的登入信箱由管理員在後台變更
staff-email_is_customer = { $email } 已是顧客帳號的信箱。營運人員帳號與顧客帳號分開：請改用另一個信箱邀請（例如公司信箱），或請對方先在會員中心把顧客帳號改用其他信箱
staff-email_max = 營運人員的信箱最多 { $max } 個字元
staff-key_name = 請為金鑰命名
staff-name_required = 請輸入操作人員名稱
staff-only = 這個操作只限營運人員
staff-admin_only = 這個操作只限管理員
backup-running = 正在備份中，請等完成後再試
backup-none_here = 這個節點不負責備份：PostgreSQL 資料庫由資料庫伺服器備份（見部署說明）
staff-not_self = 不能變更自己的角色或停用自己的帳號
staff-role = 請選擇營運人員或管理員
staff-password_min = 營運人員的密碼至少 { $min } 個字元

support-hours = 每天 { $from }–{ $until }（越南時間）
support-author = 不認得的發訊者：{ $code }
support-body_required = 請輸入訊息內容
support-order_unknown = 找不到這筆訂單
support-order_subject = 訂單 { $order }
support-thread_full = 這個對話已有 { $max } 則訊息，請開啟新的對話
support-throttled = 訊息太多了，請於 { $minutes } 分鐘後再試，或改用其他聯絡方式

text-as_is = { $text }
text-refused_characters = 不可包含控制字元或文字方向控制字元
text-required = 必填
text-too_long = 最多 { $max } 個字

therapist-duration = 時長須介於 1 與 480 分鐘之間
therapist-gender = 請選擇女性或男性
therapist-hours_day = 不認得的星期：{ $day }
therapist-hours_time = 時間請寫成 HH:MM
therapist-id = 按摩師編號只能有小寫英文字母、數字與連字號
therapist-language = 不認得的語言代碼：{ $language }（可用 { $codes }）
therapist-name_required = 請輸入按摩師的名字
therapist-rating = 評分須介於 0 與 50 之間（十分之一星）
therapist-skills = 專長最多 12 項
therapist-shifts = 每個班次都要有星期，且開始與結束的時間不同

time-local = 請輸入正確的日期與時間（越南時間）

user-id = 不是帳號的編號

vietqr-account = 帳號須為 1 到 19 個英文字母或數字
vietqr-amount = 金額須大於 0
vietqr-bin = 銀行代碼須為 6 位數字
vietqr-field_length = QR 欄位 { $id } 超過 99 個字元
vietqr-memo = 轉帳附言只能有 ASCII 字元

vnpay-signature = 付款結果的簽章不符

wallet-adjustment_range = 調整金額須為非零，且不超過 { $max }
wallet-adjustment_reason = 請說明調整的原因
wallet-balance_max = v幣餘額不可超過 { $max }，請聯絡客服
wallet-entry_kind = 不認得的帳目種類：{ $code }
wallet-insufficient = v幣餘額不足，請先儲值
wallet-top_up_method = 請選擇其他付款方式儲值
wallet-top_up_range = 儲值金額須為 { $min } 至 { $max } 之間的千元整數

site-page_title = { $page }｜越南旅遊預約

request-not_found = 找不到{ $what }
request-not_found_any = 找不到您要的資料
thing-provider = 這個登入方式
thing-customer = 這位顧客
thing-category = 這個服務類別
thing-photo = 這張照片
thing-key = 這把服務金鑰
thing-operator = 這位營運人員
thing-order = 這筆訂單
thing-payment = 這筆付款
thing-plan = 這個方案
thing-review = 這則評價
thing-thread = 這個客服對話
thing-therapist = 這位按摩師

job-decline_reason_required = 請說明無法接單的原因
job-no_show_not_arrived = 須先標示「已抵達」，才能回報客人未出現
job-no_show_photo = 回報客人未出現時，請附上現場照片
job-no_show_too_soon = 免費等候 { $waiting } 分鐘，還要再等 { $minutes } 分鐘才能回報客人未出現
job-offer_closed = 這份派單已經結束
job-order_not_paid = 訂單付款後才能派單
job-over = 這份工作已經開始或結束，無法收回
job-started_already = 服務時間已到，無法再派單
job-status_unknown = 不認得的工作狀態
job-step_out_of_order = 目前是「{ $from }」，不能直接改為「{ $to }」
job-voucher_mismatch = 這不是這份工作的憑證，請核對訂單編號
job-taken = 這份工作已由其他夥伴接下
job-too_early = 服務開始前 { $hours } 小時內才能出發
job-yours_already = 您已經接下這份工作
job-status-accepted = 已接單
job-status-arrived = 已抵達
job-status-completed = 已完成
job-status-no_show = 客人未出現
job-status-on_the_way = 前往中
job-status-open = 待派
job-status-started = 服務中
job-status-withdrawn = 已收回

partner-disabled = 這位夥伴已停用
partner-kind_unknown = 夥伴類型只能是 driver、guide 或 therapist
partner-home_city_unknown = 常駐地區請從我們服務的城市中選擇
partner-language = 這位夥伴不會說{ $language }
partner-languages_required = 請至少選一種會說的語言
partner-name_required = 請輸入夥伴姓名
partner-not_chosen = 客人指定了另一位按摩師
partner-seats = 座位數須為 1 到 { $max }
partner-therapist_required = 按摩師夥伴須連結到一位按摩師
partner-too_few_seats = 車上只有 { $seats } 個座位
partner-vehicle_model_required = 請輸入車款與顏色
partner-vehicle_required = 司機須登記車輛
partner-wrong_kind = 這類夥伴不提供這項服務
partner-speaks-en = 英文
partner-speaks-vi = 越南文
partner-speaks-zh = 中文
job-changed = 這份工作剛有變動，請重新整理後再試
job-nobody_free = 目前沒有適合且有空的夥伴
partner-busy = 這位夥伴在這段時間已有工作
partner-off_duty = 這位按摩師在這段時間不上班
partner-only = 只有合作夥伴可以使用
job-no_show_position = 回報客人未出現時，須附上手機的位置與時間

## Where a partner is
position-malformed = 位置資料不完整或不正確
position-not_sharing = 只有在前往途中或已抵達時才會分享位置
position-outside_vietnam = 這個位置不在越南境內，未採用
position-stale = 這個位置是 { $seconds } 秒以前或更早取得的，未採用
position-ahead = 手機時間比伺服器快，這個位置未採用，請校正手機時間
position-too_fast = 與上一個位置相比移動速度超過每小時 { $kmh } 公里，未採用
position-imprecise = 位置誤差超過 { $metres } 公尺，未採用
position-too_often = 位置每 { $seconds } 秒只收一次，這次傳得太快

## A job's thread between the traveller and the partner
talk-closed = 這份工作的對話已關閉：從夥伴接單起，到服務結束後一天內可以傳訊息
talk-phrase_unknown = 沒有這句快速回覆
talk-text_required = 請輸入訊息（最多 500 字）
talk-key_required = 訊息缺少識別碼，請重新整理後再傳一次
talk-staff_read_only = 客服人員只能閱讀旅客與夥伴的對話
talk-busy = 同時有太多訊息，請再傳一次
talk-side_unknown = 不明的對話一方
phrase-on_my_way = 我已出發，正在前往與您會合
phrase-late_10 = 我大約會晚 10 分鐘到
phrase-at_arrivals = 我在入境大廳出口，舉著寫有您名字的牌子
phrase-at_lobby = 我在飯店大廳
phrase-car_outside = 車子停在大門外等您
phrase-where_are_you = 請問您在哪裡？我找不到您
phrase-landed = 我已落地，正在等行李
phrase-coming_out = 我現在出來了
phrase-late_15 = 我大約會晚 15 分鐘
phrase-in_lobby = 我在飯店大廳
phrase-in_room = 我在房間，請直接上來
phrase-cannot_find = 我找不到您，請問您在哪裡？
phrase-thanks = 謝謝您！

## 夥伴收入
earnings-week = 週次以該週星期一表示（YYYY-MM-DD）
earnings-cause_unknown = 未知的帳目類別
earnings-reference_required = 請輸入銀行轉帳參考碼（最多 64 字）
earnings-paid_already = 這週已付款，參考碼 { $reference }
earnings-week_open = 這週尚未結束，週一起才能付款
earnings-nothing_due = 這週沒有收入，沒有需要支付的款項
earnings-reason_required = 請填寫調整收入的原因
earnings-request_required = 調整缺少請求編號
earnings-correction_range = 調整金額須為千元的整數倍、不可為零，單次最多 { $max }
earnings-correction_below_zero = 本週只有 { $earned }：最多只能先扣回這麼多，其餘請於之後的週扣回
partner-kind-driver = 司機
partner-kind-guide = 導遊
partner-kind-therapist = 按摩師
gift_csv-code = 序號
gift_csv-amount_vnd = 面額（越南盾）
gift_csv-redeem_until = 兌換期限
gift_csv-credit_days = 額度效期（天）
gift_csv-redeemed_by = 兌換者
gift_csv-redeemed_at = 兌換時間
payroll-week = 週次
payroll-partner_id = 夥伴編號
payroll-name = 姓名
payroll-kind = 類別
payroll-jobs = 完成趟數
payroll-no_shows = 旅客未到
payroll-earned_vnd = 收入（越南盾）
payroll-tips_vnd = 其中小費（越南盾）
payroll-corrections_vnd = 其中調整（越南盾）
payroll-due_vnd = 待付（越南盾）
payroll-reference = 轉帳參考碼
payroll-paid_at = 付款時間（越南時間）

## 夥伴的工作時間
availability-uncovers = 你已接下 { $start } 的工作 { $order }，這項變更會讓它沒有人服務。請先請調度人員收回該工作
availability-too_far = 休假日最多只能設定 { $days } 天內
availability-shifts_max = 每週最多 { $max } 個班次
availability-days_off_max = 最多設定 { $max } 個休假日
availability-therapist_hours = 按摩師每週至少要保留一個班次
availability-day = 休假日須為 YYYY-MM-DD 格式的日期
job-no_show_photo_unknown = 請重新拍照：在你上傳的照片中找不到這張
notice-kind_unknown = 沒有這種通知
push-endpoint_invalid = 這個裝置的推播位址無法使用
push-key_invalid = 這個裝置的推播金鑰無法使用
push-not_configured = 這個網站尚未開啟推播通知
push-too_many_devices = 最多只能在 { $max } 個裝置上接收通知，請先在其他裝置關閉

## Promo codes
promo-code_format = 優惠碼為 { $min } 至 { $max } 個英文字母、數字或「-」，並以字母或數字開頭
promo-percent_range = 折扣比例須介於 1% 與 100% 之間
promo-amount_thousands = 金額須為 VND 1,000 的整數倍
promo-window = 結束時間須晚於開始時間
promo-uses = 使用次數至少為 1
promo-unknown = 優惠碼 { $code } 無效
promo-exists = 優惠碼 { $code } 已存在
promo-not_yet = 優惠碼 { $code } 自 { $from }（越南時間）起才能使用
promo-expired = 優惠碼 { $code } 已過期
promo-not_for_plan = 優惠碼 { $code } 不適用於此方案
promo-first_order_only = 優惠碼 { $code } 僅限首次訂購使用
promo-used_up = 優惠碼 { $code } 已被使用完畢
promo-already_used = 您已使用過優惠碼 { $code }
promo-minimum = 優惠碼 { $code } 需消費滿 { $min }
promo-nothing_off = 優惠碼 { $code } 對這筆訂單沒有折抵
gift-code_format = 禮物卡序號為卡片上印的 { $length } 個英文字母與數字（連字號與空格不影響）
gift-count = 每批可發行 1 至 { $max } 組序號
gift-amount = 禮物卡面額須為 1,000 越南盾的整數倍，最高 { $max }
gift-redeem_by = 兌換截止日須晚於現在
gift-credit_days = 儲值金有效天數為 1 至 3,650 天，或不設期限
gift-redeemed_by_you = 您已兌換過禮物卡 { $code }
gift-redeemed = 禮物卡 { $code } 已被兌換
gift-expired = 禮物卡 { $code } 已超過兌換期限
gift-unknown = 查無禮物卡 { $code }，請核對卡上的字元
gift-throttled = 輸入錯誤的序號太多次，請 { $minutes } 分鐘後再試
gift-batch_exists = 已有名為 { $name } 的批次
referral-code_format = 邀請碼為 8 個英文字母與數字
referral-off = 目前未開放邀請好友活動
referral-unknown = 查無邀請碼 { $code }，請核對朋友傳來的連結
referral-self = 不能使用自己的邀請
referral-twin = 邀請是給其他人的，不能用您的另一個信箱領取
referral-not_new = 邀請僅限第一筆訂單之前的新顧客
referral-claimed = 您已使用過邀請
referral-amount = 每一方的金額須為千元的整數倍，最多 { $max }
referral-nothing = 開放中的活動至少要給其中一方獎勵
referral-program_required = 請填寫活動內容
tip-not_completed = 服務完成後才能給小費
tip-too_late = 小費須在服務後 { $days } 天內給
tip-range = 小費須為千元的整數倍，{ $min } 至 { $max }
tip-no_partner = 這項服務不是由我們的夥伴提供，無法在此給小費
tip-given = 您已為這項服務給過小費

## Refunds back where the money came from
refund-route_unknown = 不明的退款去向
refund-state_unknown = 不明的退款狀態
refund-bank = 請填寫銀行名稱
refund-number = 帳號須為 6 至 19 位英數字
refund-holder = 請填寫戶名
refund-account_required = 退回銀行轉帳需要您的收款帳戶
refund-not_open = 這筆退款已處理完成
refund-bank_ref = 請填寫銀行的交易編號

## Changes after payment
order-action-amend = 變更
order-change_closed = 服務前的變更期限已過（{ $until }，越南時間）；如需協助請聯絡客服
order-change_too_soon = 新的時間須在 { $hours } 小時以後
order-change_short = 變更需補 { $amount }，V 幣餘額不足，請先儲值
order-change_assigned = 司機已接單，請聯絡客服變更
ledger-order_change = 訂單 { $order } 變更補差額
ledger-change_refund = 訂單 { $order } 變更退差額
job-no_change = 這份工作在您接單後沒有變更，或您已出發
ledger-change_lapsed = 訂單 { $order } 的變更款項到帳時訂單已有其他異動，款項已存入您的錢包
ledger-tip_returned = 訂單 { $order } 的小費已無法給出，款項已存入您的錢包
tip-method = 小費可用錢包、VietQR 或 VNPay 支付
payment-purpose_unknown = 不認得的付款用途
catalog-season-days = 旺季須從第一天到最後一天（YYYY-MM-DD），不可顛倒
catalog-season-rise = 旺季加價須為 1–{ $max }% 或千元整數倍的固定金額，擇一
catalog-season-too_many = 旺季最多 { $max } 段
report-day = 日期須為 YYYY-MM-DD
report-period_order = 起日不可晚於迄日
report-period_long = 報表期間最長 { $days } 天
report-export = 請選擇要匯出的資料
report_csv-section = 項目
report_csv-key = 名稱
report_csv-detail = 明細
report_csv-amount_vnd = 金額（越南盾）
report_csv-count = 筆數
report_csv-over_time = 營收趨勢
report_csv-categories = 依服務類別
report_csv-plans = 依方案
report_csv-methods = 付款方式
report_csv-refunds = 退款
report_csv-cancellations = 取消
report_csv-promotions = 優惠碼折扣
report_csv-credit = 贈送額度
report_csv-partners = 夥伴收入
report_csv-liability = v幣負債
report_csv-totals = 合計
report_csv-sales = 營收
report_csv-refunded = 退款
report_csv-net = 淨營收
report_csv-cancelled_paid = 付款後取消
report_csv-cancelled_unpaid = 付款前取消
report_csv-purpose_order = 訂單
report_csv-purpose_change = 訂單變更補差額
report_csv-purpose_tip = 小費
report_csv-purpose_top_up = 儲值
report_csv-route_wallet = 退回v幣
report_csv-route_vnpay = 退回 VNPay
report_csv-route_bank = 退回銀行帳戶
report_csv-state_done = 已完成
report_csv-state_pending = 處理中
report_csv-state_failed = 失敗
report_csv-kind_top_up = 儲值
report_csv-kind_spend = 消費
report_csv-kind_refund = 退款
report_csv-kind_adjustment = 人工調整
report_csv-kind_gift = 禮物卡
report_csv-kind_expiry = 額度到期
report_csv-kind_referral = 邀請獎勵
report_csv-kind_tip = 小費
report_csv-partners_earned = 服務收入
report_csv-partners_tips = 小費
report_csv-partners_paid = 已付款
report_csv-partners_due = 期末待付
report_csv-liability_balances = 錢包餘額合計（目前）
report_csv-liability_ledger = 帳本合計（目前）
report_csv-liability_at_end = 期末負債（帳本）
report_csv-order_id = 訂單編號
report_csv-created_at = 建立時間（越南）
report_csv-customer = 顧客編號
report_csv-category = 服務類別
report_csv-plan = 方案
report_csv-state = 狀態
report_csv-start_at = 服務時間（越南）
report_csv-total_vnd = 訂單金額（越南盾）
report_csv-paid_vnd = 已付（越南盾）
report_csv-refunded_vnd = 已退（越南盾）
report_csv-entry_id = 帳目編號
report_csv-at = 時間（越南）
report_csv-kind = 類型
report_csv-balance_after_vnd = 餘額（越南盾）
report_csv-payment_id = 付款編號
report_csv-operator = 操作人員
report_csv-note = 說明
invoice-tax_code_required = 請填寫統一編號（越南稅號）
invoice-tax_code_form = 越南稅號為 10 位數字，分支機構另加 3 位（例如 0312687878-001）
invoice-tax_code_check = 越南稅號的檢查碼不符，請再核對一次
invoice-kind_unknown = 未知的發票種類
invoice-state_unknown = 未知的發票狀態
invoice-company_name = 請填寫公司登記名稱
invoice-company_address = 請填寫公司登記地址
invoice-company_late = 此訂單已開立發票：如需更改發票抬頭，請聯繫客服
invoice-not_failed = 這張發票沒有失敗，不需要重送
invoice-item = { $category }服務：{ $plan }
invoice-unit = 次
invoice-adjust_up = 調增服務金額
invoice-adjust_down = 調減服務金額
report_csv-day = 日期
report_csv-entry = 科目
report_csv-vat_percent = 增值稅率（%）
report_csv-entry_sales = 營收（含稅）
report_csv-entry_sales_vat = 銷項增值稅
report_csv-entry_refunds = 退款（含稅）
report_csv-entry_refunds_vat = 退款沖回增值稅
report_csv-entry_wallet = v幣異動
report_csv-entry_payouts = 夥伴付款

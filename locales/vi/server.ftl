# What the server says to people, in Vietnamese. The same messages as zh-TW/server.ftl, with the
# same values.

bank-ref_required = Vui lòng nhập mã giao dịch ngân hàng
bank-reference_required = Thông báo chuyển khoản thiếu mã giao dịch

category-charter = Thuê xe có tài xế
category-charter-about = Xe và tài xế riêng, tham quan nội thành hay đi tỉnh theo ý bạn.
category-dragon_massage = Massage Rồng
category-dragon_massage-about = Kỹ thuật viên massage chuyên nghiệp đến tận phòng khách sạn của bạn.
category-escort = Hướng dẫn viên
category-escort-about = Hướng dẫn tiếng Trung và địa phương: mua sắm, ẩm thực, gặp gỡ công việc.
category-shuttle = Đưa đón sân bay
category-shuttle-about = Xe chờ sẵn khi máy bay hạ cánh, đưa bạn thẳng về khách sạn hoặc ra sân bay đúng giờ.

catalog-airport = Gói đưa đón chỉ phục vụ một sân bay
catalog-category = Không nhận ra loại dịch vụ
catalog-content_items = Tối đa { $max } mục
catalog-city = Không nhận ra mã thành phố { $city } (dùng được: hcm, han, dad, nha)
catalog-image_path = Ảnh phải là đường dẫn của trang này, ví dụ /media/catalog/… nhận được sau khi tải ảnh lên
catalog-images_max = Mỗi gói tối đa { $max } ảnh
catalog-language = Mã ngôn ngữ chỉ có thể là zh, en hoặc vi
catalog-airport_city = Thành phố của gói đưa đón phải là thành phố có sân bay đó ({ $city })
catalog-empty = Tệp không có gói dịch vụ hay kỹ thuật viên nào
catalog-plan_id = Mã gói chỉ gồm chữ thường, chữ số và dấu gạch nối đơn, tối đa 64 ký tự
catalog-pricing-booking_window = Số ngày được đặt trước phải dài hơn thời gian báo trước tối thiểu
catalog-pricing-payout = Phần chia cho đối tác phải từ 0–100% và khoản cố định từ 0–1.000.000.000 ₫
catalog-pricing-payout_kind = Khoản trả cho đối tác là phần trăm hoặc số tiền cố định, không thể cả hai
catalog-pricing-extra_person = Phụ thu mỗi người tối đa 100% giá
catalog-pricing-extra_person_kind = Phụ thu thêm người: chọn số tiền cố định hoặc phần trăm
catalog-pricing-max_extra_hours = Chỉ đặt khi có bán giờ thêm, và khi đó bắt buộc
catalog-pricing-max_extra_stops = Chỉ đặt khi có bán điểm dừng thêm, và khi đó bắt buộc
catalog-pricing-max_people = Ít nhất bằng số người đã bao gồm, và ít nhất 1 người
catalog-pricing-night = Khung giờ đêm phải có độ dài, phụ thu tối đa 100%
catalog-pricing-one_rate = Cần ít nhất một mức giá
catalog-pricing-price_range = Giá phải từ 0 đến 1.000.000.000 đồng
catalog-pricing-rate_minutes = Mỗi mức giá phải có thời lượng (phút)
catalog-pricing-rate_min = Giá của mỗi thời lượng ít nhất { $min }
catalog-pricing-rate_order = Thời lượng từ ngắn đến dài, thời lượng dài hơn không được rẻ hơn
catalog-pricing-transfer_rate = Gói đưa đón chỉ có một mức giá, thời lượng 0
catalog-seats = Cần ít nhất một chỗ ngồi
catalog-translation_language = Bản dịch chỉ có thể là vi hoặc en (tiếng Trung phồn thể ở các trường gốc), không nhận ra { $language }
catalog-toml = Không đọc được tệp danh mục: { $detail }
catalog-vehicle = Gói đưa đón và thuê xe có loại xe, các gói khác thì không

charter-pickup_required = Vui lòng nhập điểm đón

choice-required = Vui lòng chọn một mục

contact-name_required = Vui lòng nhập tên người liên hệ

driver-name_required = Vui lòng nhập tên tài xế
driver-plate_required = Vui lòng nhập biển số xe

escort-meeting_point_required = Vui lòng nhập điểm hẹn

federation-assertion = Không dùng được phản hồi của nhà cung cấp danh tính, vui lòng thử lại
federation-expired = Phiên đăng nhập đã hết hạn, vui lòng chọn lại cách đăng nhập
federation-has_password = Tài khoản này đã có mật khẩu, vui lòng dùng chức năng đổi mật khẩu
federation-last_way_in = Đây là cách đăng nhập duy nhất của bạn; hãy đặt mật khẩu hoặc liên kết tài khoản khác trước khi gỡ
federation-linked_elsewhere = Tài khoản này đã liên kết với một tài khoản thành viên khác
federation-password_needed = Email này đã có tài khoản, vui lòng nhập mật khẩu của tài khoản đó để liên kết
federation-provider_taken = Tài khoản của bạn đã liên kết một tài khoản khác của cách đăng nhập này
federation-retry = Đang đăng nhập, vui lòng thử lại
federation-staff = Nhân viên vận hành vui lòng đăng nhập bằng mật khẩu
federation-state = Phiên đăng nhập đã hết hạn hoặc không bắt đầu từ trình duyệt này, vui lòng chọn lại cách đăng nhập

favorites-max = Lưu tối đa { $max } kỹ thuật viên
favorites-unknown = Không tìm thấy kỹ thuật viên { $id }

idempotency_key-format = Khóa idempotency phải gồm 1 đến 128 ký tự ASCII hiển thị được

live-too_many = Một tài khoản chỉ mở được tối đa { $max } trang cập nhật trực tiếp cùng lúc, vui lòng đóng bớt tab
live-too_many_followed = Một trang cập nhật trực tiếp chỉ theo dõi được đối tác của tối đa { $max } đơn

massage-duration_required = Vui lòng chọn thời lượng massage
massage-hotel_address_required = Vui lòng nhập địa chỉ khách sạn
massage-hotel_name_required = Vui lòng nhập tên khách sạn
massage-room_required = Vui lòng nhập số phòng
massage-start_required = Vui lòng chọn giờ bắt đầu

ledger-order_closed = Đơn hàng không còn thanh toán được, đã chuyển vào v-coin
ledger-order_payment = Thanh toán đơn { $order }
ledger-refund = Hoàn tiền hủy đơn { $order }
ledger-gift = Mã quà tặng { $code }
ledger-expiry = Tín dụng đã hết hạn
ledger-referral_by = Cảm ơn bạn: một người bạn bạn mời đã đi chuyến đầu tiên
ledger-referral_new = Chào mừng: tín dụng vì đến theo lời mời của bạn bè
ledger-tip = Tiền tip cho đơn { $order }
ledger-top_up = Nạp tiền
ledger-top_up_differs = Nạp tiền (số tiền khác với yêu cầu)
ledger-transfer_mismatch = Số tiền chuyển khoản không khớp với đơn hàng, đã chuyển vào v-coin

line-charter-hours = Thuê xe { $hours } giờ (mỗi xe)
line-charter-minutes = Thuê xe { $minutes } phút (mỗi xe)
line-child_seats = Ghế trẻ em (mỗi ghế)
line-escort-hours = Hướng dẫn { $hours } giờ
line-escort-minutes = Hướng dẫn { $minutes } phút
line-extra_hours = Giờ thêm (mỗi giờ)
line-extra_person = Phụ thu thêm người (mỗi người)
line-extra_stops = Thêm một điểm dừng (mỗi điểm)
line-extra_therapist = Thêm một kỹ thuật viên (mỗi người)
line-massage-hours = Massage { $hours } giờ
line-massage-minutes = Massage { $minutes } phút
line-night = Phụ thu ban đêm { $percent }%
line-season = Phụ thu mùa cao điểm { $percent }%
line-season_fixed = Phụ thu mùa cao điểm
line-promo = Mã ưu đãi { $code }
line-shuttle = Đưa đón một chiều (mỗi xe)

media-file_size = Mỗi ảnh tối đa { $mb } MB
media-files_max = Mỗi lần tải lên tối đa { $max } ảnh
media-format = Chỉ nhận ảnh JPEG, PNG hoặc WebP
media-key = Không phải khóa lưu trữ của ảnh
media-none = Vui lòng chọn ảnh để tải lên
media-not_an_image = Đây không phải ảnh JPEG, PNG hoặc WebP
media-on_order = Ảnh này đang gắn với một đơn hàng, vui lòng gỡ khỏi đơn trước
media-per_order = Mỗi đơn hàng tối đa { $max } ảnh
media-pixels = Ảnh quá lớn: tối đa { $ten_thousands } × 10.000 điểm ảnh
media-unknown = Không tìm thấy ảnh này, vui lòng tải lên lại
media-unreadable = Không đọc được ảnh này, vui lòng thử ảnh khác

money-received_range = Số tiền phải từ { $min } đến { $max }

option-child_seat = Ghế trẻ em (mỗi ghế)
option-chinese_speaking_driver = Tài xế nói tiếng Trung
option-chinese_speaking_guide = Hướng dẫn viên nói tiếng Trung
option-extra_hour = Thêm 1 giờ
option-extra_person = Phụ thu thêm người (mỗi người)
option-extra_person_over = Trên { $people } người, mỗi người thêm
option-extra_stop = Thêm một điểm dừng
option-extra_therapist = Thêm một kỹ thuật viên (mỗi người)
option-night = Phụ thu ban đêm { $percent }% ({ $from }–{ $until })

order-action-assign_driver = phân công tài xế
order-action-assign_therapist = phân công kỹ thuật viên
order-action-release = rút người phục vụ
order-action-cancel = hủy
order-action-complete = hoàn tất
order-action-confirm = xác nhận
order-action-expire = hết hạn
order-action-pay = thanh toán
order-action-refund = hoàn tiền
order-action-revise = sửa
order-action-promo = dùng mã ưu đãi
order-actor-unknown = Không nhận ra người thao tác: { $code }
order-already_paid = Đơn hàng đã được thanh toán
order-child_seats_passengers = Số ghế trẻ em không được nhiều hơn số hành khách
order-contact_first = Vui lòng điền thông tin liên hệ trước
order-details_category = Nội dung dịch vụ không khớp với loại gói
order-details_required = Vui lòng điền nội dung dịch vụ
order-driver_language = Vui lòng chọn ngôn ngữ của tài xế
order-driver_not_massage = Đơn massage cần phân công kỹ thuật viên, không phải tài xế
order-horizon = Chỉ đặt được trong vòng { $days } ngày tới
order-lapsed = Đơn hàng đã quá hạn thanh toán, vui lòng đặt lại
order-lead_time = Vui lòng đặt khung giờ sau { $hours } giờ nữa (giờ Việt Nam)
order-no_favourites = Bạn chưa lưu kỹ thuật viên nào, hãy bấm trái tim trên thẻ kỹ thuật viên
order-not_sold = Gói này đã ngừng bán
order-nothing_to_pay = Đơn hàng này có số tiền VND 0 nên không thể thanh toán; vui lòng liên hệ chăm sóc khách hàng
order-not_served = Thời gian phục vụ { $start } (giờ Việt Nam) chưa đến; chỉ hoàn tất hoặc đánh giá sau khi dịch vụ bắt đầu
order-driver_is_partner = Một đối tác đã nhận việc này: hãy thu hồi việc từ họ trước khi nhập tài xế khác
order-payment_open = Đơn hàng này đã bắt đầu thanh toán, không thể đổi nội dung dịch vụ và số tiền nữa; nếu cần đổi, vui lòng hủy rồi đặt lại
order-people_max = Gói này tối đa { $max } người
order-people_min = Ít nhất 1 người
order-stale = Đơn hàng vừa được cập nhật, vui lòng tải lại rồi thử lại
order-note_required = Vui lòng nhập ghi chú
order-changed = Đơn hàng vừa được người khác cập nhật, vui lòng xem nội dung mới nhất rồi thao tác
order-started = Dịch vụ đã bắt đầu, không thể hủy; vui lòng liên hệ chăm sóc khách hàng
order-state-cancelled = đã hủy
order-state-completed = đã hoàn tất
order-state-confirmed = đã xác nhận
order-state-draft = đang điền
order-state-expired = đã quá hạn
order-state-paid = đã thanh toán
order-state-pending_payment = chờ thanh toán
order-state-refunded = đã hoàn tiền
order-state-unknown = Không nhận ra trạng thái đơn: { $code }
grpc-unknown_service = Không có dịch vụ này
order-group_unknown = Không nhận ra nhóm đơn: { $code }
order-state_forbids = Đơn hàng { $state }, không thể { $action }
order-therapist_massage_only = Chỉ đơn massage mới được phân công kỹ thuật viên
order-therapist_off = Kỹ thuật viên này không làm việc vào khung giờ đó, vui lòng đổi giờ hoặc chọn người khác
order-therapist_required = Vui lòng chọn kỹ thuật viên
order-therapist_taken = Kỹ thuật viên này đã có lịch vào khung giờ đó, vui lòng đổi giờ hoặc chọn người khác
order-therapist_unknown = Không tìm thấy kỹ thuật viên này
order-unpaid_massage_max = Bạn đang có { $count } đơn massage chưa thanh toán, vui lòng thanh toán hoặc hủy trước khi đặt thêm
order-unpaid_max = Bạn đang có { $count } đơn hàng chưa thanh toán, vui lòng thanh toán hoặc hủy trước khi đặt thêm
order-unpaid_too_many = Quá nhiều đơn hàng chưa thanh toán

page-size_max = Tối đa { $max } mục
page-token = Đây không phải mã trang của danh sách này

payment-key_required = Yêu cầu thanh toán cần Idempotency-Key
payment-method-dev = Thanh toán thử
payment-method-vcoin = v-coin
payment-method-vietqr = Chuyển khoản ngân hàng (VietQR)
payment-method-vnpay = VNPay
payment-method_required = Vui lòng chọn phương thức thanh toán
payment-method_unavailable = Phương thức thanh toán này hiện không dùng được
payment-state-unknown = Không nhận ra trạng thái thanh toán: { $code }

phone-country_code = Vui lòng nhập mã quốc gia đúng, ví dụ +84
phone-number = Vui lòng nhập số điện thoại đúng

pricing-duration = Gói này không có thời lượng đó, vui lòng chọn lại
pricing-extra_hours_max = Gói này thêm tối đa { $max } giờ
pricing-extra_stops_max = Gói này thêm tối đa { $max } điểm dừng
pricing-no_child_seats = Gói này không có ghế trẻ em

profile-handle = Vui lòng nhập tên tài khoản không quá { $max } ký tự, không có khoảng trắng
profile-language = Vui lòng chọn zh-TW, en hoặc vi
profile-name = Vui lòng nhập tên từ 1 đến { $max } ký tự

refund-range = Số tiền hoàn phải từ { $min } đến số đã trả { $paid }
refund-reason_required = Vui lòng nêu lý do hoàn tiền khác quy định

request-body_too_large = Nội dung yêu cầu quá lớn
request-malformed = Không đọc được yêu cầu: vui lòng kiểm tra định dạng
request-in_progress = Yêu cầu giống hệt đang được xử lý
request-key_reused = Idempotency-Key này đã dùng cho một yêu cầu khác
request-repeated = Yêu cầu bị lặp lại

request_id-format = Mã yêu cầu phải gồm 1 đến 64 ký tự ASCII hiển thị được

review-anonymous = Khách du lịch
review-edit_closed = Chỉ sửa được đánh giá trong vòng { $days } ngày sau khi viết
review-hidden = Đánh giá này đã bị ẩn, không thể sửa
review-not_completed = Chỉ đánh giá được sau khi hoàn tất dịch vụ
review-rating = Vui lòng chọn từ 1 đến 5 sao
review-reason_required = Vui lòng ghi lý do ẩn, chúng tôi sẽ báo cho khách hàng

service-unavailable = Dịch vụ tạm thời không dùng được, vui lòng thử lại sau

shuttle-address_required = Vui lòng nhập tên hoặc địa chỉ khách sạn
shuttle-flight_number = Vui lòng nhập số hiệu chuyến bay đúng, ví dụ VN123
shuttle-flight_unknown = Không tìm thấy chuyến bay { $flight } hạ cánh tại { $airport } vào giờ đó: vui lòng kiểm tra số hiệu và giờ hạ cánh trên vé
shuttle-departure_required = Vui lòng nhập giờ cất cánh của chuyến bay
shuttle-pickup_too_late = Giờ đón phải sớm hơn giờ cất cánh ít nhất { $minutes } phút
shuttle-pickup_too_early = Giờ đón không được sớm hơn giờ cất cánh quá 12 giờ
shuttle-luggage_max = Loại xe này chở tối đa { $max } kiện hành lý lớn

staff-email_by_admin = Email đăng nhập của nhân viên do quản trị viên đổi trong trang quản trị
staff-email_is_customer = { $email } là email của một tài khoản khách hàng. Tài khoản nhân viên và tài khoản khách hàng tách biệt: hãy mời bằng email khác (ví dụ email công ty), hoặc nhờ người đó đổi email của tài khoản khách hàng trong khu vực thành viên trước
staff-email_max = Email của nhân viên tối đa { $max } ký tự
staff-key_name = Vui lòng đặt tên cho khóa
staff-name_required = Vui lòng nhập tên người thao tác
staff-only = Thao tác này chỉ dành cho nhân viên vận hành
staff-admin_only = Thao tác này chỉ dành cho quản trị viên
backup-running = Đang sao lưu; vui lòng thử lại khi xong
backup-none_here = Máy chủ này không tự sao lưu: cơ sở dữ liệu PostgreSQL được sao lưu bởi máy chủ cơ sở dữ liệu (xem hướng dẫn triển khai)
staff-not_self = Không thể đổi vai trò hoặc vô hiệu hóa tài khoản của chính mình
staff-role = Vui lòng chọn nhân viên vận hành hoặc quản trị viên
staff-password_min = Mật khẩu của nhân viên ít nhất { $min } ký tự

support-hours = Hằng ngày { $from }–{ $until } (giờ Việt Nam)
support-author = Không nhận ra người gửi: { $code }
support-body_required = Vui lòng nhập nội dung tin nhắn
support-order_unknown = Không tìm thấy đơn hàng này
support-order_subject = Đơn hàng { $order }
support-thread_full = Cuộc trò chuyện này đã có { $max } tin nhắn, vui lòng mở cuộc trò chuyện mới
support-throttled = Quá nhiều tin nhắn, vui lòng thử lại sau { $minutes } phút hoặc dùng cách liên hệ khác

text-as_is = { $text }
text-refused_characters = Không được chứa ký tự điều khiển hoặc ký tự điều khiển hướng văn bản
text-required = Bắt buộc
text-too_long = Tối đa { $max } ký tự

therapist-duration = Thời lượng phải từ 1 đến 480 phút
therapist-gender = Vui lòng chọn nữ hoặc nam
therapist-hours_day = Không nhận ra ngày trong tuần: { $day }
therapist-hours_time = Giờ viết theo dạng HH:MM
therapist-id = Mã kỹ thuật viên chỉ gồm chữ thường, chữ số và dấu gạch nối
therapist-language = Mã ngôn ngữ không hợp lệ: { $language } (dùng { $codes })
therapist-name_required = Vui lòng nhập tên kỹ thuật viên
therapist-rating = Điểm đánh giá từ 0 đến 50 (phần mười sao)
therapist-skills = Tối đa 12 chuyên môn
therapist-shifts = Mỗi ca phải có ngày trong tuần, giờ bắt đầu và kết thúc khác nhau

time-local = Vui lòng nhập ngày giờ đúng (giờ Việt Nam)

user-id = Không phải mã tài khoản

vietqr-account = Số tài khoản gồm 1 đến 19 chữ cái hoặc chữ số
vietqr-amount = Số tiền phải lớn hơn 0
vietqr-bin = Mã ngân hàng gồm 6 chữ số
vietqr-field_length = Trường QR { $id } dài quá 99 ký tự
vietqr-memo = Nội dung chuyển khoản chỉ gồm ký tự ASCII

vnpay-signature = Chữ ký của kết quả thanh toán không khớp

wallet-adjustment_range = Số tiền điều chỉnh phải khác 0 và không quá { $max }
wallet-adjustment_reason = Vui lòng nêu lý do điều chỉnh
wallet-balance_max = Số dư v-coin không được vượt quá { $max }, vui lòng liên hệ chăm sóc khách hàng
wallet-entry_kind = Không nhận ra loại bút toán: { $code }
wallet-insufficient = Số dư v-coin không đủ, vui lòng nạp thêm
wallet-top_up_method = Vui lòng chọn phương thức khác để nạp tiền
wallet-top_up_range = Số tiền nạp phải là bội số nghìn từ { $min } đến { $max }

site-page_title = { $page } | Đặt Dịch Vụ Du Lịch Việt Nam

request-not_found = Không tìm thấy { $what }
request-not_found_any = Không tìm thấy nội dung bạn cần
thing-provider = cách đăng nhập này
thing-customer = khách hàng này
thing-category = loại dịch vụ này
thing-photo = ảnh này
thing-key = khóa dịch vụ này
thing-operator = nhân viên vận hành này
thing-order = đơn hàng này
thing-payment = khoản thanh toán này
thing-plan = gói dịch vụ này
thing-review = đánh giá này
thing-thread = cuộc trò chuyện hỗ trợ này
thing-therapist = kỹ thuật viên này

job-decline_reason_required = Vui lòng cho biết lý do không nhận việc
job-no_show_not_arrived = Hãy báo "Đã đến" trước khi báo khách không đến
job-no_show_photo = Vui lòng kèm ảnh tại chỗ khi báo khách không đến
job-no_show_too_soon = Thời gian chờ miễn phí là { $waiting } phút, cần chờ thêm { $minutes } phút nữa mới được báo khách không đến
job-offer_closed = Lời mời nhận việc này đã kết thúc
job-order_not_paid = Chỉ giao việc sau khi đơn hàng đã thanh toán
job-over = Công việc đã bắt đầu hoặc kết thúc, không thể thu hồi
job-started_already = Đã đến giờ phục vụ, không thể giao việc nữa
job-status_unknown = Trạng thái công việc không hợp lệ
job-step_out_of_order = Đang ở "{ $from }", không thể chuyển thẳng sang "{ $to }"
job-voucher_mismatch = Phiếu này không phải của công việc này, hãy kiểm tra lại mã đơn
job-taken = Công việc này đã có đối tác khác nhận
job-too_early = Chỉ được xuất phát trong vòng { $hours } giờ trước giờ phục vụ
job-yours_already = Bạn đã nhận công việc này
job-status-accepted = Đã nhận
job-status-arrived = Đã đến
job-status-completed = Hoàn thành
job-status-no_show = Khách không đến
job-status-on_the_way = Đang đến
job-status-open = Chờ giao
job-status-started = Đang phục vụ
job-status-withdrawn = Đã thu hồi

partner-disabled = Đối tác này đã bị tạm ngưng
partner-kind_unknown = Loại đối tác chỉ có thể là driver, guide hoặc therapist
partner-home_city_unknown = Hãy chọn một thành phố của chúng tôi làm khu vực thường trú
partner-language = Đối tác này không nói được { $language }
partner-languages_required = Vui lòng chọn ít nhất một ngôn ngữ
partner-name_required = Vui lòng nhập tên đối tác
partner-not_chosen = Khách đã chọn một kỹ thuật viên khác
partner-seats = Số ghế phải từ 1 đến { $max }
partner-therapist_required = Đối tác kỹ thuật viên phải gắn với một kỹ thuật viên
partner-too_few_seats = Xe chỉ có { $seats } ghế
partner-vehicle_model_required = Vui lòng nhập hiệu xe và màu xe
partner-vehicle_required = Tài xế phải đăng ký xe
partner-wrong_kind = Loại đối tác này không cung cấp dịch vụ này
partner-speaks-en = tiếng Anh
partner-speaks-vi = tiếng Việt
partner-speaks-zh = tiếng Trung
job-changed = Công việc vừa thay đổi, vui lòng tải lại rồi thử lại
job-nobody_free = Hiện không có đối tác phù hợp đang rảnh
partner-busy = Đối tác này đã có việc trong khoảng thời gian này
partner-off_duty = Kỹ thuật viên này không làm việc vào thời gian này
partner-only = Chỉ dành cho đối tác
job-no_show_position = Khi báo khách không đến, cần kèm vị trí và thời gian của điện thoại

## Where a partner is
position-malformed = Dữ liệu vị trí không đầy đủ hoặc không hợp lệ
position-not_sharing = Chỉ chia sẻ vị trí khi đang đến hoặc đã đến nơi
position-outside_vietnam = Vị trí này nằm ngoài Việt Nam nên không được dùng
position-stale = Vị trí này được lấy từ { $seconds } giây trước hoặc lâu hơn nên không được dùng
position-ahead = Giờ trên điện thoại chạy nhanh hơn máy chủ nên vị trí không được dùng, hãy chỉnh lại giờ
position-too_fast = So với vị trí trước, tốc độ vượt quá { $kmh } km/h nên vị trí không được dùng
position-imprecise = Sai số vị trí lớn hơn { $metres } m nên không được dùng
position-too_often = Vị trí chỉ được nhận mỗi { $seconds } giây một lần: vị trí này gửi sớm hơn

## A job's thread between the traveller and the partner
talk-closed = Cuộc trò chuyện của công việc này đã đóng: chỉ nhắn được từ khi đối tác nhận việc đến một ngày sau khi kết thúc
talk-phrase_unknown = Không có câu trả lời nhanh này
talk-text_required = Vui lòng nhập tin nhắn (tối đa 500 ký tự)
talk-key_required = Tin nhắn thiếu mã nhận dạng, hãy tải lại trang rồi gửi lại
talk-staff_read_only = Nhân viên chỉ được đọc cuộc trò chuyện giữa khách và đối tác
talk-busy = Đang có quá nhiều tin nhắn cùng lúc, hãy gửi lại
talk-side_unknown = Không rõ bên gửi
phrase-on_my_way = Tôi đã xuất phát, đang đến gặp bạn
phrase-late_10 = Tôi sẽ đến trễ khoảng 10 phút
phrase-at_arrivals = Tôi đang ở cửa ra sảnh đến, cầm bảng có tên bạn
phrase-at_lobby = Tôi đang ở sảnh khách sạn
phrase-car_outside = Xe đang đợi bạn ngoài cổng
phrase-where_are_you = Bạn đang ở đâu? Tôi không tìm thấy bạn
phrase-landed = Tôi đã hạ cánh, đang chờ lấy hành lý
phrase-coming_out = Tôi đang đi ra
phrase-late_15 = Tôi sẽ trễ khoảng 15 phút
phrase-in_lobby = Tôi đang ở sảnh khách sạn
phrase-in_room = Tôi đang ở trong phòng, mời bạn lên thẳng
phrase-cannot_find = Tôi không tìm thấy bạn, bạn đang ở đâu?
phrase-thanks = Cảm ơn bạn!

## Thu nhập của đối tác
earnings-week = Tuần được gọi theo ngày thứ Hai (YYYY-MM-DD)
earnings-cause_unknown = Loại bút toán không xác định
earnings-reference_required = Nhập mã tham chiếu chuyển khoản (tối đa 64 ký tự)
earnings-paid_already = Tuần này đã được thanh toán, mã tham chiếu { $reference }
earnings-week_open = Tuần này chưa kết thúc: có thể thanh toán từ thứ Hai
earnings-nothing_due = Tuần đó không có thu nhập nên không có gì để thanh toán
earnings-reason_required = Hãy ghi lý do điều chỉnh thu nhập
earnings-request_required = Điều chỉnh thiếu mã yêu cầu
earnings-correction_range = Khoản điều chỉnh là số tròn nghìn đồng, khác 0, tối đa { $max } mỗi chiều
earnings-correction_below_zero = Tuần này có { $earned }: chỉ thu lại tối đa số đó, phần còn lại vào tuần sau
partner-kind-driver = Tài xế
partner-kind-guide = Hướng dẫn viên
partner-kind-therapist = Kỹ thuật viên
gift_csv-code = Mã
gift_csv-amount_vnd = Mệnh giá (VND)
gift_csv-redeem_until = Hạn đổi
gift_csv-credit_days = Tín dụng dùng trong (ngày)
gift_csv-redeemed_by = Người đổi
gift_csv-redeemed_at = Thời điểm đổi
payroll-week = Tuần
payroll-partner_id = Mã đối tác
payroll-name = Họ tên
payroll-kind = Loại
payroll-jobs = Số chuyến
payroll-no_shows = Khách không đến
payroll-earned_vnd = Thu nhập (VND)
payroll-tips_vnd = Trong đó tiền tip (VND)
payroll-corrections_vnd = Trong đó điều chỉnh (VND)
payroll-due_vnd = Còn phải trả (VND)
payroll-reference = Mã chuyển khoản
payroll-paid_at = Ngày trả (giờ Việt Nam)

## Thời gian làm việc của đối tác
availability-uncovers = Bạn đã nhận việc { $order } lúc { $start }: thay đổi này sẽ khiến việc đó không có người làm. Hãy nhờ điều phối viên thu hồi việc trước
availability-too_far = Chỉ đặt ngày nghỉ trong vòng { $days } ngày tới
availability-shifts_max = Tối đa { $max } ca mỗi tuần
availability-days_off_max = Tối đa { $max } ngày nghỉ sắp tới
availability-therapist_hours = Kỹ thuật viên cần giữ ít nhất một ca mỗi tuần
availability-day = Ngày nghỉ phải là ngày dạng YYYY-MM-DD
job-no_show_photo_unknown = Hãy chụp lại ảnh: không tìm thấy ảnh này trong các ảnh bạn đã tải lên
notice-kind_unknown = Không có loại thông báo này
push-endpoint_invalid = Không dùng được địa chỉ nhận thông báo của thiết bị này
push-key_invalid = Không dùng được khóa nhận thông báo của thiết bị này
push-not_configured = Trang này chưa bật thông báo đẩy
push-too_many_devices = Thông báo chỉ gửi đến tối đa { $max } thiết bị: hãy tắt trên một thiết bị khác trước

## Promo codes
promo-code_format = Mã ưu đãi gồm { $min } đến { $max } chữ cái, chữ số hoặc dấu “-”, bắt đầu bằng chữ cái hoặc chữ số
promo-percent_range = Mức giảm phải từ 1% đến 100%
promo-amount_thousands = Số tiền phải là bội số của 1.000 VND
promo-window = Thời điểm kết thúc phải sau thời điểm bắt đầu
promo-uses = Số lượt dùng ít nhất là 1
promo-unknown = Mã ưu đãi { $code } không hợp lệ
promo-exists = Mã ưu đãi { $code } đã tồn tại
promo-not_yet = Mã ưu đãi { $code } chỉ dùng được từ { $from } (giờ Việt Nam)
promo-expired = Mã ưu đãi { $code } đã hết hạn
promo-not_for_plan = Mã ưu đãi { $code } không áp dụng cho gói này
promo-first_order_only = Mã ưu đãi { $code } chỉ dành cho đơn hàng đầu tiên
promo-used_up = Mã ưu đãi { $code } đã hết lượt sử dụng
promo-already_used = Bạn đã dùng mã ưu đãi { $code }
promo-minimum = Mã ưu đãi { $code } áp dụng cho đơn từ { $min }
promo-nothing_off = Mã ưu đãi { $code } không giảm được gì cho đơn này
gift-code_format = Mã quà tặng gồm { $length } chữ cái và chữ số như in trên thẻ (dấu gạch và khoảng trắng không quan trọng)
gift-count = Mỗi đợt phát hành từ 1 đến { $max } mã
gift-amount = Giá trị mã quà tặng phải là bội số của 1.000 đồng, tối đa { $max }
gift-redeem_by = Hạn đổi mã phải ở tương lai
gift-credit_days = Số dư dùng được từ 1 đến 3.650 ngày, hoặc không hết hạn
gift-redeemed_by_you = Bạn đã đổi mã quà tặng { $code } rồi
gift-redeemed = Mã quà tặng { $code } đã được đổi
gift-expired = Mã quà tặng { $code } đã hết hạn đổi
gift-unknown = Không có mã quà tặng { $code }: vui lòng kiểm tra lại các ký tự trên thẻ
gift-throttled = Bạn đã nhập sai quá nhiều mã: vui lòng thử lại sau { $minutes } phút
gift-batch_exists = Đã có lô mã tên { $name }
referral-code_format = Mã mời gồm 8 chữ cái và chữ số
referral-off = Hiện chưa mở chương trình mời bạn
referral-unknown = Không có mã mời { $code }: vui lòng kiểm tra đường dẫn bạn của bạn gửi
referral-self = Bạn không thể dùng lời mời của chính mình
referral-twin = Lời mời dành cho người khác, không phải địa chỉ khác của bạn
referral-not_new = Lời mời dành cho khách mới, trước đơn hàng đầu tiên
referral-claimed = Bạn đã dùng một lời mời rồi
referral-amount = Mỗi bên nhận số tiền chẵn nghìn đồng, tối đa { $max }
referral-nothing = Chương trình đang mở phải tặng ít nhất một bên
referral-program_required = Hãy gửi điều kiện của chương trình
tip-not_completed = Có thể tip sau khi dịch vụ hoàn thành
tip-too_late = Chỉ tip trong vòng { $days } ngày sau dịch vụ
tip-range = Tiền tip là số tròn nghìn đồng, từ { $min } đến { $max }
tip-no_partner = Dịch vụ này không do đối tác của chúng tôi thực hiện nên không thể tip tại đây
tip-given = Bạn đã tip cho dịch vụ này rồi

## Refunds back where the money came from
refund-route_unknown = Không rõ nơi hoàn tiền
refund-state_unknown = Không rõ trạng thái hoàn tiền
refund-bank = Vui lòng nhập tên ngân hàng
refund-number = Số tài khoản gồm 6 đến 19 chữ và số
refund-holder = Vui lòng nhập tên chủ tài khoản
refund-account_required = Hoàn về chuyển khoản ngân hàng cần tài khoản nhận của bạn
refund-not_open = Khoản hoàn tiền này đã được xử lý
refund-bank_ref = Vui lòng nhập mã giao dịch của ngân hàng

## Changes after payment
order-action-amend = thay đổi
order-change_closed = Đã quá hạn thay đổi trước giờ dịch vụ ({ $until }, giờ Việt Nam); vui lòng liên hệ bộ phận hỗ trợ
order-change_too_soon = Giờ mới phải cách bây giờ ít nhất { $hours } giờ
order-change_short = Thay đổi cần trả thêm { $amount }; ví V-coin không đủ, vui lòng nạp trước
order-change_assigned = Tài xế đã nhận chuyến; vui lòng liên hệ bộ phận hỗ trợ để thay đổi
ledger-order_change = Trả thêm khi thay đổi đơn { $order }
ledger-change_refund = Hoàn chênh lệch khi thay đổi đơn { $order }
job-no_change = Chuyến này không thay đổi từ khi bạn nhận, hoặc bạn đã xuất phát
ledger-change_lapsed = Tiền thay đổi đơn { $order } đến khi đơn đã thay đổi khác; số tiền đã vào ví của bạn
ledger-tip_returned = Không thể tip cho đơn { $order } nữa; số tiền đã vào ví của bạn
tip-method = Tiền tip được trả từ ví, qua VietQR hoặc VNPay
payment-purpose_unknown = Không nhận ra mục đích thanh toán
catalog-season-days = Một mùa chạy từ ngày đầu đến ngày cuối (YYYY-MM-DD), không ngược lại
catalog-season-rise = Một mùa cộng thêm hoặc 1–{ $max }%, hoặc một khoản cố định tròn nghìn đồng
catalog-season-too_many = Tối đa { $max } mùa
report-day = Ngày phải có dạng YYYY-MM-DD
report-period_order = Ngày bắt đầu không được sau ngày kết thúc
report-period_long = Một báo cáo dài tối đa { $days } ngày
report-export = Hãy chọn dữ liệu cần xuất
report_csv-section = Mục
report_csv-key = Tên
report_csv-detail = Chi tiết
report_csv-amount_vnd = Số tiền (VND)
report_csv-count = Số lượng
report_csv-over_time = Doanh thu theo thời gian
report_csv-categories = Theo loại dịch vụ
report_csv-plans = Theo gói
report_csv-methods = Phương thức thanh toán
report_csv-refunds = Hoàn tiền
report_csv-cancellations = Hủy đơn
report_csv-promotions = Giảm giá mã khuyến mãi
report_csv-credit = Tín dụng tặng
report_csv-partners = Thu nhập đối tác
report_csv-liability = Nợ v-coin
report_csv-totals = Tổng cộng
report_csv-sales = Doanh thu
report_csv-refunded = Hoàn tiền
report_csv-net = Doanh thu thuần
report_csv-cancelled_paid = Hủy sau khi thanh toán
report_csv-cancelled_unpaid = Hủy trước khi thanh toán
report_csv-purpose_order = Đơn hàng
report_csv-purpose_change = Thay đổi đơn
report_csv-purpose_tip = Tiền tip
report_csv-purpose_top_up = Nạp tiền
report_csv-route_wallet = Về v-coin
report_csv-route_vnpay = Về VNPay
report_csv-route_bank = Về tài khoản ngân hàng
report_csv-state_done = Hoàn tất
report_csv-state_pending = Đang xử lý
report_csv-state_failed = Thất bại
report_csv-kind_top_up = Nạp tiền
report_csv-kind_spend = Chi tiêu
report_csv-kind_refund = Hoàn tiền
report_csv-kind_adjustment = Điều chỉnh
report_csv-kind_gift = Mã quà tặng
report_csv-kind_expiry = Tín dụng hết hạn
report_csv-kind_referral = Thưởng giới thiệu
report_csv-kind_tip = Tiền tip
report_csv-partners_earned = Thu nhập từ chuyến
report_csv-partners_tips = Tiền tip
report_csv-partners_paid = Đã chi trả
report_csv-partners_due = Còn nợ cuối kỳ
report_csv-liability_balances = Tổng số dư ví (hiện tại)
report_csv-liability_ledger = Tổng sổ cái (hiện tại)
report_csv-liability_at_end = Nợ cuối kỳ (sổ cái)
report_csv-order_id = Mã đơn
report_csv-created_at = Thời điểm tạo (giờ Việt Nam)
report_csv-customer = Khách hàng
report_csv-category = Loại dịch vụ
report_csv-plan = Gói
report_csv-state = Trạng thái
report_csv-start_at = Thời gian dịch vụ (giờ Việt Nam)
report_csv-total_vnd = Giá (VND)
report_csv-paid_vnd = Đã trả (VND)
report_csv-refunded_vnd = Đã hoàn (VND)
report_csv-entry_id = Mã bút toán
report_csv-at = Thời điểm (giờ Việt Nam)
report_csv-kind = Loại
report_csv-balance_after_vnd = Số dư sau (VND)
report_csv-payment_id = Mã thanh toán
report_csv-operator = Nhân viên
report_csv-note = Ghi chú
invoice-tax_code_required = Hãy nhập mã số thuế của công ty
invoice-tax_code_form = Mã số thuế gồm 10 chữ số, chi nhánh thêm 3 chữ số (ví dụ 0312687878-001)
invoice-tax_code_check = Mã số thuế không đúng chữ số kiểm tra, hãy kiểm tra lại
invoice-kind_unknown = Loại hóa đơn không xác định
invoice-state_unknown = Trạng thái hóa đơn không xác định
invoice-company_name = Hãy nhập tên công ty như đã đăng ký
invoice-company_address = Hãy nhập địa chỉ đăng ký của công ty
invoice-company_late = Đơn hàng đã được xuất hóa đơn: muốn đổi thông tin người mua, hãy liên hệ chăm sóc khách hàng
invoice-not_failed = Hóa đơn này không bị lỗi: không có gì để gửi lại
invoice-item = Dịch vụ { $category }: { $plan }
invoice-unit = Lần
invoice-adjust_up = Điều chỉnh tăng tiền dịch vụ
invoice-adjust_down = Điều chỉnh giảm tiền dịch vụ
report_csv-day = Ngày
report_csv-entry = Khoản mục
report_csv-vat_percent = Thuế suất GTGT (%)
report_csv-entry_sales = Doanh thu (gồm thuế)
report_csv-entry_sales_vat = Thuế GTGT đầu ra
report_csv-entry_refunds = Hoàn tiền (gồm thuế)
report_csv-entry_refunds_vat = Thuế GTGT hoàn lại
report_csv-entry_wallet = Biến động v-coin
report_csv-entry_payouts = Chi trả đối tác

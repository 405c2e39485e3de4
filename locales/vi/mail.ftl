# Chữ trong thư (tiếng Việt). Thư được gửi bằng ngôn ngữ người nhận đã chọn.

mail-brand = Đặt Dịch Vụ Du Lịch Việt Nam
mail-subject = { $subject } — Đặt Dịch Vụ Du Lịch Việt Nam
mail-greeting = Xin chào,
mail-link_fallback = Nếu nút không hoạt động, hãy sao chép địa chỉ này vào trình duyệt:
mail-span-days = { $n } ngày
mail-span-hours = { $n } giờ
mail-span-minutes = { $n } phút
mail-external_account = tài khoản bên ngoài
mail-not_you = Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay và liên hệ bộ phận hỗ trợ.

mail-verify-subject = Vui lòng xác minh email của bạn
mail-verify-thanks = Cảm ơn bạn đã đăng ký Đặt Dịch Vụ Du Lịch Việt Nam.
mail-verify-body = Nhấn nút bên dưới để xác minh email. Liên kết có hiệu lực trong { $span } và chỉ dùng được một lần.
mail-verify-ignore = Nếu bạn không đăng ký, hãy bỏ qua thư này.
mail-verify-button = Xác minh email

mail-reset-subject = Đặt lại mật khẩu
mail-reset-asked = Chúng tôi nhận được yêu cầu đặt lại mật khẩu tài khoản của bạn.
mail-reset-body = Nhấn nút bên dưới để đặt mật khẩu mới. Liên kết có hiệu lực trong { $span } và chỉ dùng được một lần.
mail-reset-ignore = Nếu bạn không yêu cầu, hãy bỏ qua thư này; mật khẩu của bạn sẽ không thay đổi.
mail-reset-button = Đặt lại mật khẩu

mail-invite-subject = Bạn được mời vào trang quản lý
mail-invite-created = Quản trị viên đã tạo tài khoản quản lý cho bạn; email đăng nhập là địa chỉ nhận thư này.
mail-invite-body = Nhấn nút bên dưới để đặt mật khẩu (ít nhất { $min } ký tự). Liên kết có hiệu lực trong { $span } và chỉ dùng được một lần.
mail-invite-expired = Nếu liên kết hết hạn, hãy nhờ quản trị viên mời lại.
mail-invite-button = Đặt mật khẩu
mail-partner_invite-subject = Mời bạn trở thành đối tác phục vụ
mail-partner_invite-created = Quản trị viên đã tạo tài khoản đối tác cho bạn để xem và nhận việc trong ứng dụng đối tác; email đăng nhập chính là địa chỉ nhận thư này.

mail-unknown-subject = Yêu cầu đặt lại mật khẩu
mail-unknown-asked = Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho email này, nhưng email này chưa có tài khoản.
mail-unknown-hint = Nếu là bạn, hãy dùng email đã đăng ký, hoặc đăng ký tài khoản mới với email này.
mail-unknown-ignore = Nếu bạn không yêu cầu, hãy bỏ qua thư này.
mail-unknown-button = Đăng ký tài khoản mới

mail-email_changed-subject = Email đăng nhập của bạn đã thay đổi
mail-email_changed-body = Email đăng nhập của tài khoản vừa được đổi sang địa chỉ khác; các thông báo sau sẽ gửi đến email mới.

mail-linked-subject = Tài khoản của bạn đã liên kết cách đăng nhập mới
mail-linked-body = Giờ đây bạn có thể đăng nhập bằng { $provider }.
mail-linked-not_you = Nếu không phải bạn thực hiện, hãy vào hồ sơ thành viên để hủy liên kết ngay và liên hệ bộ phận hỗ trợ.
mail-linked-button = Xem hồ sơ thành viên

mail-unlinked-subject = Tài khoản của bạn đã gỡ một cách đăng nhập
mail-unlinked-body = Bạn không thể đăng nhập bằng { $provider } nữa.

mail-password_set-subject = Tài khoản của bạn đã có mật khẩu
mail-password_set-body = Tài khoản của bạn đã được đặt mật khẩu; từ nay bạn cũng có thể đăng nhập bằng email và mật khẩu.

mail-order-subject = Đơn hàng của bạn có cập nhật mới
mail-order-body = Đơn hàng của bạn có cập nhật mới, vui lòng xem trong khu vực thành viên.
mail-order-button = Xem đơn hàng
mail-order-id = Mã đơn: { $order } ({ $plan })
mail-order-start = Thời gian: { $start } (giờ Việt Nam)
mail-order-total = Số tiền: { $total }
mail-order-place = Địa điểm: { $place }
mail-order-room = { $place } (phòng { $room })
mail-order-flight = Chuyến bay: { $flight }
mail-order-policy = Chính sách hủy: hủy miễn phí trước { $deadline } (giờ Việt Nam); sau đó thu { $percent }% phí.
mail-order-calendar = Mã đơn { $order }

mail-paid-subject = Thanh toán thành công, đơn hàng đã được tạo
mail-paid-thanks = Chúng tôi đã nhận được thanh toán của bạn, xin cảm ơn.
mail-paid-next = Sau khi xác nhận, chúng tôi sẽ gửi thư cho bạn thông tin tài xế hoặc kỹ thuật viên.

mail-confirmed-subject = Đơn hàng đã được xác nhận
mail-confirmed-body = Đơn hàng của bạn đã được xác nhận.
mail-confirmed-driver = Tài xế / hướng dẫn viên: { $name }, điện thoại { $phone }
mail-confirmed-plate = Biển số xe: { $plate }
mail-confirmed-therapist = Kỹ thuật viên: { $name }

mail-flight_moved-subject = Chuyến bay của bạn đổi giờ: giờ đón đã được cập nhật theo
mail-flight_moved-body = Theo thông tin mới nhất của hãng bay, giờ hạ cánh của chuyến bay của bạn đã thay đổi. Tài xế sẽ đón bạn ở sảnh đến vào thời gian mới dưới đây; bạn không cần làm gì thêm.
mail-cancelled-subject = Đơn hàng đã bị hủy
mail-cancelled-body = Đơn hàng của bạn đã bị hủy; đơn chưa thanh toán sẽ không bị tính phí.

mail-refunded-subject = Đơn hàng đã hủy và hoàn tiền
mail-refunded-body = Đơn hàng của bạn đã bị hủy; tiền hoàn đã vào ví V-coin của bạn.
mail-refunded-amounts = Hoàn { $refund }, phí { $fee }.

mail-on_the_way-subject = Người phục vụ đang đến
mail-on_the_way-body = { $name } đã xuất phát và đang đến gặp bạn.
mail-arrived-subject = Người phục vụ đã đến
mail-arrived-body = { $name } đã đến điểm hẹn và đang chờ bạn.
mail-partner-someone = Người phục vụ của bạn
mail-reminder_tomorrow-subject = Nhắc lịch: dịch vụ của bạn vào ngày mai
mail-reminder_tomorrow-body = Xin nhắc bạn: dịch vụ bạn đã đặt diễn ra vào ngày mai.
mail-reminder_soon-subject = Dịch vụ của bạn sắp bắt đầu
mail-reminder_soon-body = Xin nhắc bạn: dịch vụ bạn đã đặt sắp bắt đầu. Vui lòng có mặt ở điểm hẹn đúng giờ.
mail-reminder-nobody_yet = Chúng tôi đang sắp xếp người phục vụ bạn và sẽ báo ngay khi xong.
mail-partner_reminder_tomorrow-subject = Nhắc lịch: chuyến ngày mai
mail-partner_reminder_tomorrow-body = Xin nhắc bạn: ngày mai bạn có một chuyến đã nhận.
mail-partner_reminder_soon-subject = Chuyến của bạn sắp bắt đầu
mail-partner_reminder_soon-body = Xin nhắc bạn: chuyến bạn đã nhận sắp bắt đầu. Vui lòng xuất phát đúng giờ.
mail-job-button = Xem chuyến
mail-unassigned-subject = Chưa có ai nhận dịch vụ này
mail-unassigned-body = Dịch vụ này bắt đầu trong vòng một ngày nhưng chưa có tài xế, hướng dẫn viên hay kỹ thuật viên nào nhận.
mail-support_reply-subject = Bộ phận hỗ trợ đã trả lời bạn
mail-review_hidden-subject = Đánh giá của bạn đã bị ẩn
mail-review_hidden-body = Đánh giá của bạn cho đơn hàng này không còn hiển thị trên trang gói dịch vụ.
mail-review_hidden-reason = Lý do: { $reason }
mail-review_hidden-help = Nếu có thắc mắc, hãy liên hệ bộ phận hỗ trợ trong khu vực thành viên.
mail-invoice-subject = Hóa đơn điện tử của bạn
mail-invoice-body = Hóa đơn điện tử cho đơn hàng của bạn đã được phát hành.
mail-invoice-adjusted = Số tiền đơn hàng đã thay đổi: hóa đơn điều chỉnh đã được phát hành.
mail-invoice-number = Số hóa đơn: { $number }
mail-invoice-lookup = Tra cứu tại { $url } với mã { $code }
mail-partner_flight_moved-subject = Chuyến bay của khách đổi giờ: chuyến đón của bạn đã dời giờ
mail-partner_flight_moved-body = Giờ hạ cánh của chuyến bay của khách đã thay đổi; chuyến đón bạn đã nhận dời sang thời gian mới dưới đây và vẫn là của bạn. Nếu không còn phù hợp, bạn có thể trả lại chuyến trên trang chuyến trước khi xuất phát.
mail-partner_job_changed-subject = Khách đã thay đổi chuyến của bạn
mail-partner_job_changed-body = Khách đã thay đổi chuyến bạn đã nhận; chuyến vẫn là của bạn, vào thời gian mới dưới đây. Nếu không còn phù hợp, bạn có thể trả lại chuyến trên trang chuyến trước khi xuất phát.
mail-partner_job_offered-subject = Có chuyến mới cho bạn: hãy trả lời sớm
mail-partner_job_offered-body = Một chuyến đang được giao cho bạn. Mở ra để nhận hoặc từ chối trước khi hết thời gian trả lời.
mail-partner_job_taken_back-subject = Một chuyến của bạn đã được thu hồi
mail-partner_job_taken_back-body = Điều phối viên đã thu hồi chuyến dưới đây; chuyến không còn là của bạn và bạn không cần đi. Hãy gọi cho chúng tôi nếu có thắc mắc.
mail-partner_job_withdrawn-subject = Một chuyến không còn là của bạn
mail-partner_job_withdrawn-body = Khách đã dời chuyến bạn đã nhận sang giờ bạn có chuyến khác, nên chuyến đã trở lại cho điều phối viên. Bạn không cần làm gì thêm.

# The notices on this device (Web Push), and the kinds of notice a person wants there.
notices-title = Thông báo trên điện thoại và trình duyệt
notices-lead = Thay đổi của đơn hàng, chuyến, người phục vụ xuất phát hay đã đến, trả lời của bộ phận hỗ trợ và lời nhắc lịch đến ngay thiết bị này. Email vẫn được gửi như trước.
notices-lead-partner = Chuyến mới giao cho bạn (báo ngay, bất kể giờ nào) và lời nhắc các chuyến bạn đã nhận (tối hôm trước và trước giờ xuất phát) đến thiết bị này. Email vẫn được gửi như trước.
notices-device-on = Thiết bị này nhận thông báo
notices-device-off = Thiết bị này không nhận thông báo
notices-turn-on = Bật thông báo
notices-turn-off = Tắt trên thiết bị này
notices-denied = Trình duyệt đang chặn thông báo của trang này: hãy cho phép trong cài đặt trang của trình duyệt rồi thử lại.
notices-unsupported = Trình duyệt này không nhận được thông báo; hãy thêm trang vào màn hình chính hoặc dùng trình duyệt khác.
notices-kinds = Nhận thông báo về
notices-kind-orders = Đơn hàng (thanh toán, xác nhận, hủy, hoàn tiền)
notices-kind-progress = Người phục vụ xuất phát và đã đến
notices-kind-support = Trả lời của bộ phận hỗ trợ
notices-kind-reminders = Lời nhắc lịch
notices-kind-offers = Chuyến mới giao cho tôi (luôn báo ngay, kể cả ban đêm)
notices-saved = Đã lưu lựa chọn thông báo

terms-title = Điều khoản dịch vụ
privacy-title = Chính sách quyền riêng tư
refund-title = Chính sách hoàn tiền
about-title = Về chúng tôi

## terms

terms-lead = Khi đặt dịch vụ trên trang web này, bạn đồng ý với các điều khoản dưới đây. Vui lòng đọc kỹ trước khi đặt.
terms-1 = 1. Nội dung dịch vụ
terms-1-1 = Trang web này nhận đặt trực tuyến dịch vụ đưa đón sân bay, thuê xe có tài xế, hướng dẫn viên nói tiếng Trung và massage tại khách sạn ở Việt Nam. Dịch vụ do tài xế, hướng dẫn viên và kỹ thuật viên do công ty sắp xếp thực hiện, với nội dung như trang của từng gói mô tả.
terms-2 = 2. Tài khoản
terms-2-1 = Bạn đăng ký tài khoản bằng email, mật khẩu ít nhất 6 ký tự. Vui lòng cung cấp thông tin liên hệ chính xác và giữ kín mật khẩu; các đơn đặt và khoản thanh toán thực hiện bằng tài khoản của bạn được xem là do chính bạn thực hiện.
terms-3 = 3. Đặt dịch vụ và giá
terms-3-1 = Giá tính bằng đồng Việt Nam (VND), do hệ thống tính theo giá của gói, số trên trang xác nhận là số cuối cùng; phụ phí ban đêm, ghế trẻ em, điểm dừng thêm, giờ thêm… được liệt kê từng mục khi đặt.
terms-3-2 = Mọi thời gian dịch vụ đều theo giờ Việt Nam (UTC+7). Khi đón sân bay, vui lòng nhập đúng số hiệu chuyến bay để tài xế theo dõi chuyến bay; khi tiễn sân bay, vui lòng chừa đủ thời gian đón theo giờ cất cánh.
terms-4 = 4. Thanh toán
terms-4-1 = Bạn có thể trả bằng V-coin, chuyển khoản ngân hàng VietQR hoặc VNPay. Đơn phải được thanh toán trong thời hạn ghi trên trang xác nhận; đơn quá hạn chưa thanh toán sẽ tự động bị hủy, không mất phí.
terms-4-2 = Khi chuyển khoản, vui lòng ghi đúng nội dung chuyển khoản hiển thị trên trang; khoản tiền không khớp hoặc trả trùng sẽ được cộng vào ví V-coin của bạn.
terms-5 = 5. V-coin
terms-5-1 = 1 V-coin bằng 1 đồng, dùng để thanh toán đơn hàng; tiền hoàn khi hủy đơn đã thanh toán được trả về ví V-coin. V-coin không sinh lãi và không chuyển nhượng cho người khác.
terms-6 = 6. Những điều du khách cần phối hợp
terms-6-1 = Vui lòng có mặt đúng giờ tại điểm hẹn. Phí chờ vượt quá thời gian chờ miễn phí của gói được trả trực tiếp cho tài xế. Số hành khách và số kiện hành lý lớn không được vượt giới hạn của gói; nếu vượt, tài xế có quyền từ chối chở và việc xử lý theo chính sách hoàn tiền.
terms-7 = 7. Thay đổi, hủy và hoàn tiền
terms-7-1 = Việc hủy và hoàn tiền theo chính sách hoàn tiền của trang web này.
terms-8 = 8. Bất khả kháng
terms-8-1 = Khi dịch vụ không thể thực hiện vì thời tiết, hạn chế giao thông, chuyến bay bị hủy hoặc lý do khác không do lỗi của bên nào, công ty sẽ hỗ trợ đổi lịch; nếu không đổi được, số tiền đã trả được hoàn toàn bộ vào V-coin.
terms-9 = 9. Sửa đổi điều khoản và luật áp dụng
terms-9-1 = Công ty có thể sửa đổi các điều khoản này và công bố trên trang này; đơn đã thành lập áp dụng điều khoản tại thời điểm thành lập. Các điều khoản này được điều chỉnh bởi pháp luật nước Cộng hòa Xã hội Chủ nghĩa Việt Nam.

## privacy

privacy-lead = Chúng tôi chỉ thu thập dữ liệu cần thiết để cung cấp dịch vụ và chỉ dùng cho các mục đích nêu trong chính sách này.
privacy-1 = 1. Dữ liệu chúng tôi thu thập
privacy-1-1 = Tài khoản: email, tên hiển thị; mật khẩu được lưu ở dạng không thể khôi phục (argon2id), chúng tôi không đọc được.
privacy-1-2 = Liên hệ và đơn hàng: số điện thoại, tài khoản LINE/Zalo/WhatsApp, chuyến bay, khách sạn và số phòng, điểm đón, ghi chú, cùng ảnh khách sạn bạn tải lên khi đặt massage.
privacy-1-3 = Thanh toán: cách thanh toán, số tiền và mã giao dịch. Dữ liệu thẻ do VNPay xử lý; trang web này không tiếp nhận cũng không lưu số thẻ.
privacy-1-4 = Các cuộc trò chuyện với bộ phận chăm sóc khách hàng, và địa chỉ IP kết nối được ghi lại để chống lạm dụng và xác minh thanh toán.
privacy-2 = 2. Mục đích sử dụng
privacy-2-1 = Sắp xếp và cung cấp dịch vụ bạn đặt, liên hệ với bạn, gửi thông báo đơn hàng và biên nhận, xử lý thanh toán và hoàn tiền, phòng chống gian lận và lạm dụng, và tuân thủ nghĩa vụ pháp lý.
privacy-3 = 3. Chia sẻ với ai
privacy-3-1 = Chỉ những dữ liệu cần để thực hiện dịch vụ (tên, số điện thoại, tài khoản ứng dụng nhắn tin, chuyến bay và địa điểm) được cung cấp cho tài xế, hướng dẫn viên hoặc kỹ thuật viên phụ trách đơn của bạn; dữ liệu thanh toán được cung cấp cho VNPay và ngân hàng nhận tiền. Chúng tôi không bán dữ liệu của bạn.
privacy-4 = 4. Cookie và phân tích
privacy-4-1 = Thông tin đăng nhập được lưu trong cookie tên token, hiệu lực 7 ngày; giao diện được lưu trong cookie tên theme; ngôn ngữ bạn chọn được lưu trong cookie tên lang. Khi bạn thanh toán xong, chúng tôi ghi một sự kiện mua hàng (mã đơn, số tiền và gói) để thống kê và cải thiện dịch vụ.
privacy-5 = 5. Lưu trữ và quyền của bạn
privacy-5-1 = Hồ sơ đơn hàng và thanh toán được lưu theo quy định kế toán. Bạn có thể xem và sửa thông tin cá nhân bất cứ lúc nào trong trang thông tin thành viên; nếu muốn xuất dữ liệu hoặc xóa tài khoản, vui lòng liên hệ bộ phận chăm sóc khách hàng, chúng tôi sẽ xử lý sau khi xác minh danh tính.

## refund

refund-lead = Hủy trước giờ bắt đầu dịch vụ hơn { $freeHours } giờ: hoàn tiền toàn bộ.
refund-1 = 1. Hủy đơn đã thanh toán
refund-1-1 = Hủy trước giờ bắt đầu dịch vụ hơn { $freeHours } giờ: toàn bộ số tiền đã trả được hoàn vào ví V-coin.
refund-1-2 = Hủy trong vòng { $freeHours } giờ trước giờ bắt đầu: thu { $feePercent }% số tiền đã trả làm phí hủy (làm tròn theo nghìn đồng), phần còn lại hoàn vào ví V-coin.
refund-1-3 = Sau khi dịch vụ bắt đầu thì không tự hủy được; nếu tài xế, hướng dẫn viên hoặc kỹ thuật viên không đến, hoặc dịch vụ không được thực hiện, vui lòng liên hệ bộ phận chăm sóc khách hàng, sau khi xác nhận sẽ hoàn tiền toàn bộ.
refund-2 = 2. Đơn chưa thanh toán
refund-2-1 = Đơn chưa thanh toán có thể hủy bất cứ lúc nào, không mất phí; đơn quá hạn thanh toán sẽ tự động bị hủy.
refund-3 = 3. Cách hủy
refund-3-1 = Vào “Tài khoản thành viên › Đơn hàng của tôi”, mở đơn và chọn hủy. Trước khi gửi, trang sẽ hiện phí hủy và số tiền hoàn; hạn hủy miễn phí của mỗi đơn cũng được ghi trên trang đơn và biên nhận thanh toán.
refund-4 = 4. Cách hoàn tiền
refund-4-1 = Tiền hoàn được cộng ngay vào ví V-coin của bạn để dùng cho đơn sau. Nếu muốn nhận lại vào tài khoản đã dùng để trả, vui lòng liên hệ bộ phận chăm sóc khách hàng, nhân viên sẽ hoàn theo cách bạn đã thanh toán.
refund-4-2 = Khi số tiền chuyển khoản không khớp hoặc trả trùng, khoản tiền được tự động cộng vào ví V-coin của bạn, không bị mất.

free-until = Hủy miễn phí trước { $until } (giờ Việt Nam); sau đó phí hủy là { $feePercent }%.
free-passed = Đã quá hạn hủy miễn phí ({ $until }); hủy bây giờ sẽ mất phí { $feePercent }%.
terms = Hủy trước giờ bắt đầu dịch vụ hơn { $hours } giờ: hoàn toàn bộ vào ví V-coin. Sau đó đến trước giờ bắt đầu: thu { $feePercent }% số tiền đã trả làm phí hủy, phần còn lại hoàn vào ví V-coin. Sau khi dịch vụ đã bắt đầu thì không tự hủy được, vui lòng liên hệ bộ phận chăm sóc khách hàng.

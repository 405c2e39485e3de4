terms-title = Terms of service
privacy-title = Privacy policy
refund-title = Refund policy
about-title = About us

## terms

terms-lead = By booking on this site you agree to the terms below. Please read them before you book.
terms-1 = 1. The services
terms-1-1 = This site takes online bookings of airport transfers, cars with driver, Chinese-speaking guides and in-hotel massage in Vietnam. The services are delivered by drivers, guides and therapists whom the company arranges, as each plan's page describes.
terms-2 = 2. Your account
terms-2-1 = You sign up with your email and a password of at least 6 characters. Please give correct contact details and keep your password safe; bookings and payments made with your account are taken to be yours.
terms-3 = 3. Bookings and prices
terms-3-1 = Prices are in Vietnamese đồng (VND), calculated by our system from the plan's rates; the confirmation page is final. Surcharges such as night hours, child seats, extra stops and extra hours are listed line by line when you book.
terms-3-2 = All service times are Vietnam time (UTC+7). For arrivals, enter the right flight number so that the driver can follow the flight; for departures, leave enough time for the pick-up before the flight leaves.
terms-4 = 4. Payment
terms-4-1 = You can pay with V-coin, VietQR bank transfer or VNPay. An order must be paid within the deadline shown on the confirmation page; an order not paid by then is cancelled automatically at no cost.
terms-4-2 = For a bank transfer, enter the transfer reference shown on the page; an amount that does not match, or a payment made twice, goes into your V-coin wallet.
terms-5 = 5. V-coin
terms-5-1 = One V-coin is worth one đồng and pays for orders; refunds of cancelled paid orders go back to the V-coin wallet. V-coins earn no interest and cannot be transferred to anyone else.
terms-6 = 6. What we ask of travellers
terms-6-1 = Please be at the meeting point on time. Waiting beyond the free waiting time in the plan is paid to the driver on the spot. The number of passengers and large bags may not exceed the plan's limits; if they do, the driver may refuse the ride, and the refund policy applies.
terms-7 = 7. Changes, cancellations and refunds
terms-7-1 = Cancellations and refunds follow this site's refund policy.
terms-8 = 8. Force majeure
terms-8-1 = When a service cannot be delivered because of weather, traffic restrictions, a cancelled flight or another cause for which neither side is to blame, the company helps you move it; if it cannot be moved, what you paid goes back in full as V-coins.
terms-9 = 9. Changes to these terms and governing law
terms-9-1 = The company may change these terms and publishes the changes on this page; an order already made keeps the terms of the day it was made. These terms are governed by the law of the Socialist Republic of Vietnam.

## privacy

privacy-lead = We collect only the data we need to deliver the services, and use it only for the purposes in this policy.
privacy-1 = 1. What we collect
privacy-1-1 = Account: email and display name; your password is kept in a form that cannot be reversed (argon2id), so we cannot read it.
privacy-1-2 = Contact and orders: phone, LINE/Zalo/WhatsApp accounts, flights, hotel and room number, pick-up address, notes, and the hotel photos you upload for a massage.
privacy-1-3 = Payments: the method, amount and transaction number. Card data is handled by VNPay; this site never receives or keeps card numbers.
privacy-1-4 = Conversations with customer service, and the IP addresses of connections, kept to prevent abuse and to verify payments.
privacy-2 = 2. Why we use it
privacy-2-1 = To arrange and deliver the services you book, contact you, send order notices and receipts, handle payments and refunds, prevent fraud and abuse, and meet our legal duties.
privacy-3 = 3. Who receives it
privacy-3-1 = Only what is needed to deliver the service (name, phone, messaging accounts, flight and place) goes to the driver, guide or therapist in charge of your order; payment data goes to VNPay and the receiving bank. We do not sell your data.
privacy-4 = 4. Cookies and analytics
privacy-4-1 = Your sign-in is kept in a cookie named token for 7 days, your theme in a cookie named theme, and the language you chose in a cookie named lang. When you complete a payment we record a purchase event (order number, amount and plan) for statistics and to improve the service.
privacy-5 = 5. Keeping data and your rights
privacy-5-1 = Order and payment records are kept as accounting rules require. You can see and change your personal details on your profile page at any time; to export your data or delete your account, contact customer service and we will do it once we have checked who you are.

## refund

refund-lead = Cancel more than { $freeHours } hours before the service starts for a full refund.
refund-1 = 1. Cancelling a paid order
refund-1-1 = More than { $freeHours } hours before the service starts: everything you paid goes back to your V-coin wallet.
refund-1-2 = Within { $freeHours } hours of the start: { $feePercent }% of what you paid is kept as a cancellation fee (in whole thousands of đồng), and the rest goes back to your V-coin wallet.
refund-1-3 = Once the service has started you cannot cancel it yourself. If the driver, guide or therapist does not come, or the service is not delivered, contact customer service; once confirmed, you get a full refund.
refund-2 = 2. Unpaid orders
refund-2-1 = An unpaid order can be cancelled at any time at no cost; an order not paid by its deadline is cancelled automatically.
refund-3 = 3. How to cancel
refund-3-1 = Go to “Member area › My orders”, open the order and choose to cancel. Before you confirm, the page shows the fee and the refund; each order's free cancellation deadline is also on the order's page and the payment receipt.
refund-4 = 4. How refunds are paid
refund-4-1 = Refunds go into your V-coin wallet at once, ready for your next order. To have money returned to the account you paid from, contact customer service and our staff will return it the way you paid.
refund-4-2 = If a bank transfer's amount does not match, or you pay twice, the money goes into your V-coin wallet automatically and is never lost.

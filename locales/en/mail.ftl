# The words of the mails (English). A mail goes out in its recipient's chosen language.

mail-brand = Vietnam Travel Booking
mail-subject = { $subject } — Vietnam Travel Booking
mail-greeting = Hello,
mail-link_fallback = If the button does not work, copy this address into your browser:
mail-span-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
mail-span-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
mail-span-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
mail-external_account = another account
mail-not_you = If this was not you, reset your password now and contact support.

mail-verify-subject = Please verify your e-mail address
mail-verify-thanks = Thank you for signing up to Vietnam Travel Booking.
mail-verify-body = Press the button below to verify your e-mail address. The link works for { $span } and only once.
mail-verify-ignore = If you did not sign up, ignore this mail.
mail-verify-button = Verify e-mail address

mail-reset-subject = Reset your password
mail-reset-asked = We were asked to reset your account's password.
mail-reset-body = Press the button below to choose a new password. The link works for { $span } and only once.
mail-reset-ignore = If you did not ask, ignore this mail; your password stays as it is.
mail-reset-button = Reset password

mail-invite-subject = You are invited to the operators' console
mail-invite-created = An administrator made you an operator's account; you sign in with the address this mail came to.
mail-invite-body = Press the button below to set a password (at least { $min } characters). The link works for { $span } and only once.
mail-invite-expired = If the link has run out, ask the administrator to invite you again.
mail-invite-button = Set password
mail-partner_invite-subject = You are invited as a service partner
mail-partner_invite-created = An admin made you a partner account, to see and take jobs in the partner app; you sign in with the address this mail came to.

mail-unknown-subject = A password reset request
mail-unknown-asked = We were asked to reset the password for this address, but no account uses it.
mail-unknown-hint = If it was you, use the address you signed up with, or sign up with this one.
mail-unknown-ignore = If you did not ask, ignore this mail.
mail-unknown-button = Sign up

mail-email_changed-subject = Your sign-in address has changed
mail-email_changed-body = Your account's sign-in address was just changed to another one; notices now go there.

mail-linked-subject = A new way to sign in was linked to your account
mail-linked-body = You can now sign in with { $provider }.
mail-linked-not_you = If this was not you, unlink it in your profile now and contact support.
mail-linked-button = View profile

mail-unlinked-subject = A way to sign in was removed from your account
mail-unlinked-body = You can no longer sign in with { $provider }.

mail-password_set-subject = Your account has a password
mail-password_set-body = Your account now has a password; you can also sign in with your e-mail address and password.

mail-order-subject = Your order has news
mail-order-body = Your order has news; see it in the member area.
mail-order-button = View order
mail-order-id = Order: { $order } ({ $plan })
mail-order-start = Time: { $start } (Vietnam time)
mail-order-total = Amount: { $total }
mail-order-place = Place: { $place }
mail-order-room = { $place } (room { $room })
mail-order-flight = Flight: { $flight }
mail-order-policy = Cancellation: free until { $deadline } (Vietnam time); after that, a { $percent }% fee.
mail-order-calendar = Order { $order }

mail-paid-subject = Payment received, your order is placed
mail-paid-thanks = We have received your payment. Thank you.
mail-paid-next = Once we confirm it, we will mail you your driver's or therapist's details.

mail-confirmed-subject = Your order is confirmed
mail-confirmed-body = Your order is confirmed.
mail-confirmed-driver = Driver / guide: { $name }, phone { $phone }
mail-confirmed-plate = Plate: { $plate }
mail-confirmed-therapist = Therapist: { $name }

mail-flight_moved-subject = Your flight's time changed: your pick-up moved with it
mail-flight_moved-body = The airline's latest information changed your flight's landing time. Your driver will meet you at arrivals at the new time below; there is nothing you need to do.
mail-cancelled-subject = Your order is cancelled
mail-cancelled-body = Your order is cancelled; an unpaid order is not charged.

mail-refunded-subject = Your order is cancelled and refunded
mail-refunded-body = Your order is cancelled; the refund is in your v-coin wallet.
mail-refunded-amounts = Refunded { $refund }, fee { $fee }.

mail-on_the_way-subject = Your partner is on the way
mail-on_the_way-body = { $name } has set off to meet you.
mail-arrived-subject = Your partner has arrived
mail-arrived-body = { $name } is at the meeting point, waiting for you.
mail-partner-someone = Your partner
mail-reminder_tomorrow-subject = Your booking is tomorrow
mail-reminder_tomorrow-body = A reminder: the service you booked is tomorrow.
mail-reminder_soon-subject = Your service starts soon
mail-reminder_soon-body = A reminder: the service you booked starts soon. Please be at the meeting point on time.
mail-reminder-nobody_yet = We are arranging who will serve you and will tell you as soon as it is settled.
mail-partner_reminder_tomorrow-subject = Your job tomorrow
mail-partner_reminder_tomorrow-body = A reminder: you have a job tomorrow that you accepted.
mail-partner_reminder_soon-subject = Your job starts soon
mail-partner_reminder_soon-body = A reminder: the job you accepted starts soon. Please set off on time.
mail-job-button = View job
mail-unassigned-subject = Nobody has this service yet
mail-unassigned-body = This service starts within a day and no driver, guide or therapist has taken it yet.
mail-support_reply-subject = Customer service answered you
mail-review_hidden-subject = Your review is hidden
mail-review_hidden-body = Your review of this order no longer shows on the plan's page.
mail-review_hidden-reason = Reason: { $reason }
mail-review_hidden-help = If you have questions, contact support in the member area.
mail-invoice-subject = Your e-invoice
mail-invoice-body = The e-invoice for your order is issued.
mail-invoice-adjusted = Your order's amount changed: an adjustment of its e-invoice is issued.
mail-invoice-number = Invoice number: { $number }
mail-invoice-lookup = Look it up at { $url } with the code { $code }
mail-partner_flight_moved-subject = The traveller's flight changed time: your pick-up moved
mail-partner_flight_moved-body = The traveller's flight lands at another time; the pick-up you accepted moved to the new time below and is still yours. If it no longer fits your day, you can give it back from the job's page before you set off.
mail-partner_job_changed-subject = The traveller changed your job
mail-partner_job_changed-body = The traveller changed the job you accepted; it is still yours, at its new time below. If it no longer fits your day, you can give it back from the job's page before you set off.
mail-partner_job_offered-subject = A new job for you: answer soon
mail-partner_job_offered-body = A job is offered to you. Open it to accept or decline before its time to answer runs out.
mail-partner_job_taken_back-subject = A job was taken back from you
mail-partner_job_taken_back-body = Our operators took back the job below; it is no longer yours and you need not go. Call us if this is a surprise.
mail-partner_job_withdrawn-subject = A job is no longer yours
mail-partner_job_withdrawn-body = The traveller moved the job you accepted to a time when you have another job, so it has gone back to our operators. Nothing more is needed from you.

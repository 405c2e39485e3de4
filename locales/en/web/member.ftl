header-unread =
    { $n ->
        [one] { $n } unread reply from customer service
       *[other] { $n } unread replies from customer service
    }
header-partner-app = Partner app
header-console = Console
nav-home = Member home
nav-orders = My orders
nav-user-info = My details
nav-v-coin = V-coin wallet
nav-support = Customer service
order-title = Order { $id }
voucher-offline = You are offline: this is the voucher as you last opened it.
voucher-show = Show voucher
voucher-hide = Hide voucher
voucher-calendar = Add to calendar (.ics)
voucher-number = Order number
voucher-qr-alt = QR code of order { $id }
voucher-plan = Plan
voucher-time = Service time
voucher-vietnam = { $time } (Vietnam time)
voucher-flight = Flight
voucher-place = Place
voucher-traveller = Traveller
voucher-calendar-name = Vietnam Travel Booking
voucher-calendar-text =
    Order number { $id }
    { $link }
home-next-order = Your next trip
home-no-upcoming = You have no upcoming trips.
home-book = Start booking
home-balance = V-coin balance
home-top-up = Top up
home-unread = Customer service replies
home-open-support = Go to customer service
home-all-orders = See all orders
orders-tabs-all = All
orders-tabs-unpaid = Awaiting payment
orders-tabs-upcoming = Upcoming
orders-tabs-done = Completed
orders-tabs-closed = Cancelled
orders-empty = No orders here yet.
orders-view = View
orders-pay = Pay
orders-service-at = Service time
orders-back = ← Back to my orders
orders-not-found = This order cannot be found.
orders-timeline = Order progress
orders-actors-customer = You
orders-actors-system = System
orders-actors-operator = Customer service
orders-actors-partner = Your service partner
orders-reasons-created = Order created
orders-reasons-submitted = Details complete, awaiting payment
orders-reasons-unpaid = Not paid in time
orders-reasons-confirmed = Confirmed by customer service
orders-reasons-completed = Service completed
orders-reasons-cancelled = Order cancelled
orders-reasons-released = Your service partner changed: we are arranging another
orders-reasons-flight_moved = Your flight lands at another time: your pick-up moved with it
orders-paid-by-vcoin = Paid with V-coin
orders-paid-by-vietqr = Paid by bank transfer
orders-paid-by-vnpay = Paid with VNPay
orders-paid-by-dev = Test payment
orders-assigned-driver = Driver assigned
orders-assigned-therapist = Therapist assigned
orders-progress-on-the-way = Your partner has set off to meet you
orders-progress-arrived = Your partner is at the meeting point, waiting for you
orders-progress-started = In service
orders-progress-no-show = Your partner waited at the meeting point but could not find you
orders-talk-title = Talk to your partner
orders-talk-empty = No messages yet. Tap a quick reply: the other side reads it in their language.
orders-talk-closed = The conversation closed a day after the service
orders-talk-quick = Quick replies (the other side reads them in their language)
orders-talk-label = Write a message
orders-talk-send = Send
orders-talk-them = Your partner
orders-talk-you = You
orders-talk-written-in = Written in { $language }
orders-where-m = { NUMBER($m, maximumFractionDigits: 0) } m
orders-where-km = { NUMBER($km, maximumFractionDigits: 1) } km
orders-where-from-airport = About { $distance } from the airport's arrivals hall
orders-where-from-you = About { $distance } from you
orders-where-eta =
    { $minutes ->
        [one] Expected in { $minutes } minute
       *[other] Expected in { $minutes } minutes
    }
orders-where-fresh =
    { $seconds ->
        [one] Position from { $seconds } second ago
       *[other] Position from { $seconds } seconds ago
    }
orders-where-fresh-minutes =
    { $minutes ->
        [one] Position from { $minutes } minute ago
       *[other] Position from { $minutes } minutes ago
    }
orders-where-map = See the position on a map
orders-where-map-label = A map of where your partner is now and the meeting point
orders-where-partner-here = Your partner is here
orders-where-meeting-here = Meeting point
orders-where-near-me = Estimate the distance from where I am
orders-where-near-refused = Your position could not be read: allow location in your browser
orders-service-title = Service details
orders-contact-title = Contact details
orders-driver-title = Your driver
orders-guide-title = Your guide
orders-driver-pending = Once the order is confirmed, the driver's name, phone and number plate appear here.
orders-driver-name = Name
orders-driver-phone = Phone
orders-plate = Number plate
orders-therapist-title = Therapist
orders-pay-by = Please pay by { $time } (Vietnam time)
orders-cancel = Cancel order
orders-cancel-free = Free cancellation until { $time } (Vietnam time).
orders-cancel-unpaid = This order is not paid yet; cancelling it costs nothing.
orders-cancel-quote = Paid { $paid }; the fee is { $fee }, and { $refund } goes back to your V-coin wallet.
orders-cancel-ask = Cancel this order?
orders-cancel-keep = Keep the order
orders-cancel-do = Cancel it
orders-book-again = Book again
orders-ask-support = Ask customer service
orders-created-at = Ordered at
support-closed = Customer service closed this conversation at { $at }. If you have more questions, just write and it opens again.
support-lead = A question about an order or a payment? Start a conversation and our staff will answer you here.
support-threads-title = My conversations
support-no-threads = No conversations yet.
support-new-title = New conversation
support-subject = Subject (optional)
support-about = Order concerned (optional)
support-no-order = No particular order
support-body = Message
support-body-hint = Up to { $n } characters
support-body-required = Please write a message
support-send = Send
support-open = Start the conversation
support-reply = Reply
support-you = You
support-staff = Customer service: { $name }
support-unread =
    { $n ->
        [one] { $n } new reply
       *[other] { $n } new replies
    }
support-back = ← Back to customer service
support-messages =
    { $n ->
        [one] { $n } message
       *[other] { $n } messages
    }
support-channels-title = Other ways to reach us
support-about-lead = Vietnam Travel Booking offers travellers airport transfers, cars with driver, Chinese-speaking guides and in-hotel massage, booked online and paid in Vietnamese đồng, delivered by local drivers, guides and therapists whom we arrange.
support-company = Company name
support-company-address = Company address
support-company-registration = Business registration number
support-hours = Opening hours
support-channels-line = LINE
support-channels-zalo = Zalo
support-channels-whatsapp = WhatsApp
support-channels-phone = Phone
support-channels-email = Email
support-order = Order { $id }
support-view-order = See the order →
home-greeting-named = Hello, { $name }
home-greeting = Hello
home-unread-count =
    { $n ->
        [0] No unread replies
        [one] { $n } unread reply
       *[other] { $n } unread replies
    }
orders-refunded =
    { $by ->
        [staff] Cancelled by customer service
       *[customer] Cancelled by the customer
    }{ $said }; fee { $fee }, refunded { $refund }
orders-refunded-said = { " " }({ $said })
orders-cancelled-refunded = Order cancelled; { $refund } went back to your V-coin wallet
orders-cancelled = Order cancelled
invite-title = Invite friends
invite-lead = When a friend you invite completes their first trip, you get { $referrer } and they get { $referred } in V-coins.
invite-link = Your invitation link
invite-copy = Copy the link
invite-copied = Copied
invite-standing = { $invited ->
    [0] Nobody has come by your link yet.
    [one] One friend came by your link; { $rewarded } completed a first trip.
   *[other] { $invited } friends came by your link; { $rewarded } completed a first trip.
}
invite-claimed = Welcome! You will get { $amount } in V-coins once your first trip is completed.
tip-title = Tip your driver or therapist
tip-lead = All of it goes to them. You can tip until { $until }.
tip-amount = Tip (đồng)
tip-hint = { $min } to { $max }, in thousands
tip-submit = Give the tip
tip-given = You tipped { $amount }. Thank you!
orders-cancel-refund = Paid { $paid }; the fee is { $fee }, and { $refund } will be refunded.
orders-cancelled-source = Order cancelled; { $refund } goes back to how you paid
refund-choose = Refund to
refund-to-wallet = Your V-coin wallet, at once
refund-to-source = How you paid
refund-source-vnpay = VNPay: we ask VNPay to return it to your card or account, usually within 3 to 7 working days.
refund-source-bank = Bank transfer: our staff transfer it to your account; please give the account.
refund-source-wallet = What you paid in V-coin goes back to your V-coin wallet.
refund-account-bank = Bank
refund-account-number = Account number
refund-account-holder = Account holder
refund-title = Your refund
refund-route-wallet = V-coin wallet
refund-route-vnpay = VNPay
refund-route-bank = Bank transfer { $bank } { $number }
refund-pending-vnpay = Asked of VNPay, in progress
refund-pending-bank = Our staff will transfer it to your account
refund-done = Refunded { $at }
refund-done-bank = Transferred { $at }, bank reference { $ref }
refund-failed = VNPay could not refund it; our staff are on it
refund-done-vnpay = Accepted by VNPay { $at }; it goes back to your card or account
amend-title = Change this booking
amend-until = You can change its time and details until { $time } (Vietnam time).
amend-open = Change the time or details
amend-start = Time of service (Vietnam time)
amend-flight = Flight number
amend-address = Hotel name or address
amend-passengers = Passengers
amend-child-seats = Child seats
amend-more = Was { $before }, now { $after }: { $amount } more.
amend-less = Was { $before }, now { $after }: { $amount } goes back to you.
amend-same = The price stays the same.
amend-submit = Confirm the change
amend-keep = Keep it as it is
amend-done = Booking changed
amend-top-up = Top up your V-coin wallet
orders-changed = Changed; price { $before } → { $after }
amend-pay-by = How to pay the difference
amend-waiting = Your booking changes as soon as the payment arrives.
amend-lapsed = Your booking had changed in the meantime, so the money went into your V-coin wallet.
tip-pay-by = How to pay the tip
tip-waiting = The tip is theirs as soon as the payment arrives.
tip-returned = The tip could no longer be given, so the money went into your V-coin wallet.
invoice-title = E-invoice
invoice-company = Made out to { $name } (tax code { $taxCode })
invoice-original = Invoice
invoice-increase = Adjustment up
invoice-decrease = Adjustment down
invoice-issued = No. { $number }, issued { $at }
invoice-lookup = Lookup code: { $code }
invoice-lookup-link = Look it up
invoice-pending = Being issued; it will be mailed to you
invoice-failed = Delayed; our staff are on it

# What the server says to people, in English. The same messages as zh-TW/server.ftl, with the
# same values.

bank-ref_required = Enter the bank's transaction reference
bank-reference_required = The transfer notice has no transaction reference

category-charter = Car with driver
category-charter-about = Your own car and driver, for the city or a trip between cities, on your schedule.
category-dragon_massage = Dragon Massage
category-dragon_massage-about = Professional therapists come to your hotel room.
category-escort = Escort and guide
category-escort-about = Chinese-speaking escorts and local guides for shopping, food and business meetings.
category-shuttle = Airport shuttle
category-shuttle-about = A car waits when you land and takes you straight to your hotel, or to your flight on time.

catalog-airport = A shuttle plan serves one airport
catalog-category = Unknown plan category
catalog-content_items = At most { $max } { $max ->
        [one] item
       *[other] items
    }
catalog-city = Unknown city code { $city } (use hcm, han, dad or nha)
catalog-image_path = An image must be a path on this site, such as the /media/catalog/… an upload gives
catalog-images_max = At most { $max } { $max ->
        [one] photo
       *[other] photos
    } a plan
catalog-language = A language code is zh, en or vi
catalog-airport_city = A shuttle plan's city is its airport's city ({ $city })
catalog-empty = The file has no plans and no therapists
catalog-plan_id = A plan id has lowercase letters, digits and single hyphens, 64 characters at most
catalog-pricing-booking_window = The booking window must be longer than the shortest notice
catalog-pricing-payout = A partner's share must be 0–100% and a fixed payout 0–1,000,000,000 ₫
catalog-pricing-payout_kind = Give a partner payout either as a share or as a fixed sum, not both
catalog-pricing-extra_person = An extra person costs at most 100% of the price
catalog-pricing-extra_person_kind = An extra person's charge is either an amount or a percentage
catalog-pricing-max_extra_hours = Set when extra hours are sold, and only then
catalog-pricing-max_extra_stops = Set when extra stops are sold, and only then
catalog-pricing-max_people = At least the people included, and at least 1
catalog-pricing-night = The night window needs a length, and its surcharge is 100% at most
catalog-pricing-one_rate = At least one rate is needed
catalog-pricing-price_range = A price is between 0 and 1,000,000,000 VND
catalog-pricing-rate_minutes = Every rate needs its length in minutes
catalog-pricing-rate_min = Every length costs at least { $min }
catalog-pricing-rate_order = Lengths go from short to long, and a longer one may not cost less
catalog-pricing-transfer_rate = A shuttle plan has one rate, of 0 minutes
catalog-seats = At least one seat is needed
catalog-translation_language = A translation is vi or en (Traditional Chinese goes in the entry's own fields); { $language } is neither
catalog-toml = The catalogue file cannot be read: { $detail }
catalog-vehicle = Shuttle and charter plans have a vehicle; the others do not

charter-pickup_required = Enter the pick-up point

choice-required = Choose one of the options

contact-name_required = Enter the contact's name

driver-name_required = Enter the driver's name
driver-plate_required = Enter the number plate

escort-meeting_point_required = Enter the meeting point

federation-assertion = The identity provider's answer cannot be used; please try again
federation-expired = The sign-in timed out; choose how to sign in again
federation-has_password = This account has a password already; change it instead
federation-last_way_in = This is your only way to sign in; set a password or link another account before removing it
federation-linked_elsewhere = This account is linked to another member's account
federation-password_needed = This email has an account already; enter its password to link them
federation-provider_taken = Your account is linked to another account of this sign-in method
federation-retry = A sign-in is in progress; please try again
federation-staff = Staff sign in with their password
federation-state = The sign-in timed out or did not start in this browser; choose how to sign in again

favorites-max = At most { $max } favourite { $max ->
        [one] therapist
       *[other] therapists
    }
favorites-unknown = No therapist { $id }

idempotency_key-format = An idempotency key is 1 to 128 visible ASCII characters

live-too_many = One account may keep at most { $max } live { $max ->
        [one] page
       *[other] pages
    } open at once; close some tabs
live-too_many_followed = One live page may follow the partners of at most { $max } { $max ->
        [one] order
       *[other] orders
    }

massage-duration_required = Choose how long the massage lasts
massage-hotel_address_required = Enter the hotel's address
massage-hotel_name_required = Enter the hotel's name
massage-room_required = Enter the room number
massage-start_required = Choose a start time

ledger-order_closed = The order can no longer be paid; moved to v-coin
ledger-order_payment = Payment of order { $order }
ledger-refund = Refund of cancelled order { $order }
ledger-gift = Gift code { $code }
ledger-expiry = Credit expired
ledger-referral_by = Thank you: a friend you invited made their first trip
ledger-referral_new = Welcome: credit for coming by a friend's invitation
ledger-tip = Tip for order { $order }
ledger-top_up = Top-up
ledger-top_up_differs = Top-up (the amount differs from the request)
ledger-transfer_mismatch = The transfer did not match the order; moved to v-coin

line-charter-hours = Charter, { $hours } { $hours ->
        [one] hour
       *[other] hours
    } (per car)
line-charter-minutes = Charter, { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } (per car)
line-child_seats = Child seat (each)
line-escort-hours = Escort, { $hours } { $hours ->
        [one] hour
       *[other] hours
    }
line-escort-minutes = Escort, { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }
line-extra_hours = Extra hour (each)
line-extra_person = Extra person (each)
line-extra_stops = Extra stop (each)
line-extra_therapist = Extra therapist (each)
line-massage-hours = Massage, { $hours } { $hours ->
        [one] hour
       *[other] hours
    }
line-massage-minutes = Massage, { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }
line-night = Night surcharge { $percent }%
line-season = Peak-season surcharge { $percent }%
line-season_fixed = Peak-season surcharge
line-promo = Promo code { $code }
line-shuttle = One-way transfer (per car)

media-file_size = Each photo is { $mb } MB at most
media-files_max = At most { $max } { $max ->
        [one] photo
       *[other] photos
    } at a time
media-format = Only JPEG, PNG or WebP photos
media-key = Not an image's storage key
media-none = Choose the photos to upload
media-not_an_image = This is not a JPEG, PNG or WebP image
media-on_order = This photo is on an order; remove it from the order first
media-per_order = At most { $max } { $max ->
        [one] photo
       *[other] photos
    } an order
media-pixels = The photo is too large: { $ten_thousands } × 10,000 pixels at most
media-unknown = This photo is not there; upload it again
media-unreadable = This photo cannot be read; try another

money-received_range = The amount is between { $min } and { $max }

option-child_seat = Child seat (each)
option-chinese_speaking_driver = Chinese-speaking driver
option-chinese_speaking_guide = Chinese-speaking guide
option-extra_hour = One more hour
option-extra_person = Extra person (each)
option-extra_person_over = Each person over { $people }
option-extra_stop = One more stop
option-extra_therapist = Extra therapist (each)
option-night = Night surcharge { $percent }% ({ $from }–{ $until })

order-action-assign_driver = assign a driver
order-action-assign_therapist = assign a therapist
order-action-release = take the partner off
order-action-cancel = cancel
order-action-complete = complete
order-action-confirm = confirm
order-action-expire = expire
order-action-pay = pay
order-action-refund = refund
order-action-revise = change
order-action-promo = use a promo code
order-actor-unknown = Unknown actor: { $code }
order-already_paid = The order is paid already
order-child_seats_passengers = No more child seats than passengers
order-contact_first = Fill in the contact details first
order-details_category = The service details do not match the plan's category
order-details_required = Fill in the service details
order-driver_language = Choose the driver's language
order-driver_not_massage = A massage order gets a therapist, not a driver
order-horizon = Book within the next { $days } { $days ->
        [one] day
       *[other] days
    }
order-lapsed = The order lapsed unpaid; please book again
order-lead_time = Book a time at least { $hours } { $hours ->
        [one] hour
       *[other] hours
    } from now (Vietnam time)
order-no_favourites = You have no favourite therapists yet; tap the heart on a therapist's card
order-not_sold = This plan is no longer sold
order-nothing_to_pay = This order comes to VND 0 and cannot be paid; please contact customer service
order-not_served = The service time { $start } (Vietnam time) has not come yet; it can be completed or reviewed once the service has started
order-driver_is_partner = A partner accepted this job: take it back from them on the job before typing in another driver
order-payment_open = Payment of this order has begun, so its service and amount can no longer change; to change them, cancel and book again
order-people_max = This plan takes at most { $max } { $max ->
        [one] person
       *[other] people
    }
order-people_min = At least 1 person
order-stale = The order was just updated; reload and try again
order-note_required = Enter a note
order-changed = Someone else just updated this order; look at it again before acting
order-started = The service has started and cannot be cancelled; please contact customer service
order-state-cancelled = cancelled
order-state-completed = completed
order-state-confirmed = confirmed
order-state-draft = being filled in
order-state-expired = expired
order-state-paid = paid
order-state-pending_payment = awaiting payment
order-state-refunded = refunded
order-state-unknown = Unknown order state: { $code }
grpc-unknown_service = No such service
order-group_unknown = Unknown order group: { $code }
order-state_forbids = The order is { $state } and cannot { $action }
order-therapist_massage_only = Only a massage order gets a therapist
order-therapist_off = This therapist does not work at that time; choose another time or therapist
order-therapist_required = Choose a therapist
order-therapist_taken = This therapist is booked at that time; choose another time or therapist
order-therapist_unknown = No such therapist
order-unpaid_massage_max = You have { $count } unpaid massage { $count ->
        [one] order
       *[other] orders
    }; pay or cancel before booking again
order-unpaid_max = You have { $count } unpaid { $count ->
        [one] order
       *[other] orders
    }; pay or cancel before booking again
order-unpaid_too_many = Too many unpaid orders

page-size_max = At most { $max } { $max ->
        [one] item
       *[other] items
    }
page-token = This is not a page token of this list

payment-key_required = A payment request needs an Idempotency-Key
payment-method-dev = Test payment
payment-method-vcoin = v-coin
payment-method-vietqr = Bank transfer (VietQR)
payment-method-vnpay = VNPay
payment-method_required = Choose a payment method
payment-method_unavailable = This payment method is not available now
payment-state-unknown = Unknown payment state: { $code }

phone-country_code = Enter a valid country code, such as +84
phone-number = Enter a valid phone number

pricing-duration = This plan has no such length; choose again
pricing-extra_hours_max = This plan adds at most { $max } { $max ->
        [one] hour
       *[other] hours
    }
pricing-extra_stops_max = This plan adds at most { $max } { $max ->
        [one] stop
       *[other] stops
    }
pricing-no_child_seats = This plan has no child seats

profile-handle = Enter a handle of at most { $max } { $max ->
        [one] character
       *[other] characters
    }, without spaces
profile-language = Choose zh-TW, en or vi
profile-name = Enter a name of 1 to { $max } characters

refund-range = A refund is between { $min } and the { $paid } paid
refund-reason_required = Say why the refund differs from the policy

request-body_too_large = The request is too large
request-malformed = The request could not be read: check its format
request-in_progress = The same request is being handled
request-key_reused = This Idempotency-Key was used for another request
request-repeated = A repeated request

request_id-format = A request id is 1 to 64 visible ASCII characters

review-anonymous = Traveller
review-edit_closed = A review can be changed for { $days } { $days ->
        [one] day
       *[other] days
    } after it is written
review-hidden = This review is hidden and cannot be changed
review-not_completed = A review comes after the service is completed
review-rating = Give 1 to 5 stars
review-reason_required = Write why it is hidden; we tell the customer

service-unavailable = The service is unavailable for a moment; please try again later

shuttle-address_required = Enter the hotel's name or address
shuttle-flight_number = Enter a valid flight number, such as VN123
shuttle-flight_unknown = We cannot find flight { $flight } landing at { $airport } at that time: check the flight number and the landing time on your ticket
shuttle-departure_required = Enter the flight's departure time
shuttle-pickup_too_late = The pick-up is at least { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } before the flight leaves
shuttle-pickup_too_early = The pick-up is at most 12 hours before the flight leaves
shuttle-luggage_max = This vehicle takes at most { $max } large { $max ->
        [one] bag
       *[other] bags
    }

staff-email_by_admin = A staff member's sign-in email is changed by an admin in the console
staff-email_is_customer = { $email } is a customer account's email. Staff and customer accounts are separate: invite with another address (a work email, say), or ask them to change their customer account's email in the member area first
staff-email_max = A staff email has at most { $max } { $max ->
        [one] character
       *[other] characters
    }
staff-key_name = Name the key
staff-name_required = Enter the operator's name
staff-only = Only staff may do this
staff-admin_only = Only an admin may do this
backup-running = A backup is being taken now; try again when it is done
backup-none_here = This node takes no backups: its PostgreSQL database is backed up by the database server (see the deployment guide)
staff-not_self = You cannot change your own role or disable your own account
staff-role = Choose operator or admin
staff-password_min = A staff password has at least { $min } { $min ->
        [one] character
       *[other] characters
    }

support-hours = Every day { $from }–{ $until } (Vietnam time)
support-author = Unknown sender: { $code }
support-body_required = Enter a message
support-order_unknown = No such order
support-order_subject = Order { $order }
support-thread_full = This conversation has { $max } { $max ->
        [one] message
       *[other] messages
    }; please start a new one
support-throttled = Too many messages; try again in { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } or use another channel

text-as_is = { $text }
text-refused_characters = Control characters and text-direction controls are not allowed
text-required = Required
text-too_long = At most { $max } { $max ->
        [one] character
       *[other] characters
    }

therapist-duration = A length is between 1 and 480 minutes
therapist-gender = Choose female or male
therapist-hours_day = Unknown day of the week: { $day }
therapist-hours_time = Write times as HH:MM
therapist-id = A therapist id has lowercase letters, digits and hyphens
therapist-language = Unknown language code: { $language } (use { $codes })
therapist-name_required = Enter the therapist's name
therapist-rating = A rating is between 0 and 50 (tenths of a star)
therapist-skills = At most 12 skills
therapist-shifts = Every shift has days, and a start and an end that differ

time-local = Enter a valid date and time (Vietnam time)

user-id = Not an account id

vietqr-account = An account number has 1 to 19 letters or digits
vietqr-amount = The amount is more than 0
vietqr-bin = A bank code has 6 digits
vietqr-field_length = The QR field { $id } is longer than 99 characters
vietqr-memo = A transfer memo has ASCII characters only

vnpay-signature = The payment result's signature does not match

wallet-adjustment_range = An adjustment is not zero and at most { $max }
wallet-adjustment_reason = Say why the balance is adjusted
wallet-balance_max = The v-coin balance may not pass { $max }; please contact customer service
wallet-entry_kind = Unknown ledger entry kind: { $code }
wallet-insufficient = Not enough v-coin; please top up first
wallet-top_up_method = Choose another method to top up
wallet-top_up_range = A top-up is a whole thousand from { $min } to { $max }

site-page_title = { $page } | Vietnam Travel Booking

request-not_found = { $what } was not found
request-not_found_any = What you asked for was not found
thing-provider = This way to sign in
thing-customer = This customer
thing-category = This category
thing-photo = This photo
thing-key = This service key
thing-operator = This operator
thing-order = This order
thing-payment = This payment
thing-plan = This plan
thing-review = This review
thing-thread = This support thread
thing-therapist = This therapist

job-decline_reason_required = Please say why you cannot take this job
job-no_show_not_arrived = Mark yourself as arrived before reporting a no-show
job-no_show_photo = Add a photo of the meeting point to report a no-show
job-no_show_too_soon = The free waiting time is { $waiting } minutes: wait { $minutes } more { $minutes ->
        [one] minute
       *[other] minutes
    } before reporting a no-show
job-offer_closed = This offer has closed
job-order_not_paid = A job is offered only once its order is paid
job-over = This job has started or ended and cannot be taken back
job-started_already = The service time has come: the job can no longer be offered
job-status_unknown = Unknown job status
job-step_out_of_order = The job is "{ $from }": it cannot go straight to "{ $to }"
job-voucher_mismatch = This voucher is not this job's: check the order number
job-taken = Another partner has taken this job
job-too_early = You can set off only within { $hours } hours of the start
job-yours_already = You have already taken this job
job-status-accepted = Accepted
job-status-arrived = Arrived
job-status-completed = Completed
job-status-no_show = No-show
job-status-on_the_way = On the way
job-status-open = Open
job-status-started = Started
job-status-withdrawn = Withdrawn

partner-disabled = This partner is disabled
partner-kind_unknown = A partner is a driver, guide or therapist
partner-home_city_unknown = Choose one of our cities as the home area
partner-language = This partner does not speak { $language }
partner-languages_required = Choose at least one language
partner-name_required = Enter the partner's name
partner-not_chosen = The traveller chose another therapist
partner-seats = Seats must be 1 to { $max }
partner-therapist_required = A therapist partner must be linked to a therapist
partner-too_few_seats = The vehicle has only { $seats } { $seats ->
        [one] seat
       *[other] seats
    }
partner-vehicle_model_required = Enter the vehicle's make and colour
partner-vehicle_required = A driver must register a vehicle
partner-wrong_kind = This kind of partner does not offer this service
partner-speaks-en = English
partner-speaks-vi = Vietnamese
partner-speaks-zh = Chinese
job-changed = This job has just changed: reload and try again
job-nobody_free = No partner who fits is free then
partner-busy = This partner already has a job at that time
partner-off_duty = This therapist does not work at that time
partner-only = For partners only
job-no_show_position = A no-show report needs the phone's position and the time it was taken

## Where a partner is
position-malformed = The position is incomplete or not valid
position-not_sharing = Your position is shared only on the way and once you have arrived
position-outside_vietnam = This position is outside Vietnam, so it was not used
position-stale = This position was taken { $seconds } seconds ago or earlier, so it was not used
position-ahead = Your phone's clock is ahead of ours, so the position was not used: set the phone's time
position-too_fast = This position is further from the last than { $kmh } km/h allows, so it was not used
position-imprecise = This position is less precise than { $metres } m, so it was not used
position-too_often = Your position is taken once every { $seconds } seconds: this one came sooner

## A job's thread between the traveller and the partner
talk-closed = This job's conversation is closed: messages can be sent from the partner's acceptance until a day after the service
talk-phrase_unknown = There is no such quick reply
talk-text_required = Write a message (500 characters at most)
talk-key_required = The message has no key: reload the page and send it again
talk-staff_read_only = Staff read the conversation between the traveller and the partner, and do not write in it
talk-busy = Too many messages at once: send it again
talk-side_unknown = Unknown side of the conversation
phrase-on_my_way = I have set off and am on my way to meet you
phrase-late_10 = I will be about 10 minutes late
phrase-at_arrivals = I am at the arrivals hall exit, holding a sign with your name
phrase-at_lobby = I am in the hotel lobby
phrase-car_outside = The car is waiting for you outside the entrance
phrase-where_are_you = Where are you? I cannot find you
phrase-landed = I have landed and am waiting for my luggage
phrase-coming_out = I am coming out now
phrase-late_15 = I will be about 15 minutes late
phrase-in_lobby = I am in the hotel lobby
phrase-in_room = I am in my room: please come up
phrase-cannot_find = I cannot find you: where are you?
phrase-thanks = Thank you!

## What partners earn
earnings-week = A week is named by its Monday (YYYY-MM-DD)
earnings-cause_unknown = Unknown kind of ledger entry
earnings-reference_required = Enter the bank transfer's reference (64 characters at most)
earnings-paid_already = This week was paid already, with reference { $reference }
earnings-week_open = This week is not over yet: it can be paid from Monday
earnings-nothing_due = Nothing was earned that week, so there is nothing to pay
earnings-reason_required = Say why the earnings are corrected
earnings-request_required = The correction has no request id
earnings-correction_range = A correction is a whole number of thousands of đồng, not nothing, at most { $max } either way
earnings-correction_below_zero = This week holds { $earned }: take back no more than that now, and the rest in a later week
partner-kind-driver = Driver
partner-kind-guide = Guide
partner-kind-therapist = Therapist
gift_csv-code = Code
gift_csv-amount_vnd = Worth (VND)
gift_csv-redeem_until = Redeem until
gift_csv-credit_days = Credit lasts (days)
gift_csv-redeemed_by = Redeemed by
gift_csv-redeemed_at = Redeemed at
payroll-week = Week
payroll-partner_id = Partner ID
payroll-name = Name
payroll-kind = Kind
payroll-jobs = Jobs
payroll-no_shows = No-shows
payroll-earned_vnd = Earned (VND)
payroll-tips_vnd = Of which tips (VND)
payroll-corrections_vnd = Of which corrections (VND)
payroll-due_vnd = Due (VND)
payroll-reference = Transfer reference
payroll-paid_at = Paid at (Vietnam time)

## When a partner works
availability-uncovers = You have job { $order } at { $start }: this change would leave it without you. Ask the operators to take it back first
availability-too_far = A day off can be set at most { $days } days ahead
availability-shifts_max = At most { $max } shifts a week
availability-days_off_max = At most { $max } days off ahead
availability-therapist_hours = A therapist keeps at least one shift a week
availability-day = A day off is a date written YYYY-MM-DD
job-no_show_photo_unknown = Take the photo again: it was not found among your uploads
notice-kind_unknown = There is no such kind of notice
push-endpoint_invalid = This device's push address cannot be used
push-key_invalid = This device's push keys cannot be used
push-not_configured = Notifications are not set up on this site
push-too_many_devices = Notices reach at most { $max } devices: turn them off on another first

## Promo codes
promo-code_format = A promo code is { $min } to { $max } letters, digits or “-”, beginning with a letter or digit
promo-percent_range = The discount must be between 1% and 100%
promo-amount_thousands = Amounts must be whole thousands of đồng
promo-window = The end must come after the start
promo-uses = Uses must be at least 1
promo-unknown = The promo code { $code } is not valid
promo-exists = The promo code { $code } exists already
promo-not_yet = The promo code { $code } can be used from { $from } (Vietnam time)
promo-expired = The promo code { $code } has expired
promo-not_for_plan = The promo code { $code } is not for this plan
promo-first_order_only = The promo code { $code } is for a first order only
promo-used_up = The promo code { $code } has been used up
promo-already_used = You have already used the promo code { $code }
promo-minimum = The promo code { $code } needs a spend of at least { $min }
promo-nothing_off = Promo code { $code } takes nothing off this order
gift-code_format = A gift code is { $length } letters and digits, as printed on the card (dashes and spaces do not matter)
gift-count = A batch is 1 to { $max } codes
gift-amount = A gift code is worth a whole number of thousands of đồng, at most { $max }
gift-redeem_by = The last day to redeem must be in the future
gift-credit_days = The credit lasts 1 to 3,650 days, or does not expire
gift-redeemed_by_you = You have already redeemed gift code { $code }
gift-redeemed = Gift code { $code } has already been redeemed
gift-expired = Gift code { $code } can no longer be redeemed
gift-unknown = No gift code { $code }: check the letters on the card
gift-throttled = Too many codes that did not work: try again in { $minutes } minutes
gift-batch_exists = There is already a batch named { $name }
referral-code_format = An invitation code is 8 letters and digits
referral-off = Invitations are not open at the moment
referral-unknown = No invitation code { $code }: check the link your friend sent
referral-self = You cannot use your own invitation
referral-twin = This invitation is for another person, not another address of yours
referral-not_new = Invitations are for new customers, before their first order
referral-claimed = You have already used an invitation
referral-amount = Each side gets a whole number of thousands of đồng, at most { $max }
referral-nothing = An open program gives something to at least one side
referral-program_required = Send the program's terms
tip-not_completed = A tip is given once the service is completed
tip-too_late = Tips are given within { $days } days of the service
tip-range = A tip is a whole number of thousands of đồng, from { $min } to { $max }
tip-no_partner = This service was not delivered by one of our partners, so it cannot be tipped here
tip-given = You have tipped for this service already

## Refunds back where the money came from
refund-route_unknown = Unknown refund route
refund-state_unknown = Unknown refund state
refund-bank = Please enter the bank's name
refund-number = The account number has 6 to 19 letters and digits
refund-holder = Please enter the account holder's name
refund-account_required = A refund to a bank transfer needs the account it goes to
refund-not_open = This refund has already been handled
refund-bank_ref = Please enter the bank's transaction reference

## Changes after payment
order-action-amend = change
order-change_closed = Changes close before the service ({ $until }, Vietnam time); please contact customer service
order-change_too_soon = The new time must be at least { $hours } hours from now
order-change_short = The change costs { $amount } more than your V-coin wallet holds; please top up first
order-change_assigned = A driver has taken this booking; please ask customer service to change it
ledger-order_change = Difference for the change of order { $order }
ledger-change_refund = Difference back for the change of order { $order }
job-no_change = This job has not changed since you took it, or you have set off
ledger-change_lapsed = The money for the change of order { $order } arrived after the order had moved on; it is in your wallet
ledger-tip_returned = The tip for order { $order } could no longer be given; it is in your wallet
tip-method = A tip is paid from the wallet, by VietQR or by VNPay
payment-purpose_unknown = Unknown payment purpose
catalog-season-days = A season runs from its first day to its last (YYYY-MM-DD), not backwards
catalog-season-rise = A season adds either a share of 1–{ $max }% or a fixed sum in whole thousands of đồng
catalog-season-too_many = At most { $max } seasons
report-day = A day must be YYYY-MM-DD
report-period_order = The first day must not be after the last
report-period_long = A report covers at most { $days } days
report-export = Choose what to export
report_csv-section = Section
report_csv-key = Name
report_csv-detail = Detail
report_csv-amount_vnd = Amount (VND)
report_csv-count = Count
report_csv-over_time = Sales over time
report_csv-categories = By category
report_csv-plans = By plan
report_csv-methods = Payment methods
report_csv-refunds = Refunds
report_csv-cancellations = Cancellations
report_csv-promotions = Promo code discounts
report_csv-credit = Credit given
report_csv-partners = Partner earnings
report_csv-liability = V-coin liability
report_csv-totals = Totals
report_csv-sales = Sales
report_csv-refunded = Refunds
report_csv-net = Net sales
report_csv-cancelled_paid = Cancelled after payment
report_csv-cancelled_unpaid = Cancelled before payment
report_csv-purpose_order = Order
report_csv-purpose_change = Order change
report_csv-purpose_tip = Tip
report_csv-purpose_top_up = Top-up
report_csv-route_wallet = To v-coin
report_csv-route_vnpay = Back to VNPay
report_csv-route_bank = Back to a bank account
report_csv-state_done = Done
report_csv-state_pending = In progress
report_csv-state_failed = Failed
report_csv-kind_top_up = Top-up
report_csv-kind_spend = Spend
report_csv-kind_refund = Refund
report_csv-kind_adjustment = Adjustment
report_csv-kind_gift = Gift code
report_csv-kind_expiry = Credit expired
report_csv-kind_referral = Referral reward
report_csv-kind_tip = Tip
report_csv-partners_earned = Earned by jobs
report_csv-partners_tips = Tips
report_csv-partners_paid = Paid out
report_csv-partners_due = Owed at the end
report_csv-liability_balances = Wallet balances (now)
report_csv-liability_ledger = Ledger sum (now)
report_csv-liability_at_end = Owed at the end (ledger)
report_csv-order_id = Order
report_csv-created_at = Created (Vietnam time)
report_csv-customer = Customer
report_csv-category = Category
report_csv-plan = Plan
report_csv-state = State
report_csv-start_at = Service time (Vietnam time)
report_csv-total_vnd = Price (VND)
report_csv-paid_vnd = Paid (VND)
report_csv-refunded_vnd = Refunded (VND)
report_csv-entry_id = Entry
report_csv-at = Time (Vietnam time)
report_csv-kind = Kind
report_csv-balance_after_vnd = Balance after (VND)
report_csv-payment_id = Payment
report_csv-operator = Operator
report_csv-note = Note
invoice-tax_code_required = Enter the company's tax code
invoice-tax_code_form = A tax code is 10 digits, and 3 more for a branch (as 0312687878-001)
invoice-tax_code_check = This tax code's digits do not add up: check it again
invoice-kind_unknown = Unknown kind of invoice
invoice-state_unknown = Unknown invoice state
invoice-company_name = Enter the company's name as registered
invoice-company_address = Enter the company's registered address
invoice-company_late = This order is invoiced already: to change who the invoice is made out to, write to customer service
invoice-not_failed = This invoice has not failed: there is nothing to retry
invoice-item = { $category } service: { $plan }
invoice-unit = Service
invoice-adjust_up = Adjustment up of the service's price
invoice-adjust_down = Adjustment down of the service's price
report_csv-day = Date
report_csv-entry = Entry
report_csv-vat_percent = VAT rate (%)
report_csv-entry_sales = Sales (VAT included)
report_csv-entry_sales_vat = Output VAT
report_csv-entry_refunds = Refunds (VAT included)
report_csv-entry_refunds_vat = VAT given back on refunds
report_csv-entry_wallet = V-coin movement
report_csv-entry_payouts = Paid to partners

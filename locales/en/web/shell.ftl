app-name = Vietnam Travel Booking
loading = Loading…
working = Working…
load-more = Load more
tagline = Airport transfers, cars with driver, guides and in-hotel massage: book in one place, pay in Vietnamese đồng.
nav-home = Home
nav-member = Member area
nav-login = Sign in
nav-register = Sign up
nav-account = My account
nav-theme-to-light = Switch to the light theme
nav-theme-to-dark = Switch to the dark theme
modal-cancel = Cancel
modal-confirm = OK
modal-question-title = About this
modal-confirm-title = Please confirm
modal-warning-title = Please note
photos-open = View larger: photo { $n } of { $total }
photos-count = Photo { $n } of { $total }
photos-previous = Previous
photos-next = Next
photos-close = Close
photos-more =
    { $n ->
        [one] { $n } photo
       *[other] { $n } photos
    }
photos-all =
    { $n ->
        [one] View larger: { $n } photo
       *[other] View larger: { $n } photos
    }
catalog-from = { "" }
catalog-plans =
    { $n ->
        [one] { $n } plan
       *[other] { $n } plans
    }
catalog-view-all = See all plans
catalog-book = Book now
catalog-free-cancel = Free cancellation up to { $hours } hours before
catalog-reviews =
    { $n ->
        [one] { $n } review
       *[other] { $n } reviews
    }
catalog-seats =
    { $n ->
        [one] { $n } seat
       *[other] { $n } seats
    }
catalog-luggage =
    { $n ->
        [one] { $n } bag
       *[other] { $n } bags
    }
catalog-empty = There are no plans to book in this category yet.
catalog-categories = Services
catalog-city = City
catalog-all-cities = All cities
catalog-cities-hcm = Ho Chi Minh City
catalog-cities-han = Hanoi
catalog-cities-dad = Da Nang
catalog-cities-nha = Nha Trang
errors-not-found = Page not found: { $path }
errors-not-found-title = Page not found
errors-generic = Something went wrong
errors-generic-description = We cannot handle your request just now. Please try again later.
errors-back-home = Back to the home page
errors-network = Cannot reach the server. Please check your connection and try again.
build-new-version = The site has been updated. Reload to use the latest version?
build-reload = Reload
build-later = Later
footer-label = Booking help
footer-help = Need help? Customer service in the member area is there for you.
footer-copyright = © Vietnam Travel Booking
order-steps-flows-shuttle = Airport transfer
order-steps-flows-charter = Car with driver
order-steps-flows-escort = Guide
order-steps-flows-massage = Dragon Massage
order-steps-labels-1 = Service details
order-steps-labels-2 = Extras and contact
order-steps-labels-3 = Confirm
page-titles-step1 = Service details
page-titles-step2 = Extras and contact details
page-titles-confirm = Confirm your order
page-titles-payment = Payment
page-titles-payment-complete = Payment complete
catalog-hours =
    { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
catalog-minutes =
    { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
nav-menu = Services
nav-categories-shuttle = Airport transfers
nav-categories-charter = Car with driver
nav-categories-escort = Guides
nav-categories-dragon-massage = Dragon Massage
nav-language = Display language
nav-breadcrumb = You are here
nav-languages-zh-tw = 繁體中文
nav-languages-vi = Tiếng Việt
nav-languages-en = English
close = Close
home-title = Vietnam Travel Booking | Airport transfers · Cars with driver · Guides · Massage
page-title = { $page } | { app-name }
description = Airport transfers, cars with driver, Chinese-speaking guides and in-hotel massage in Vietnam: book online, pay in Vietnamese đồng.
footer-site = About this site
noscript = Please turn on JavaScript to use this site.
catalog-from-before = from
catalog-price-from = from { $price }
aside = { $text } ({ $aside })
labelled = { $label }: { $value }
joined = { $a } · { $b }
list-separator = { ", " }

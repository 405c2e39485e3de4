# The notices on this device (Web Push), and the kinds of notice a person wants there.
notices-title = Phone and browser notifications
notices-lead = Changes to your orders, your driver or therapist setting off or arriving, customer service's answers and reminders reach this device at once. Mails are sent as before.
notices-lead-partner = Jobs offered to you (at once, whatever the hour) and reminders of the jobs you accepted (the evening before, and before you set off) reach this device. Mails are sent as before.
notices-device-on = This device receives notifications
notices-device-off = This device receives no notifications
notices-turn-on = Turn on notifications
notices-turn-off = Turn off on this device
notices-denied = Your browser blocks notifications from this site: allow them in the browser's site settings, then try again.
notices-unsupported = This browser cannot receive notifications; add the site to your home screen or use another browser.
notices-kinds = What to notify
notices-kind-orders = Orders (paid, confirmed, cancelled, refunded)
notices-kind-progress = Your driver, guide or therapist on the way and arrived
notices-kind-support = Customer service answers
notices-kind-reminders = Reminders
notices-kind-offers = New jobs offered to me (always at once, even at night)
notices-saved = Notification choices saved

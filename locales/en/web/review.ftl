none = No reviews yet. Travellers who have used the service can leave one on their order's page.
stars =
    { $n ->
        [one] { $n } star
       *[other] { $n } stars
    }
show = Show reviews
hide = Hide reviews
load-failed = Reviews cannot be loaded just now. Please try again later.
edited = (edited)
form-title = Review this service
your-review = Your review
rating = Rating
comment = Comments (optional)
comment-hint = Up to 1,000 characters; other travellers see the first letter of your name.
submit = Send review
update = Update review
saved = Thank you for your review!
choose-rating = Please give 1 to 5 stars
editable-until = You can change it until { $when } (Vietnam time).
closed = The time to change this review has passed.
hidden = This review has been hidden; other travellers cannot see it. Reason: { $reason }
failed = Your review was not sent. Please try again later.

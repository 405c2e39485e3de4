therapists-title = Our therapists
therapists-lead = Tap the heart to keep the therapists you like; they come first when you book.
free-at = When you would like to book (Vietnam time)
free-at-hint = Choose a time to see only the therapists free then.
free-at-shown = Showing only therapists free for { $minutes } minutes from this time (the length set in the filters above, or 90 minutes if none).
none-free-at = No therapist is free at this time; please choose another.
free-at-refused = This time cannot be booked; please choose another.
years =
    { $n ->
        [one] { $n } year of experience
       *[other] { $n } years of experience
    }
genders-1 = Female
genders-2 = Male
favorite = Add to favourites
unfavorite = Remove from favourites
favorite-sign-in = Please sign in to keep a therapist
favorite-failed = Your favourites could not be updated; please try again later
pick-title = Choose a therapist
pick-lead = These therapists are free at { $when } (Vietnam time); your favourites come first.
pick-needs-time = Please choose the start time and length in the previous step first.
anyone = No preference: we will arrange one
any-favorite = Any of my favourite therapists who is free
no-favorites = You have no favourite therapists yet
none-free = No therapist is free at this time; please go back and choose another time.
chosen = Chosen
show-all =
    { $n ->
        [one] Show { $n } more free therapist
       *[other] Show { $n } more free therapists
    }
choose = Choose
filters-all = All
filters-female = Female
filters-male = Male
photos-title = Hotel photos (optional)
photos-lead = A photo of the hotel's front or your room number helps the therapist find you. Up to { $n } photos of at most { $mb } MB each, in JPEG, PNG or WebP. Details such as where a photo was taken are removed, and only you can see them.
add-photos = Add photos
uploading = Uploading { $percent }%
remove = Remove
photo-alt = Hotel photo { $n }
too-many = At most { $n } photos
too-large = Each photo can be at most { $mb } MB
upload-failed = The photo could not be uploaded; please try again
photo-count =
    { $n ->
        [one] { $n } photo
       *[other] { $n } photos
    }
rating = ★ { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
speaks-zh = Chinese
speaks-vi = Vietnamese
speaks-en = English
speaks-ko = Korean
speaks-ja = Japanese
speaks-th = Thai

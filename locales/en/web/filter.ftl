title = Filter plans
city = City
airport = Airport
airport-of = { $city } ({ $airport })
hours = Hours
hours-of =
    { $h ->
        [one] { $h } hour
       *[other] { $h } hours
    }
language = Language
languages-zh = Chinese
languages-en = English
languages-vi = Vietnamese
duration = Length
search = Search plans
search-hint = Name, city or airport
passengers = Passengers
people = People
people-of =
    { $n ->
        [one] { $n } person
       *[other] { $n } people
    }
bags = Large bags
bags-of =
    { $n ->
        [one] { $n } bag
       *[other] { $n } bags
    }
sort = Sort by
sorts-recommended = Recommended
sorts-price = Price: low to high
sorts-price-desc = Price: high to low
sorts-rating = Highest rated
any = Any
clear = Clear filters
none = No plans match these filters.

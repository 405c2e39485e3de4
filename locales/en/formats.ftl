# How amounts and times are written: the pages and the mails read this one file, so they agree.
# $amount: the digits without a sign, grouped by the language's rules (CLDR); $sign: plus or
# minus; $time: HH:MM, Vietnam time.

money = { $sign ->
    [minus] -VND { $amount }
   *[plus] VND { $amount }
}
datetime = { $day }/{ $month }/{ $year } { $time }
daytime = { $day }/{ $month } { $time }

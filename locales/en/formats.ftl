# How amounts and times are written: the pages and the mails read this one file, so they agree.
# $amount: the digits without a sign, grouped by the language's rules (CLDR); $sign: plus or
# minus; $time: HH:MM, Vietnam time. An amount never breaks across lines: a no-break space.

money = { $sign ->
    [minus] -VND{ "\u00A0" }{ $amount }
   *[plus] VND{ "\u00A0" }{ $amount }
}
datetime = { $day }/{ $month }/{ $year } { $time }
daytime = { $day }/{ $month } { $time }

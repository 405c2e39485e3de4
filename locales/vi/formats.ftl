# Cách viết số tiền và thời gian: trang web và thư đọc cùng một tệp nên viết giống nhau.
# $amount: the digits without a sign, grouped by the language's rules (CLDR); $sign: plus or
# minus; $time: HH:MM, Vietnam time. An amount never breaks across lines: a no-break space.

money = { $sign ->
    [minus] -{ $amount }{ "\u00A0" }₫
   *[plus] { $amount }{ "\u00A0" }₫
}
datetime = { $day }/{ $month }/{ $year } { $time }
daytime = { $day }/{ $month } { $time }

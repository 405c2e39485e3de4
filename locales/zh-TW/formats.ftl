# 金額與時間的寫法：網頁與信件讀同一份，所以兩邊寫法相同。
# $amount: the digits without a sign, grouped by the language's rules (CLDR); $sign: plus or
# minus; $time: HH:MM, Vietnam time. An amount never breaks across lines: a no-break space.

money = { $sign ->
    [minus] -VND{ "\u00A0" }{ $amount }
   *[plus] VND{ "\u00A0" }{ $amount }
}
datetime = { $year }/{ $month }/{ $day } { $time }
daytime = { $month }/{ $day } { $time }

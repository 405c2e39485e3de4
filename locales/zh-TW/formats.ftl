# 金額與時間的寫法：網頁與信件讀同一份，所以兩邊寫法相同。
# $amount: the digits without a sign, grouped by the language's rules (CLDR); $sign: plus or
# minus; $time: HH:MM, Vietnam time.

money = { $sign ->
    [minus] -VND { $amount }
   *[plus] VND { $amount }
}
datetime = { $year }/{ $month }/{ $day } { $time }
daytime = { $month }/{ $day } { $time }

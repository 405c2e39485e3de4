free-until = Free cancellation until { $until } (Vietnam time); after that, a { $feePercent }% fee.
free-passed = The free cancellation window has passed ({ $until }); cancelling now costs a { $feePercent }% fee.
terms = Cancel more than { $hours } hours before the service starts and the whole amount goes back to your V-coin wallet. From then until the start, { $feePercent }% of what you paid is kept as a cancellation fee and the rest goes back to your wallet. Once the service has started you cannot cancel it yourself: please contact customer service.

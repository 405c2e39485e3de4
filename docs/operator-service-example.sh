#!/usr/bin/env bash
# What an internal service (here: a dispatch system) does with the operator API, end to end, on a
# dev server started by ./scripts/run.sh. A real gRPC client (buf curl, native gRPC over h2c)
# confirms a paid order by assigning a driver; the customer then sees the driver in the order.
#
#   docs/operator-service-example.sh            # against http://127.0.0.1:8080 and ./data
#   BOOKING_URL=http://127.0.0.1:8091 DATABASE_URL=sqlite:///tmp/x.db docs/operator-service-example.sh
#
# Needs the built binary (target/debug/booking), web/node_modules (buf) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
url=${BOOKING_URL:-http://127.0.0.1:8080}
booking=${BOOKING_BIN:-target/debug/booking}
buf=web/node_modules/.bin/buf
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {'d': d}))" "$1"; }

# 1. At the server's shell, an administrator issues the service's key (shown once; keep it in
#    the service's secret store). `booking admin revoke-key ID` ends it at once.
read -r key_id key < <(APP_LOG=${APP_LOG:-warn} "$booking" admin issue-key --name dispatch)
echo "issued $key_id"

# 2. A customer books and pays, through the same calls as the web app.
email="traveller-$(date +%s)@example.com"
token=$(curl -sf "$url/api/auth/sign-up" -H 'content-type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"secret-123\"}" | json "d['data']['idToken']")
call() { curl -sf "$url$1" -H 'content-type: application/json' -H "authorization-firebase: $token" \
  -H "idempotency-key: $2" -d "$3"; }
call /api/v-coin/top-up "top-up-$email" '{"amountVnd":1000000,"method":"DEV"}' >/dev/null
start=$(TZ=Asia/Ho_Chi_Minh date -d '+3 days' +%Y-%m-%dT10:00)
order=$(call /api/plan/shuttle/shuttle-sgn-4/order "order-$email" "{\"details\":{\"direction\":\"pick-up\",
  \"flightNumber\":\"VN123\",\"start\":\"$start\",\"address\":\"Rex Hotel\",\"passengers\":2,\"luggage\":2},
  \"contact\":{\"name\":\"陳美玲\",\"phoneCountryCode\":\"+886\",\"phoneNumber\":\"912345678\"}}" \
  | json "d['data']['id']")
call "/api/plan/shuttle/order/$order/payment" "pay-$email" '{"method":"VCOIN"}' >/dev/null
echo "customer $email paid $order"

# 3. The dispatch service, with its key, over gRPC: the customer's paid orders, then a driver on
#    the order, which confirms it (and mails the customer).
grpc() {
  "$buf" curl --schema proto --protocol grpc --http2-prior-knowledge \
    -H "x-api-key: $key" -d "$2" "$url/booking.v1.OperatorService/$1"
}
grpc SearchOrders "{\"states\":[\"ORDER_STATE_PAID\"],\"customerEmail\":\"$email\"}" \
  | json "[o['id'] for o in d['orders']]"
grpc AssignDriver "{\"orderId\":\"$order\",\"driver\":{\"name\":\"阮文明\",\"phoneCountryCode\":\"84\",
  \"phoneNumber\":\"0901234567\",\"plate\":\"51A-123.45\"}}" | json "'now ' + d['order']['state']"
grpc ListAuditEntries "{\"target\":\"order:$order\"}" \
  | json "[(e['actor'], e['action'], e['after']) for e in d['entries']]"

# 4. The customer's order detail now names the driver.
curl -sf "$url/api/order/detail/$order" -H "authorization-firebase: $token" \
  | json "'customer sees: ' + d['data']['state'] + ', ' + d['data']['driver']['name'] + ' ' + d['data']['driver']['plate']"

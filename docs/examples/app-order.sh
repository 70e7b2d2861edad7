#!/usr/bin/env bash
# The native app places an order through /api, as docs/api.md ("An app places an order,
# step by step") explains each step. Run it against a development edge (`make run`,
# which has the built-in bot check and loyalty programme):
#   BASE=http://127.0.0.1:8080 bash docs/examples/app-order.sh
set -eu
BASE=${BASE:-http://127.0.0.1:8080}
JSON=(-H 'Content-Type: application/json')

# 1. Sign up (the app's own sign-in screen does this once and keeps the token).
J=$(mktemp)
CSRF=$(curl -sf -c "$J" -b "$J" "$BASE/" | grep -o '"csrf":"[^"]*"' | head -1 | cut -d'"' -f4)
BOT=$(curl -sf -b "$J" -X POST "$BASE/api/botcheck/token" "${JSON[@]}" -d '{"action":"signup"}' | sed -E 's/.*"token":"([^"]*)".*/\1/')
EMAIL="ada.$RANDOM$RANDOM@example.com"
PHONE="(513) 555-$((1000 + RANDOM % 9000))"
curl -sf -c "$J" -b "$J" -X POST "$BASE/api/auth/signup" "${JSON[@]}" -H "X-CSRF-Token: $CSRF" -H "X-Bot-Check: $BOT" \
  -d '{"first_name":"Ada","last_name":"Lovelace","email":"'"$EMAIL"'","phone":"'"$PHONE"'","password":"chicken123"}' >/dev/null
TOKEN=$(awk '$6 == "hh_token" { print $7 }' "$J")
APP=(-H "Authorization: Bearer $TOKEN" "${JSON[@]}")

# 2. Build the cart with the bearer token alone: no cookies, no CSRF token.
etag() { grep -i '^etag:' "$1" | tr -d '\r' | cut -d' ' -f2; }
H=$(mktemp)
curl -sf "${APP[@]}" -X POST "$BASE/api/cart" -d '{"menu_id":"m-standard","location_id":"oh-dayton","replace":true}' -D "$H" -o /dev/null
curl -sf "${APP[@]}" -X POST "$BASE/api/cart/products" -H "If-Match: $(etag "$H")" -d '{"product_id":"tenders-3","quantity":2}' -D "$H" -o /dev/null
curl -sf "${APP[@]}" -X PUT "$BASE/api/cart/handoff" -H "If-Match: $(etag "$H")" -d '{"mode":"pickup"}' -D "$H" -o /dev/null
curl -sf "${APP[@]}" -X PUT "$BASE/api/cart/time" -H "If-Match: $(etag "$H")" -d '{"mode":"asap"}' -D "$H" -o /dev/null

# 3. Ask what stands in the way, and how the guest may pay.
curl -sf "${APP[@]}" -X POST "$BASE/api/cart/validate" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("blockers:", d["blockers"], "total:", d["totals"]["total_cents"])'
curl -sf "${APP[@]}" "$BASE/api/cart/payment-options" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("pay in store:", d["pay_in_store"])'

# 4. Hand the member and the cart to the checkout webview (docs/webview.md).
VERIFIER=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\n')
CHALLENGE=$(printf %s "$VERIFIER" | openssl dgst -sha256 -binary | openssl base64 | tr '+/' '-_' | tr -d '=\n')
CODE=$(curl -sf "${APP[@]}" -X POST "$BASE/api/app/handover" -d '{"location_id":"oh-dayton","code_challenge":"'"$CHALLENGE"'"}' | sed -E 's/.*"code":"([^"]*)".*/\1/')

# 5. What the webview does: open /app/checkout, exchange the code, place the order.
W=$(mktemp)
WCSRF=$(curl -sf -c "$W" -b "$W" "$BASE/app/checkout?handover=$CODE" -H "X-Handover-Verifier: $VERIFIER" | grep -o '"csrf":"[^"]*"' | head -1 | cut -d'"' -f4)
curl -sf -c "$W" -b "$W" -X POST "$BASE/api/app/handover/exchange" "${JSON[@]}" -H "X-CSRF-Token: $WCSRF" -d '{"code":"'"$CODE"'"}' >/dev/null
BOT=$(curl -sf -b "$W" -X POST "$BASE/api/botcheck/token" "${JSON[@]}" -d '{"action":"checkout"}' | sed -E 's/.*"token":"([^"]*)".*/\1/')
ORDER=$(curl -sf -c "$W" -b "$W" -X POST "$BASE/api/cart/submit" "${JSON[@]}" -H "X-CSRF-Token: $WCSRF" -H "X-Bot-Check: $BOT" \
  -H "Idempotency-Key: order-$RANDOM$RANDOM" \
  -d '{"customer":{"first_name":"Ada","last_name":"Lovelace","email":"'"$EMAIL"'","phone":"'"$PHONE"'"},"payments":[{"kind":"instore"}]}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["order"]["id"])')
echo "order: $ORDER"

# 6. Back in the app: the order, the history, and "Order again".
curl -sf "${APP[@]}" "$BASE/api/orders/$ORDER" | python3 -c 'import json,sys; print("status:", json.load(sys.stdin)["order"]["status"])'
curl -sf "${APP[@]}" "$BASE/api/user/orders?limit=10" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("history:", len(d["orders"]), "next:", d["next_cursor"])'
curl -sf "${APP[@]}" -X POST "$BASE/api/orders/$ORDER/reorder" -d '{}' | python3 -c 'import json,sys; d=json.load(sys.stdin); print("reorder:", len(d["cart"]["products"]), "lines, not transferred:", d["not_transferred"])'

#!/usr/bin/env python3
"""Drives the relay routes of a Merchant Backend (any implementation of the Merchant Backend API)
against the Payment Sandbox it calls, as an app would, and checks the answers: abort through
PATCH /patch, POST /expand, and a payer's payment tokens listed and deleted. Exits non-zero with
the first difference.

Usage: check_relays.py BACKEND_URL SANDBOX_URL API_KEY
Env:   SWEDBANKPAY_SANDBOX_CONTROL_TOKEN   the sandbox's control token, when it has one
"""

import json
import os
import sys
import urllib.error
import urllib.request
import uuid


def call(method, url, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def expect(condition, what):
    if not condition:
        print("interop: FAILED: " + what, file=sys.stderr)
        sys.exit(1)
    print("interop: ok: " + what)


def main():
    backend, sandbox, api_key = sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/"), sys.argv[3]
    app = {"x-payex-sample-apikey": api_key, "x-payex-sample-access-token": "interop-user"}
    control = {"X-Sandbox-Control": "1"}
    if os.environ.get("SWEDBANKPAY_SANDBOX_CONTROL_TOKEN"):
        control["Authorization"] = "Bearer " + os.environ["SWEDBANKPAY_SANDBOX_CONTROL_TOKEN"]

    def order(**extra):
        body = {"operation": "Purchase", "productName": "Checkout3", "currency": "SEK", "amount": 1500,
                "vatAmount": 375, "description": "Interop", "userAgent": "SwedbankPaySDK-iOS/5.0.3",
                "language": "sv-SE",
                "urls": {"hostUrls": ["https://shop.example"], "completeUrl": "https://shop.example/complete",
                         "cancelUrl": "https://shop.example/cancel"},
                "payeeInfo": {"payeeId": "", "payeeReference": ""}}
        body.update(extra)
        status, document = call("POST", backend + "/paymentorders", {"paymentorder": body}, app)
        expect(status in (200, 201), "order created through the backend (%d)" % status)
        return document

    created = order()
    rels = {o["rel"]: o["href"] for o in created["operations"]}
    path = created["paymentOrder"]["id"]

    status, expanded = call("POST", backend + "/expand", {"resource": path, "expand": ["paid", "payer"]}, app)
    expect(status == 200 and "paid" in expanded["paymentOrder"], "POST /expand answers the order with paid expanded")

    status, aborted = call("PATCH", backend + "/patch", {
        "href": rels["abort"], "paymentorder": {"operation": "Abort", "abortReason": "CancelledByConsumer"}}, app)
    expect(status == 200 and aborted["paymentOrder"]["status"] == "Aborted", "PATCH /patch aborts the order")

    reference = "interop-payer-" + uuid.uuid4().hex[:8]
    tokenized = order(generatePaymentToken=True, payer={"payerReference": reference})
    guid = tokenized["paymentOrder"]["id"].rsplit("/", 1)[1]
    status, _ = call("POST", sandbox + "/sandbox/paymentorders/%s/pay" % guid, None, control)
    expect(status == 200, "the sandbox pays the order by card as the payer would")
    status, listed = call("GET", backend + "/payers/%s/paymentTokens" % reference, None, app)
    tokens = (listed or {}).get("payerOwnedPaymentTokens", {}).get("paymentTokens", [])
    expect(status == 200 and len(tokens) == 1 and "mobileSDK" in tokens[0],
           "GET /payers/{ref}/paymentTokens lists the new token with its delete link")
    status, _ = call("PATCH", backend + tokens[0]["mobileSDK"]["delete"],
                     {"state": "Deleted", "comment": "Removed by the interop test"}, app)
    expect(status == 200, "PATCH on the delete link deletes the token")
    status, listed = call("GET", backend + "/payers/%s/paymentTokens" % reference, None, app)
    expect(listed["payerOwnedPaymentTokens"]["paymentTokens"] == [], "the token is gone")


if __name__ == "__main__":
    main()

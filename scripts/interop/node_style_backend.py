#!/usr/bin/env python3
"""A Merchant Backend that is not ours: it speaks to Swedbank Pay the way Swedbank Pay's public
Node.js example backend does, so the interop test can pay through it with our SDK and demos.

Written from what that backend is known to send (docs/testing-your-backend.md lists the facts):
  * the payee reference is a JSON number (an id from its store), not the documented string;
  * POSTs go to collection paths with a trailing slash (/psp/paymentorders/, /psp/consumers/);
  * header names in lower case, as node-fetch 3 puts them on the wire; Accept: application/json;
    Content-Type: application/json with no charset and no version; its own User-Agent;
  * the app's order is forwarded nearly as it is (payeeId and payeeReference replaced), v3 chosen
    only by productName; the created order is answered with 200 and Swedbank Pay's document;
  * PATCH bodies from the app are relayed as they are to the href the app names;
  * $expand is sent unencoded, names joined by commas.

Standard library only. Not for production: no persistence, tokens checked as the example does.

Usage: node_style_backend.py --port P --swedbank-pay-url URL --merchant-token T --api-key K
       [--payee-id ID] [--port-file FILE]
"""

import argparse
import http.client
import json
import random
import re
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BODY = 1_000_000


class PSP:
    """Calls to Swedbank Pay with the example backend's headers."""

    def __init__(self, base_url, token):
        parsed = urllib.parse.urlsplit(base_url)
        self.scheme, self.netloc = parsed.scheme, parsed.netloc
        self.prefix = parsed.path.rstrip("/")
        self.token = token

    def call(self, method, path_or_url, body=None):
        """Returns (status, parsed JSON or None, raw bytes)."""
        if path_or_url.startswith("http://") or path_or_url.startswith("https://"):
            target = urllib.parse.urlsplit(path_or_url)
            netloc, scheme = target.netloc, target.scheme
            path = target.path + ("?" + target.query if target.query else "")
        else:
            netloc, scheme, path = self.netloc, self.scheme, self.prefix + path_or_url
        headers = {"accept": "application/json", "authorization": "Bearer " + self.token,
                   "user-agent": "node-fetch"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        connection_type = http.client.HTTPSConnection if scheme == "https" else http.client.HTTPConnection
        connection = connection_type(netloc, timeout=30)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, parsed, raw


class Store:
    """Orders by their numeric id, with the user who created them."""

    def __init__(self):
        self.lock = threading.Lock()
        self.orders = {}

    def insert(self, user):
        with self.lock:
            while True:
                # As the example's store: a random integer below 2^53 (JSON numbers stay exact).
                number = random.randrange(1, 2**53)
                if number not in self.orders:
                    self.orders[number] = {"user": user, "paymentOrderId": None}
                    return number

    def set_payment_order(self, number, payment_order_id):
        with self.lock:
            self.orders[number]["paymentOrderId"] = payment_order_id

    def find(self, number):
        with self.lock:
            return self.orders.get(number)

    def owns(self, user, payment_order_path):
        with self.lock:
            return any(o["user"] == user and o["paymentOrderId"] == payment_order_path for o in self.orders.values())


def problem(status, kind, detail):
    return status, {"type": "https://api.payex.com/psp/errordetail/mobilesdk/" + kind,
                    "title": kind, "status": status, "detail": detail}


class Backend:
    def __init__(self, psp, store, api_key, payee_id):
        self.psp, self.store, self.api_key, self.payee_id = psp, store, api_key, payee_id

    def handle(self, method, path, headers, body):
        """Returns (status, JSON document, extra headers)."""
        if headers.get("x-payex-sample-apikey") != self.api_key:
            return problem(401, "unauthorized", "The API key is missing or wrong.") + ({},)
        user = headers.get("x-payex-sample-access-token") or ""
        if len(user) < 5:
            return problem(401, "unauthorized", "The access token is missing or too short.") + ({},)
        route = urllib.parse.urlsplit(path).path
        if method == "GET" and route == "/":
            return 200, {"consumers": "/consumers", "paymentorders": "/paymentorders"}, {
                "Cache-Control": "max-age=31536000"}
        if method == "POST" and route == "/consumers":
            return self.relay("POST", "/psp/consumers/", body) + ({},)
        if method == "POST" and route == "/paymentorders":
            return self.create(user, body) + ({},)
        match = re.fullmatch(r"/paymentorders/(\d+)/setInstrument", route)
        if method == "PATCH" and match:
            return self.set_instrument(user, int(match.group(1)), body) + ({},)
        if method == "PATCH" and route == "/patch":
            return self.patch(user, body) + ({},)
        if method == "POST" and route == "/expand":
            return self.expand(user, body) + ({},)
        match = re.fullmatch(r"/payers/([^/]+)/paymentTokens", route)
        if method == "GET" and match:
            return self.payer_tokens(match.group(1)) + ({},)
        match = re.fullmatch(r"/payers/([^/]+)/paymentTokens/([^/]+)", route)
        if method == "PATCH" and match:
            return self.delete_token(match.group(1), match.group(2), body) + ({},)
        return problem(404, "notfound", "No such route.") + ({},)

    def relay(self, method, path, body):
        status, document, raw = self.psp.call(method, path, body)
        if document is None:
            return problem(502, "badgateway", "Swedbank Pay answered %d without JSON." % status)
        return status, document

    def create(self, user, body):
        order = (body or {}).get("paymentorder")
        if not isinstance(order, dict):
            return problem(400, "badrequest", "paymentorder is required.")
        number = self.store.insert(user)
        payee = dict(order.get("payeeInfo") or {})
        payee["payeeId"] = self.payee_id
        payee["payeeReference"] = number  # a JSON number, as the Node example sends it
        order = dict(order, payeeInfo=payee)
        status, document, _ = self.psp.call("POST", "/psp/paymentorders/", {"paymentorder": order})
        if document is None:
            return problem(502, "badgateway", "Swedbank Pay answered %d without JSON." % status)
        if status >= 300:
            return status, document
        payment_order_id = (document.get("paymentOrder") or document.get("paymentorder") or {}).get("id")
        self.store.set_payment_order(number, payment_order_id)
        rels = [operation.get("rel") for operation in document.get("operations") or []]
        if "update-paymentorder-setinstrument" in rels:
            document["mobileSDK"] = {"setInstrument": "/paymentorders/%d/setInstrument" % number}
        return 200, document

    def set_instrument(self, user, number, body):
        order = self.store.find(number)
        if order is None or order["user"] != user:
            return problem(404, "notfound", "No such payment order.")
        status, document, _ = self.psp.call("GET", order["paymentOrderId"])
        href = next((o.get("href") for o in (document or {}).get("operations") or []
                     if o.get("rel") == "update-paymentorder-setinstrument"), None)
        if href is None:
            return problem(404, "notfound", "The payment order cannot set an instrument.")
        instrument = ((body or {}).get("paymentorder") or {}).get("instrument")
        return self.relay("PATCH", href, {"paymentorder": {"operation": "SetInstrument", "instrument": instrument}})

    def patch(self, user, body):
        href = (body or {}).get("href")
        if not isinstance(href, str) or not self.store.owns(user, urllib.parse.urlsplit(href).path):
            return problem(401, "unauthorized", "Not one of your payment orders.")
        return self.relay("PATCH", href, {"paymentorder": (body or {}).get("paymentorder")})

    def expand(self, user, body):
        resource = (body or {}).get("resource")
        names = (body or {}).get("expand") or []
        if not isinstance(resource, str) or not self.store.owns(user, resource):
            return problem(401, "unauthorized", "Not one of your payment orders.")
        joined = ",".join(names) if isinstance(names, list) else str(names)
        return self.relay("GET", resource + "?$expand=" + joined, None)

    def payer_tokens(self, reference):
        status, document = self.relay("GET", "/psp/paymentorders/payerownedpaymenttokens/" + reference, None)
        if status == 200:
            tokens = (document.get("payerOwnedPaymentTokens") or {}).get("paymentTokens") or []
            for token in tokens:
                if "paymentToken" in token:
                    token["mobileSDK"] = {"delete": "/payers/%s/paymentTokens/%s" % (reference, token["paymentToken"])}
        return status, document

    def delete_token(self, reference, token, body):
        status, document = self.relay("GET", "/psp/paymentorders/payerownedpaymenttokens/" + reference, None)
        if status != 200:
            return status, document
        tokens = (document.get("payerOwnedPaymentTokens") or {}).get("paymentTokens") or []
        entry = next((t for t in tokens if t.get("paymentToken") == token), None)
        href = next((o.get("href") for o in (entry or {}).get("operations") or []
                     if o.get("rel") == "delete-paymenttokens"), None)
        if href is None:
            return problem(404, "notfound", "No such token, or it cannot be deleted.")
        return self.relay("PATCH", href, body)


def make_handler(backend):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY:
                status, document, extra = problem(413, "badrequest", "The body is too large.") + ({},)
            else:
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    status, document, extra = backend.handle(self.command, self.path, headers, body)
                except (OSError, http.client.HTTPException) as error:
                    status, document, extra = problem(502, "badgateway", str(error)) + ({},)
            data = json.dumps(document).encode()
            self.send_response(status)
            kind = "application/problem+json" if status >= 400 else "application/json"
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PATCH = do

        def log_message(self, format, *args):
            sys.stderr.write("node-style backend: " + (format % args) + "\n")

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--swedbank-pay-url", required=True)
    parser.add_argument("--merchant-token", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--payee-id", default="5cabf558-5283-482f-b252-4d58e06f6f3b")
    parser.add_argument("--port-file", help="where to write the port once listening")
    options = parser.parse_args()
    backend = Backend(PSP(options.swedbank_pay_url, options.merchant_token), Store(), options.api_key,
                      options.payee_id)
    server = ThreadingHTTPServer(("127.0.0.1", options.port), make_handler(backend))
    if options.port_file:
        with open(options.port_file, "w") as file:
            file.write(str(server.server_address[1]))
    print("node-style backend listening on http://127.0.0.1:%d/" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

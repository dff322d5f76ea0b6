import Foundation

/// The HTML documents the SDK builds around the hosted view scripts (reference §3 of the web
/// controller notes), written out here so the tests run the sandbox's scripts exactly as an app
/// would: a viewport meta, one container, the `swedbankpay` message handler, and the SDK's
/// handlers. `view` is kept on `window` so a test can call `cancel()` or `refresh()`.
enum HostedViewMerchantPage {
    /// Chromium asks every top-level page for a favicon; the merchant's origin has no server.
    private static let head = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0">
        <link rel="icon" href="data:,"><title>Swedbank Pay</title></head>
        """

    private static let post = """
        function post(msg, arg) {
          window.webkit.messageHandlers.swedbankpay.postMessage({ msg: msg, arg: arg === undefined ? null : arg });
        }
        """

    /// The v3 page: static script tag at the end of the body, `open("checkout")` on load, and
    /// the SDK's `onPayerIdentified`, `onEventNotification`, `onError`, `onPaid` (the last one
    /// left out with `withOnPaid: false`, so the default redirect to completeUrl happens).
    static func checkout(scriptURL: String, withOnPaid: Bool = true, extraHandlers: String = "") -> String {
        head + """
            <body>
            <div id="checkout"></div>
            <script>
            \(post)
            window.onerror = function () { post("onScriptError", \(literal(scriptURL))); };
            function loadPaymentMenu() {
              post("onScriptLoaded", null);
              var parameters = {
                integration: "App",
                container: { checkout: "checkout" },
                onPayerIdentified: function (p) { post("payerIdentified", p); },
                onEventNotification: function (n) {
                  if (n.sourceEvent === "OnPayerIdentified") { post("payerIdentified", n); } else { post("generalEvent", n); }
                },
                \(withOnPaid ? "onPaid: function (n) { post(\"onPaid\", n); }," : "")
                \(extraHandlers)
                onError: function (e) { post("onError", e); }
              };
              window.view = window.payex.hostedView.checkout(parameters);
              window.view.open("checkout");
            }
            window.onload = loadPaymentMenu;
            </script>
            <script src="\(attribute(scriptURL))"></script>
            </body></html>
            """
    }

    /// The v2 payment menu page: the script is injected on load, `paymentMenu(...).open()`.
    static func paymentMenu(scriptURL: String) -> String {
        head + """
            <body>
            <div id="checkout"></div>
            <script>
            \(post)
            function loadPaymentMenu() {
              var script = document.createElement("script");
              script.src = \(literal(scriptURL));
              script.onload = function () {
                post("onScriptLoaded", null);
                var parameters = {
                  integration: "App", container: "checkout",
                  onError: function (e) { post("onError", e); },
                  onEventNotification: function (n) { post("generalEvent", n); }
                };
                window.view = payex.hostedView.paymentMenu(parameters);
                window.view.open();
              };
              script.onerror = function () { post("onScriptError", \(literal(scriptURL))); };
              document.head.appendChild(script);
            }
            window.onload = loadPaymentMenu;
            </script>
            </body></html>
            """
    }

    /// The checkin page: the script is injected on load, `consumer(...).open()`.
    static func checkin(scriptURL: String) -> String {
        head + """
            <body>
            <div id="checkin"></div>
            <script>
            \(post)
            window.onload = function () {
              var script = document.createElement("script");
              script.src = \(literal(scriptURL));
              script.onload = function () {
                post("onScriptLoaded", null);
                var parameters = {
                  integration: "App", container: "checkin",
                  onConsumerIdentified: function (e) { post("onConsumerIdentified", e.consumerProfileRef); },
                  onShippingDetailsAvailable: function (e) { post("onShippingDetailsAvailable", e); },
                  onError: function (e) { post("onError", e); }
                };
                payex.hostedView.consumer(parameters).open();
              };
              script.onerror = function () { post("onScriptError", \(literal(scriptURL))); };
              document.head.appendChild(script);
            };
            </script>
            </body></html>
            """
    }

    /// A JavaScript string literal (the SDK inserts URLs verbatim; the tests escape anyway).
    static func literal(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
    }

    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}

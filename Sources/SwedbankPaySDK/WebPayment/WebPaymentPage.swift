import Foundation

extension SwedbankPaySDK {
    /// The HTML documents the SDK shows (reference §3): each loads a hosted-view script from the
    /// backend's link and opens the view, and its script talks to the SDK through the message
    /// handler `swedbankpay` with `{msg: "<name>", arg: <value>}`.
    ///
    /// The page is loaded with the configuration's `webViewBaseURL` as its URL, so the hosted view
    /// sees the payment order's host URL as its origin. Every value is inserted as a JSON literal
    /// with `<`, `>` and `&` escaped, so no URL or style can end the script or break the string
    /// (the reference inserted the URL verbatim). Only the hosted script's own load failure is
    /// fatal; other errors of scripts on the page are not (the reference failed on any of them).
    enum WebPaymentPage: Sendable, Hashable {
        /// v2 consumer identification: `payex.hostedView.consumer`.
        case checkin(scriptURL: URL)
        /// v2 payment menu: `payex.hostedView.paymentMenu`.
        case paymentMenu(scriptURL: URL)
        /// v3 checkout: `payex.hostedView.checkout`.
        case checkout(scriptURL: URL)

        /// The message handler name the pages post to.
        static let messageHandlerName = "swedbankpay"
        /// How long a delayed page waits before opening the hosted view.
        static let delayMilliseconds = 500

        /// The page showing `info`'s payment menu, in its version.
        static func payment(_ info: ViewPaymentOrderInfo) -> WebPaymentPage {
            info.isV3 ? .checkout(scriptURL: info.viewPaymentLink) : .paymentMenu(scriptURL: info.viewPaymentLink)
        }

        var scriptURL: URL {
            switch self {
            case .checkin(let url), .paymentMenu(let url), .checkout(let url): return url
            }
        }

        /// The whole document. `style` is the app's `paymentMenuStyle`, passed to the hosted view
        /// as `style` when present. The page follows the system's light or dark appearance
        /// (`color-scheme`), so the web view is not a white sheet in Dark Mode.
        func html(style: JSONValue?, delayed: Bool) -> String {
            """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0">
            <meta name="color-scheme" content="light dark">
            <title>\(title)</title>
            </head>
            <body>
            <div id="\(containerID)"></div>
            <script>
            (function () {
              var scriptUrl = \(Self.literal(.string(scriptURL.absoluteString)));
              var style = \(Self.literal(style ?? .null));
              var delay = \(delayed ? Self.delayMilliseconds : 0);
              function post(msg, arg) {
                window.webkit.messageHandlers.\(Self.messageHandlerName).postMessage({ msg: msg, arg: arg === undefined ? null : arg });
              }
              function openView() {
                post("onScriptLoaded", null);
            \(parameters)
                if (style !== null) { parameters.style = style; }
                \(openCall);
              }
              function loadScript() {
                var script = document.createElement("script");
                script.src = scriptUrl;
                script.onload = openView;
                script.onerror = function () { post("onScriptError", scriptUrl); };
                document.head.appendChild(script);
              }
              window.onload = function () {
                if (delay > 0) { setTimeout(loadScript, delay); } else { loadScript(); }
              };
            })();
            </script>
            </body>
            </html>

            """
        }

        private var title: String {
            switch self {
            case .checkin: return "Swedbank Pay Checkin"
            case .paymentMenu, .checkout: return "Swedbank Pay Payment"
            }
        }

        private var containerID: String {
            switch self {
            case .checkin: return "checkin"
            case .paymentMenu, .checkout: return "checkout"
            }
        }

        private var parameters: String {
            switch self {
            case .checkin:
                return """
                        var parameters = {
                          integration: "\(PaymentIntegration.app.rawValue)",
                          container: "checkin",
                          onConsumerIdentified: function (e) { post("onConsumerIdentified", e && e.consumerProfileRef); },
                          onShippingDetailsAvailable: function (e) { post("onShippingDetailsAvailable", e); },
                          onError: function (e) { post("onError", e); }
                        };
                    """
            case .paymentMenu:
                return """
                        var parameters = {
                          integration: "\(PaymentIntegration.app.rawValue)",
                          container: "checkout",
                          onError: function (e) { post("onError", e); },
                          onEventNotification: function (n) { post("generalEvent", n); }
                        };
                    """
            case .checkout:
                return """
                        var parameters = {
                          integration: "\(PaymentIntegration.app.rawValue)",
                          container: { checkout: "checkout" },
                          onPayerIdentified: function (p) { post("payerIdentified", p); },
                          onEventNotification: function (n) {
                            post(n && n.sourceEvent === "OnPayerIdentified" ? "payerIdentified" : "generalEvent", n);
                          },
                          onError: function (e) { post("onError", e); },
                          onPaid: function (n) { post("onPaid", n); }
                        };
                    """
            }
        }

        private var openCall: String {
            switch self {
            case .checkin: return "payex.hostedView.consumer(parameters).open()"
            case .paymentMenu: return "payex.hostedView.paymentMenu(parameters).open()"
            case .checkout: return "payex.hostedView.checkout(parameters).open(\"checkout\")"
            }
        }

        /// `value` as a JavaScript literal that is safe inside a `<script>` element.
        static func literal(_ value: JSONValue) -> String {
            var text = ""
            for scalar in value.jsonText.unicodeScalars {
                switch scalar {
                case "<": text += "\\u003c"
                case ">": text += "\\u003e"
                case "&": text += "\\u0026"
                case "\u{2028}": text += "\\u2028"
                case "\u{2029}": text += "\\u2029"
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text
        }
    }
}

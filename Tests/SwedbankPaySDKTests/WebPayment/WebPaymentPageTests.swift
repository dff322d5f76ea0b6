import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct WebPaymentPageTests {
    typealias Page = SwedbankPaySDK.WebPaymentPage

    @Test func theCheckoutPageIsExactlyThis() {
        let page = Page.checkout(scriptURL: URL(string: "https://psp.example/checkout.js?token=1&culture=sv-SE")!)
        let expected = """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1.0, maximum-scale=1.0">
            <meta name="color-scheme" content="light dark">
            <title>Swedbank Pay Payment</title>
            </head>
            <body>
            <div id="checkout"></div>
            <script>
            (function () {
              var scriptUrl = "https://psp.example/checkout.js?token=1\\u0026culture=sv-SE";
              var style = null;
              var delay = 0;
              function post(msg, arg) {
                window.webkit.messageHandlers.swedbankpay.postMessage({ msg: msg, arg: arg === undefined ? null : arg });
              }
              function openView() {
                post("onScriptLoaded", null);
                var parameters = {
                  integration: "App",
                  container: { checkout: "checkout" },
                  onPayerIdentified: function (p) { post("payerIdentified", p); },
                  onEventNotification: function (n) {
                    post(n && n.sourceEvent === "OnPayerIdentified" ? "payerIdentified" : "generalEvent", n);
                  },
                  onError: function (e) { post("onError", e); },
                  onPaid: function (n) { post("onPaid", n); }
                };
                if (style !== null) { parameters.style = style; }
                payex.hostedView.checkout(parameters).open("checkout");
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
        #expect(page.html(style: nil, delayed: false) == expected)
    }

    @Test func theCheckinPageOpensTheConsumerView() {
        let html = Page.checkin(scriptURL: URL(string: "https://psp.example/consumer.js")!).html(
            style: nil, delayed: false)
        #expect(html.contains("<title>Swedbank Pay Checkin</title>\n</head>\n<body>\n<div id=\"checkin\"></div>"))
        #expect(
            html.contains(
                """
                    var parameters = {
                      integration: "App",
                      container: "checkin",
                      onConsumerIdentified: function (e) { post("onConsumerIdentified", e && e.consumerProfileRef); },
                      onShippingDetailsAvailable: function (e) { post("onShippingDetailsAvailable", e); },
                      onError: function (e) { post("onError", e); }
                    };
                    if (style !== null) { parameters.style = style; }
                    payex.hostedView.consumer(parameters).open();
                """))
    }

    @Test func theV2MenuPageOpensThePaymentMenuView() {
        let html = Page.paymentMenu(scriptURL: URL(string: "https://psp.example/menu.js")!).html(
            style: nil, delayed: true)
        #expect(html.contains("  var delay = 500;\n"))
        #expect(
            html.contains(
                """
                    var parameters = {
                      integration: "App",
                      container: "checkout",
                      onError: function (e) { post("onError", e); },
                      onEventNotification: function (n) { post("generalEvent", n); }
                    };
                    if (style !== null) { parameters.style = style; }
                    payex.hostedView.paymentMenu(parameters).open();
                """))
    }

    @Test func theStyleIsAJSONLiteralThatCannotEndTheScript() {
        let style: SwedbankPaySDK.JSONValue = .object([
            "button": .object(["backgroundColor": .string("#2f2f2f")]),
            "note": .string("</script><script>alert(1)</script> & \u{2028}"),
        ])
        let html = Page.checkout(scriptURL: URL(string: "https://psp.example/c.js")!).html(style: style, delayed: false)
        #expect(
            html.contains(
                ##"  var style = {"button":{"backgroundColor":"#2f2f2f"},"note":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 \u2028"};"##
            ))
        #expect(html.components(separatedBy: "</script>").count == 2)
    }

    @Test func aQuoteInTheScriptURLStaysInsideTheString() {
        // The reference inserted the URL verbatim into a single-quoted string (a `'` broke the page).
        let url = URL(string: "https://psp.example/c.js?q='x'")!
        let html = Page.paymentMenu(scriptURL: url).html(style: nil, delayed: false)
        #expect(html.contains(#"  var scriptUrl = "https://psp.example/c.js?q='x'";"#))
    }

    @Test func thePaymentPageFollowsTheOrdersVersion() {
        #expect(
            Page.payment(WebPaymentFixtures.v3Info) == .checkout(scriptURL: WebPaymentFixtures.v3Info.viewPaymentLink))
        #expect(
            Page.payment(WebPaymentFixtures.v2Info)
                == .paymentMenu(scriptURL: WebPaymentFixtures.v2Info.viewPaymentLink))
    }
}

@Suite struct WebPaymentMessageTests {
    typealias Message = SwedbankPaySDK.WebPaymentMessage
    let checkin = SwedbankPaySDK.WebPaymentPage.checkin(scriptURL: URL(string: "https://psp.example/c.js")!)
    let checkout = SwedbankPaySDK.WebPaymentPage.checkout(scriptURL: URL(string: "https://psp.example/v.js")!)

    private func message(_ json: String, on page: SwedbankPaySDK.WebPaymentPage) throws -> Message? {
        Message(body: try SwedbankPaySDK.JSONValue(parsing: json), page: page)
    }

    @Test func paymentPageMessages() throws {
        #expect(try message(#"{"msg":"onScriptLoaded","arg":null}"#, on: checkout) == .scriptLoaded)
        #expect(
            try message(#"{"msg":"onScriptError","arg":"https://psp.example/v.js"}"#, on: checkout)
                == .scriptError(scriptURL: URL(string: "https://psp.example/v.js")))
        #expect(
            try message(
                #"{"msg":"onError","arg":{"origin":"checkout","messageId":"m1","details":"boom"}}"#, on: checkout)
                == .error(SwedbankPaySDK.TerminalFailure(origin: "checkout", messageId: "m1", details: "boom")))
        #expect(try message(#"{"msg":"onError","arg":"text"}"#, on: checkout) == .error(nil))
        #expect(try message(#"{"msg":"onPaid","arg":{"id":"x"}}"#, on: checkout) == .paid)
        #expect(try message(#"{"msg":"payerIdentified","arg":{}}"#, on: checkout) == .payerIdentified)
        #expect(
            try message(
                #"{"msg":"generalEvent","arg":{"sourceEvent":"OnCheckoutLoaded","bodyHeight":600}}"#, on: checkout)
                == .event(
                    name: "OnCheckoutLoaded",
                    arguments: ["sourceEvent": .string("OnCheckoutLoaded"), "bodyHeight": .integer(600)]))
        #expect(
            try message(#"{"msg":"generalEvent","arg":{"details":"OnResized"}}"#, on: checkout)
                == .event(name: "OnResized", arguments: ["details": .string("OnResized")]))
    }

    @Test func checkinMessages() throws {
        #expect(
            try message(#"{"msg":"onConsumerIdentified","arg":"cpr-1"}"#, on: checkin)
                == .consumerIdentified(consumerProfileRef: "cpr-1"))
        #expect(
            try message(#"{"msg":"onShippingDetailsAvailable","arg":{"a":1}}"#, on: checkin)
                == .shippingDetailsAvailable)
        #expect(try message(#"{"msg":"onError","arg":null}"#, on: checkin) == .error(nil))
    }

    @Test func anythingElseIsIgnored() throws {
        let ignored: [(String, SwedbankPaySDK.WebPaymentPage)] = [
            (#"{"msg":"onConsumerIdentified","arg":42}"#, checkin),
            (#"{"msg":"onConsumerIdentified","arg":"cpr"}"#, checkout),
            (#"{"msg":"onPaid"}"#, checkin),
            (#"{"msg":"generalEvent","arg":{"sourceEvent":1}}"#, checkout),
            (#"{"msg":"generalEvent","arg":"OnCheckoutLoaded"}"#, checkout),
            (#"{"msg":"somethingNew","arg":null}"#, checkout),
            (#"{"message":"onPaid"}"#, checkout),
            (#""onPaid""#, checkout),
        ]
        for (json, page) in ignored {
            #expect(try message(json, on: page) == nil, "\(json)")
        }
    }
}

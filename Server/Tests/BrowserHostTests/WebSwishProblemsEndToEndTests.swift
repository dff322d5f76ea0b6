import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every documented Swish problem through the SDK's web flow: `SwedbankPaySDKController` in
/// Chromium, the Merchant Backend and the sandbox; the payer chooses Swish in the menu and the
/// attempt ends with the problem (armed through the control API). What the SDK reports is what
/// the portal documents for the Seamless View: a failed attempt may be tried again, so the
/// hosted view shows the error and fires `onPaymentAttemptFailed` (v2:
/// `onPaymentTransactionFailed`) with `details` "[status title] detail", which the SDK hands to
/// `javaScriptEvent(name:arguments:)`; the payment neither fails nor completes. One world (one
/// Chromium), a page per payment.
@MainActor @Suite(.serialized, .timeLimit(.minutes(6))) struct WebSwishProblemsEndToEndTests {
    /// The portal's Swish problem list, with each one's status.
    static let documented: [(name: String, status: Int64)] = [
        ("bankidalreadyinuse", 409), ("bankidcancelled", 409), ("bankiderror", 502), ("configerror", 403),
        ("inputerror", 400), ("paymentagelimitnotmet", 403), ("socialsecuritynumbermismatch", 403),
        ("swishalreadyinuse", 403), ("swishdeclined", 403), ("swisherror", 502), ("swishgatewaytimeout", 504),
        ("swishtimeout", 403), ("systemerror", 500), ("usercancelled", 403),
    ]

    @Test func everySwishProblemIsReportedAsTheHostedViewDocumentsIt() async throws {
        try await WebPaymentWorld.run { world in
            for (index, (name, status)) in Self.documented.enumerated() {
                for v3 in [true, false] {
                    let recorder = DelegateRecorder()
                    let controller = world.controller(recorder)
                    if v3 {
                        controller.startPayment(paymentOrder: world.order())
                    } else {
                        controller.startPayment(
                            withCheckin: false, consumer: nil, paymentOrder: world.order(v3: false), userData: nil)
                    }
                    try await recorder.wait(for: "paymentOrderDidShow")
                    #expect(controller.currentPaymentOrder?.isV3 == v3)
                    let info = try #require(controller.currentPaymentOrder)
                    let path = try #require(info.paymentId)
                    let problem = try await Self.arm(name, path, in: world)
                    #expect(problem["status"] == .integer(status), "\(name)")
                    #expect(problem["type"]?.stringValue?.hasSuffix("/\(name)") == true, "\(name)")
                    let title = problem["title"]?.stringValue ?? ""
                    let detail = problem["detail"]?.stringValue ?? ""

                    let page = try world.sdkPage()
                    let menu = try world.menu(info)
                    try await Self.paySwish(page, menu, choose: true)
                    let failedEvent = v3 ? "OnPaymentAttemptFailed" : "OnPaymentTransactionFailed"
                    let failed = try await recorder.waitForJavaScriptEvent(failedEvent)
                    let details = SwedbankPaySDK.JSONValue.string("[\(status) \(title)] \(detail)")
                    let expected: SwedbankPaySDK.JSONObject =
                        v3
                        ? [
                            "sourceEvent": .string(failedEvent), "event": .string(failedEvent),
                            "paymentOrder": .object(["id": .string(path)]), "details": details,
                        ]
                        : [
                            "sourceEvent": .string(failedEvent), "actionType": .string(failedEvent),
                            "id": .string(path), "paymentOrderId": .string(path), "details": details,
                        ]
                    #expect(failed == .object(expected), "\(name) v3=\(v3)")
                    // The hosted view shows the problem and offers the menu again.
                    let notice = try await page.evaluate("document.getElementById('notice').textContent", in: menu)
                    #expect(notice.stringValue?.hasPrefix("\(title). \(detail)") == true, "\(name): \(notice)")
                    // What the SDK reported: the menu shown (and, v3, the instrument chosen), the
                    // page's events in order, and no ending.
                    #expect(recorder.events == (v3 ? ["paymentOrderDidShow", "instrumentSelected"] : ["paymentOrderDidShow"]))
                    #expect(
                        recorder.javaScriptEvents.filter { !$0.hasSuffix("Resized") && $0 != "OnApplicationConfigured" }
                            == (v3
                                ? ["OnCheckoutLoaded", "OnInstrumentSelected", "OnPaymentAttemptStarted", failedEvent]
                                : [
                                    "OnPaymentMenuInstrumentSelected", "OnPaymentCreated", "OnPaymentPending",
                                    failedEvent,
                                ]),
                        "\(name) v3=\(v3)")
                    #expect(try await Self.lastFailedAttempt(path, in: world) == ["Swish", problem["type"]?.stringValue ?? ""])
                    #expect(try await world.statusAtSwedbankPay(info) == "Initialized")

                    // The documented retry, once per version: the same payer pays with Swish again.
                    if index == Self.documented.count - 1 {
                        try await Self.paySwish(page, menu, choose: false)
                        try await recorder.wait(for: "paymentComplete")
                        #expect(recorder.events.last == "paymentComplete")
                        #expect(try await world.statusAtSwedbankPay(info) == "Paid")
                    }
                    await world.host.last?.close()
                }
            }
        }
    }

    /// Pays with Swish in the menu (choosing it first when `choose`) and approves in "the app".
    static func paySwish(_ page: BrowserPage, _ menu: BrowserPage.Frame, choose: Bool) async throws {
        if choose {
            try await page.waitFor("document.querySelector('#choose-Swish')", in: menu)
            try await page.click("#choose-Swish", in: menu)
            try await page.type("+46 739 000 001", into: "#swish-msisdn", in: menu)
        }
        try await page.waitFor("!document.querySelector('#pay-swish').disabled", in: menu)
        try await page.click("#pay-swish", in: menu)
        try await page.waitFor("!document.querySelector('#swish-pending').hidden", in: menu)
        try await page.click("#swish-approve", in: menu)
    }

    /// Arms the order's next Swish attempt with `name` through the control API; the problem row.
    static func arm(_ name: String, _ path: String, in world: WebPaymentWorld) async throws -> SwedbankPaySDK.JSONObject
    {
        var request = URLRequest(url: try #require(URL(string: world.sandboxURL + "/sandbox" + path.dropFirst(4) + "/problem")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"instrument": "Swish", "problem": "\#(name)"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        try #require((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        let answer = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        return try #require(answer.objectValue?["problem"]?.objectValue)
    }

    /// The instrument and problem type of the order's last failed attempt at Swedbank Pay.
    static func lastFailedAttempt(_ path: String, in world: WebPaymentWorld) async throws -> [String] {
        var request = URLRequest(url: try #require(URL(string: world.sandboxURL + path + "/failedattempts")))
        request.setValue("Bearer \(WebPaymentWorld.merchantToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let document = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        let last = document.objectValue?["failedAttempts"]?.objectValue?["failedAttemptList"]?.arrayValue?.last?.objectValue
        return [
            last?["instrument"]?.stringValue ?? "", last?["problem"]?.objectValue?["type"]?.stringValue ?? "",
        ]
    }
}

import Foundation
import SwedbankPaySDK

@testable import PaymentSandbox

/// Payment orders for session tests, put straight into the sandbox's store (the payment order
/// API is another module's), and the request bodies the iOS SDK 5.0.x sends (reference §2.4).
enum PaymentSessionFixtures {
    static let base = "http://sandbox.test"
    static let merchant = "https://merchant.example"

    /// A v3 Purchase of 15.00 SEK, Swedish culture, with every URL but callbackUrl.
    static func order(
        ids: IDGenerator, description: String = "Test purchase", amount: Int64 = 1500,
        payerReference: String? = nil, msisdn: String? = nil, instrument: String? = nil,
        restrictedTo: [String]? = nil, cancelUrl: Bool = true
    ) -> PaymentOrderRecord {
        var payer: SwedbankPaySDK.PaymentOrderPayer?
        if payerReference != nil || msisdn != nil {
            payer = SwedbankPaySDK.PaymentOrderPayer(msisdn: msisdn, payerReference: payerReference)
        }
        let order = SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: amount, vatAmount: amount / 5, description: description,
            language: .Swedish, instrument: instrument.map { SwedbankPaySDK.Instrument(rawValue: $0) },
            restrictedToInstruments: restrictedTo,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [URL(string: merchant)!], completeUrl: URL(string: merchant + "/complete")!,
                cancelUrl: cancelUrl ? URL(string: merchant + "/cancel")! : nil,
                paymentUrl: URL(string: merchant + "/sdk-callback/payment")!,
                termsOfServiceUrl: URL(string: merchant + "/terms")!),
            payeeInfo: SwedbankPaySDK.PayeeInfo(
                payeeId: "sandbox-payee", payeeReference: "R\(ids.number(digits: 10))", payeeName: "Merchant AB"),
            payer: payer)
        return PaymentOrderRecord(
            id: ids.guid(), created: Date(), updated: Date(), isV3: true, order: order, requestMembers: [:],
            viewToken: ids.token(), sessionToken: ids.token(), nextAttemptNumber: 1)
    }

    /// Stores `record` and returns the session URL's path (as in `view-paymentsession`).
    static func insert(_ record: PaymentOrderRecord, into sandbox: PaymentSandbox) async -> String {
        _ = await sandbox.services.store.insert(record)
        return "/psp/paymentsessions/\(record.sessionToken)?_tc_tid=30f2168171e142d38bcd4af2c3721959"
    }

    /// A stored card token of `payerReference`.
    static func storedCard(
        _ payerReference: String, token: String, pan maskedPan: String, brand: String = "Visa",
        expiry: String = "12/2031"
    ) -> PayerTokenRecord {
        PayerTokenRecord(
            token: token, payerReference: payerReference, instrument: .creditCard, instrumentDisplayName: maskedPan,
            instrumentParameters: ["expiryDate": expiry, "cardBrand": brand])
    }

    static let visaToken = "5a17c24e-0000-4000-8000-492500000004"
    static let masterCardToken = "5a17c24e-0000-4000-8000-522661003406"
}

/// The JSON bodies of the iOS SDK (reference §2.4), byte for byte what it sends.
enum SDKBodies {
    static let client =
        #"{"userAgent": "SwedbankPaySDK-iOS/5.0.2", "screenHeight": "2532", "screenWidth": "1170", "screenColorDepth": "24"}"#
    static let nativeClient =
        #"{"userAgent": "SwedbankPaySDK-iOS/5.0.2", "screenHeight": "2532", "screenWidth": "1170", "screenColorDepth": "24", "clientType": "Native"}"#
    static let browser =
        #"{"acceptHeader": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "timeZoneOffset": "120", "javascriptEnabled": true, "language": "sv-SE"}"#

    static let prepare = """
        {"integration": "App", "deviceAcceptedWallets": "ApplePay;ClickToPay", "client": \(client), "browser": \(browser),
         "service": {"name": "SwedbankPaySDK-iOS", "version": "5.0.2"}, "presentationSdk": {"name": "iOS", "version": "5.0.2"}}
        """

    static func expand(_ method: String) -> String { #"{"paymentMethod": "\#(method)"}"# }

    static func swish(msisdn: String?) -> String {
        let number = msisdn.map { "\"\($0)\"" } ?? "null"
        return #"{"culture": "sv-SE", "msisdn": \#(number), "client": \#(nativeClient)}"#
    }

    static func card(_ paymentToken: String) -> String {
        #"{"culture": "sv-SE", "paymentToken": "\#(paymentToken)", "client": \#(nativeClient)}"#
    }

    static let applePay = #"{"culture": "sv-SE", "client": \#(nativeClient)}"#

    static func createAuthentication(indicator: String, notificationUrl: String) -> String {
        """
        {"methodCompletionIndicator": "\(indicator)", "notificationUrl": "\(notificationUrl)", "requestWindowSize": "FULLSCREEN",
         "client": \(client), "browser": \(browser)}
        """
    }

    static func completeAuthentication(_ cres: String) -> String {
        #"{"cRes": "\#(cres)", "client": {"userAgent": "SwedbankPaySDK-iOS/5.0.2"}}"#
    }

    static func attemptPayload(_ payload: String) -> String {
        #"{"paymentMethod": "ApplePay", "paymentPayload": "\#(payload)"}"#
    }

    static func fail(_ problemType: String, errorCode: String? = nil) -> String {
        let code = errorCode.map { "\"\($0)\"" } ?? "null"
        return #"{"problemType": "\#(problemType)", "errorCode": \#(code)}"#
    }

    static func customize(paymentMethod: String?) -> String {
        let method = paymentMethod.map { "\"\($0)\"" } ?? "null"
        return #"{"paymentMethod": \#(method), "restrictToPaymentMethods": null}"#
    }

    static let beacon = """
        {"type": "ClientEvent", "client": \(client), "service": {"name": "SwedbankPaySDK-iOS", "version": "5.0.2"},
         "event": {"created": "2025-05-13T10:07:08.123+02:00", "action": "SDKMethodInvoked",
                   "method": {"name": "startPaymentSession", "sdk": "true", "succeeded": true}}}
        """

    /// base64 of a simulated Apple Pay token (`PKPaymentToken.paymentData`).
    static func applePayToken(data: String = "c2FuZGJveA==", version: String = "EC_v1") -> String {
        let token = """
            {"version": "\(version)", "data": "\(data)", "signature": "c2lnbmF0dXJl",
             "header": {"ephemeralPublicKey": "a2V5", "publicKeyHash": "aGFzaA==", "transactionId": "0a1b2c3d"}}
            """
        return Data(token.utf8).base64EncodedString()
    }
}

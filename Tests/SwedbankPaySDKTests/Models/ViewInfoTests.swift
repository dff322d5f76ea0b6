import Foundation
import Testing

@testable import SwedbankPaySDK

/// Reaches the deprecated alias through a protocol witness, which does not trigger the
/// deprecation warning that a direct use would (warnings fail the build).
private protocol LegacyViewPaymentOrderName {
    var viewPaymentorder: URL { get }
}

extension SwedbankPaySDK.ViewPaymentOrderInfo: LegacyViewPaymentOrderName {}

private struct RegisteredUserInfo: Codable, Sendable, Hashable {
    var orderId: Int
    var note: String
}

private struct DefaultNamedUserInfo: Codable, Sendable, Hashable {
    var token: String
}

private struct UnregisteredUserInfo: Codable, Sendable, Hashable {
    var value: Int
}

private struct ReservedNameUserInfo: Codable, Sendable, Hashable {
    var value: Int
}

private struct NotHashableUserInfo: Sendable {}

private struct ConcurrentUserInfo: Codable, Sendable, Hashable {
    var index: Int
}

extension ModelsTests {
    @Suite struct ViewInfoTests {
        private typealias Info = SwedbankPaySDK.ViewPaymentOrderInfo

        /// The custom-backend example of seed 004.
        private static func seedInfo() -> Info {
            let viewPaymentorder = URL(string: "https://ecom.example/checkout/client.js?token=abc")!
            return SwedbankPaySDK.ViewPaymentOrderInfo(
                isV3: true,
                webViewBaseURL: URL(string: "https://example.com/"),
                viewPaymentLink: viewPaymentorder,
                completeUrl: URL(string: "https://example.com/complete")!,
                cancelUrl: URL(string: "https://example.com/cancel"),
                paymentUrl: URL(string: "https://example.com/payment/ios"),
                termsOfServiceUrl: URL(string: "https://example.com/tos"))
        }

        @Test func seedViewPaymentOrderInfo() throws {
            let info = Self.seedInfo()
            #expect(info.paymentId == nil)
            #expect(info.isV3)
            #expect(info.viewConsumerIdentification == nil)
            #expect(info.instrument == nil)
            #expect(info.availableInstruments == nil)
            #expect(info.userInfo == nil)
            #expect(info.operations == nil)
            func legacyLink<T: LegacyViewPaymentOrderName>(_ value: T) -> URL { value.viewPaymentorder }
            #expect(legacyLink(info) == URL(string: "https://ecom.example/checkout/client.js?token=abc")!)
            #expect(
                try ModelJSON.encode(info)
                    == ModelJSON.parse(
                        """
                        {"isV3": true, "webViewBaseURL": "https://example.com/",
                         "viewPaymentLink": "https://ecom.example/checkout/client.js?token=abc",
                         "completeUrl": "https://example.com/complete", "cancelUrl": "https://example.com/cancel",
                         "paymentUrl": "https://example.com/payment/ios", "termsOfServiceUrl": "https://example.com/tos"}
                        """))
            #expect(try ModelJSON.roundTrip(info) == info)
        }

        @Test func seedViewConsumerIdentificationInfo() throws {
            let viewConsumerIdentification = URL(string: "https://ecom.example/consumers/core/scripts/client.js")!
            let info = SwedbankPaySDK.ViewConsumerIdentificationInfo(
                webViewBaseURL: URL(string: "https://example.com/"),
                viewConsumerIdentification: viewConsumerIdentification
            )
            #expect(
                try ModelJSON.encode(info)
                    == ModelJSON.parse(
                        """
                        {"webViewBaseURL": "https://example.com/",
                         "viewConsumerIdentification": "https://ecom.example/consumers/core/scripts/client.js"}
                        """))
            #expect(try ModelJSON.roundTrip(info) == info)
            let withoutBase = try ModelJSON.decode(
                SwedbankPaySDK.ViewConsumerIdentificationInfo.self,
                #"{"viewConsumerIdentification": "https://x.example/"}"#
            )
            #expect(withoutBase.webViewBaseURL == nil)
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.ViewConsumerIdentificationInfo.self, #"{"webViewBaseURL": "https://x.example/"}"#,
                key: "viewConsumerIdentification"
            )
        }

        @Test func fullRoundTripWithURLUserInfo() throws {
            var info = Self.seedInfo()
            info.paymentId = "/psp/paymentorders/1"
            info.viewConsumerIdentification = URL(string: "https://ecom.example/identify.js")
            info.instrument = .creditCard
            info.availableInstruments = [.creditCard, .swish, "Unknown"]
            info.operations = [SwedbankPaySDK.Operation(rel: "abort", method: "PATCH", href: "https://api.example/1")]
            info.userInfo = URL(string: "https://merchant.example/order/1")!
            let object = try #require(try ModelJSON.encode(info).objectValue)
            #expect(
                object["userInfo"]
                    == .object([
                        "type": .string("com.swedbankpay.mobilesdk.URL"),
                        "value": .string("https://merchant.example/order/1"),
                    ]))
            #expect(
                object["availableInstruments"] == .array([.string("CreditCard"), .string("Swish"), .string("Unknown")])
            )
            let decoded = try ModelJSON.roundTrip(info)
            #expect(decoded == info)
            #expect(decoded.userInfo as? URL == URL(string: "https://merchant.example/order/1")!)
            #expect(decoded.viewConsumerIdentification == URL(string: "https://ecom.example/identify.js"))
            #expect(decoded.operations?.findOperation(rel: .abort)?.href == "https://api.example/1")
        }

        @Test func builtInUserInfoTypes() throws {
            let values: [(any Sendable, String)] = [
                ("text", "String"), (42, "Int"), (true, "Bool"), (Data([1, 2, 3]), "Data"),
            ]
            for (value, name) in values {
                var info = Self.seedInfo()
                info.userInfo = value
                let object = try #require(try ModelJSON.encode(info).objectValue)
                #expect(object["userInfo"]?.objectValue?["type"] == .string("com.swedbankpay.mobilesdk.\(name)"))
                let decoded = try ModelJSON.roundTrip(info)
                #expect(decoded == info)
                #expect(type(of: decoded.userInfo!) == type(of: value))
            }
        }

        @Test func registeredCustomUserInfoRoundTrip() throws {
            SwedbankPaySDK.registerCodable(RegisteredUserInfo.self, encodedTypeName: "test.RegisteredUserInfo")
            var info = Self.seedInfo()
            info.userInfo = RegisteredUserInfo(orderId: 7, note: "gift")
            let object = try #require(try ModelJSON.encode(info).objectValue)
            #expect(
                try object["userInfo"]
                    == ModelJSON.parse(
                        """
                        {"type": "test.RegisteredUserInfo", "value": {"orderId": 7, "note": "gift"}}
                        """))
            let decoded = try ModelJSON.roundTrip(info)
            #expect(decoded.userInfo as? RegisteredUserInfo == RegisteredUserInfo(orderId: 7, note: "gift"))
            #expect(decoded == info)
        }

        @Test func defaultRegisteredNameIsTheReflectedTypeName() throws {
            SwedbankPaySDK.registerCodable(DefaultNamedUserInfo.self)
            var info = Self.seedInfo()
            info.userInfo = DefaultNamedUserInfo(token: "t")
            let object = try #require(try ModelJSON.encode(info).objectValue)
            #expect(object["userInfo"]?.objectValue?["type"] == .string(String(reflecting: DefaultNamedUserInfo.self)))
            #expect(try ModelJSON.roundTrip(info) == info)
        }

        @Test func concurrentRegistrationAndUse() async throws {
            // Every task registers its own name for the same type and immediately reads data written
            // under that name; a torn table would lose names or crash.
            let decodedNames = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let name = "test.Concurrent\(index)"
                        SwedbankPaySDK.registerCodable(ConcurrentUserInfo.self, encodedTypeName: name)
                        let json = """
                            {"viewPaymentLink": "https://x.example/m", "completeUrl": "https://x.example/c",
                             "userInfo": {"type": "\(name)", "value": {"index": \(index)}}}
                            """
                        let info = try ModelJSON.decode(Info.self, json)
                        let value = try #require(info.userInfo as? ConcurrentUserInfo)
                        return "\(name)=\(value.index)"
                    }
                }
                var names: Set<String> = []
                for try await name in group {
                    names.insert(name)
                }
                return names
            }
            #expect(decodedNames == Set((0..<64).map { "test.Concurrent\($0)=\($0)" }))
        }

        @Test func unregisteredTypeFailsToEncode() {
            var info = Self.seedInfo()
            info.userInfo = UnregisteredUserInfo(value: 1)
            let expected = SwedbankPaySDK.UnregisteredCodableError(
                typeName: String(reflecting: UnregisteredUserInfo.self)
            )
            #expect(throws: expected) {
                try JSONEncoder().encode(info)
            }
        }

        @Test func reservedNamesCannotBeRegistered() {
            SwedbankPaySDK.registerCodable(ReservedNameUserInfo.self, encodedTypeName: "com.swedbankpay.mobilesdk.Mine")
            var info = Self.seedInfo()
            info.userInfo = ReservedNameUserInfo(value: 1)
            let expected = SwedbankPaySDK.UnregisteredCodableError(
                typeName: String(reflecting: ReservedNameUserInfo.self)
            )
            #expect(throws: expected) {
                try JSONEncoder().encode(info)
            }
        }

        @Test func unknownTypeNameFailsToDecode() {
            let json = """
                {"isV3": false, "viewPaymentLink": "https://x.example/menu.js", "completeUrl": "https://x.example/c",
                 "userInfo": {"type": "test.NeverRegistered", "value": 1}}
                """
            #expect(throws: SwedbankPaySDK.UnregisteredCodableError(typeName: "test.NeverRegistered")) {
                try ModelJSON.decode(Info.self, json)
            }
        }

        @Test func decodingIsLenientAndNeedsTheMenuAndCompleteURLs() throws {
            let info = try ModelJSON.decode(
                Info.self,
                """
                {"viewPaymentLink": "https://x.example/menu.js", "completeUrl": "https://x.example/c",
                 "codableUserInfoType": "legacy", "somethingElse": [1]}
                """)
            #expect(info.isV3 == false)
            #expect(info.viewPaymentLink == URL(string: "https://x.example/menu.js")!)
            #expect(info.userInfo == nil)
            ModelJSON.expectMissingKey(Info.self, #"{"completeUrl": "https://x.example/c"}"#, key: "viewPaymentLink")
            ModelJSON.expectMissingKey(Info.self, #"{"viewPaymentLink": "https://x.example/m"}"#, key: "completeUrl")
        }

        @Test func equalityComparesUserInfo() {
            let base = Self.seedInfo()
            var withURL = base
            withURL.userInfo = URL(string: "https://a.example/")!
            var sameURL = base
            sameURL.userInfo = URL(string: "https://a.example/")!
            var otherURL = base
            otherURL.userInfo = URL(string: "https://b.example/")!
            var notHashable = base
            notHashable.userInfo = NotHashableUserInfo()
            #expect(base == Self.seedInfo())
            #expect(withURL == sameURL)
            #expect(withURL != otherURL)
            #expect(withURL != base)
            #expect(base != withURL)
            #expect(notHashable != notHashable)
            #expect(Set([withURL, sameURL]).count == 1)
            var otherField = base
            otherField.paymentId = "1"
            #expect(otherField != base)
        }
    }
}

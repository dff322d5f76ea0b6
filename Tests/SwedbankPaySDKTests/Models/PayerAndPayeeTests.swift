import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct PayerAndPayeeTests {
        @Test func payerInitializersAreDistinct() throws {
            let byProfile = SwedbankPaySDK.PaymentOrderPayer(consumerProfileRef: "x")
            #expect(byProfile.consumerProfileRef == "x")
            #expect(try ModelJSON.encode(byProfile) == ModelJSON.parse(#"{"consumerProfileRef": "x"}"#))

            let identifier = SwedbankPaySDK.PaymentOrderPayer.NationalIdentifier(
                socialSecurityNumber: "199710202392", countryCode: "SE"
            )
            let byIdentity = SwedbankPaySDK.PaymentOrderPayer(nationalIdentifier: identifier, payerReference: "p")
            #expect(
                try ModelJSON.encode(byIdentity)
                    == ModelJSON.parse(
                        """
                        {"nationalIdentifier": {"socialSecurityNumber": "199710202392", "countryCode": "SE"},
                         "payerReference": "p"}
                        """))

            let v3 = SwedbankPaySDK.PaymentOrderPayer(
                requireConsumerInfo: true, digitalProducts: false, shippingAddressRestrictedToCountryCodes: ["NO"]
            )
            #expect(
                try ModelJSON.encode(v3)
                    == ModelJSON.parse(
                        """
                        {"requireConsumerInfo": true, "digitalProducts": false, "shippingAddressRestrictedToCountryCodes": ["NO"]}
                        """))

            let empty = SwedbankPaySDK.PaymentOrderPayer()
            #expect(try ModelJSON.encode(empty) == .object([:]))
            let onlyReference = SwedbankPaySDK.PaymentOrderPayer(payerReference: "r")
            #expect(try ModelJSON.encode(onlyReference) == .object(["payerReference": .string("r")]))
        }

        @Test func payerRoundTripWithEveryField() throws {
            var payer = SwedbankPaySDK.PaymentOrderPayer(
                consumerProfileRef: "cpr", email: "leia@example.com", msisdn: "+46739000001", payerReference: "ref"
            )
            payer.requireConsumerInfo = true
            payer.digitalProducts = true
            payer.nationalIdentifier = .init(socialSecurityNumber: "1", countryCode: "SE")
            payer.shippingAddressRestrictedToCountryCodes = ["SE", "NO"]
            let object = try #require(try ModelJSON.encode(payer).objectValue)
            #expect(object.count == 8)
            #expect(object["msisdn"] == .string("+46739000001"))
            #expect(try ModelJSON.roundTrip(payer) == payer)
            let decoded = try ModelJSON.decode(SwedbankPaySDK.PaymentOrderPayer.self, #"{"email": "e", "x": 1}"#)
            #expect(decoded == SwedbankPaySDK.PaymentOrderPayer(email: "e"))
        }

        @Test func payeeInfoDefaultsToEmptyIdentifiers() throws {
            let payee = SwedbankPaySDK.PayeeInfo()
            #expect(try ModelJSON.encode(payee) == ModelJSON.parse(#"{"payeeId": "", "payeeReference": ""}"#))
            let decoded = try ModelJSON.decode(SwedbankPaySDK.PayeeInfo.self, #"{"payeeName": "Shop", "other": 2}"#)
            #expect(decoded == SwedbankPaySDK.PayeeInfo(payeeName: "Shop"))
            #expect(decoded.payeeId == "")
            #expect(decoded.payeeReference == "")
            let full = SwedbankPaySDK.PayeeInfo(
                payeeId: "id", payeeReference: "r", payeeName: "n", productCategory: "c", orderReference: "o",
                subsite: "s"
            )
            #expect(try ModelJSON.roundTrip(full) == full)
        }

        @Test func urlsRoundTripAsAbsoluteStrings() throws {
            let urls = SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [URL(string: "https://a.example/")!, URL(string: "https://b.example/")!],
                completeUrl: URL(string: "https://a.example/complete")!,
                cancelUrl: URL(string: "https://a.example/cancel"),
                paymentUrl: URL(string: "https://a.example/pay?x=1&y=2"),
                callbackUrl: URL(string: "https://a.example/cb"),
                termsOfServiceUrl: URL(string: "https://a.example/tos")
            )
            #expect(
                try ModelJSON.encode(urls)
                    == ModelJSON.parse(
                        """
                        {"hostUrls": ["https://a.example/", "https://b.example/"], "completeUrl": "https://a.example/complete",
                         "cancelUrl": "https://a.example/cancel", "paymentUrl": "https://a.example/pay?x=1&y=2",
                         "callbackUrl": "https://a.example/cb", "termsOfServiceUrl": "https://a.example/tos"}
                        """))
            #expect(try ModelJSON.roundTrip(urls) == urls)
        }
    }
}

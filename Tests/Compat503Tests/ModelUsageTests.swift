import Foundation
import SwedbankPaySDK
import Testing

/// Models built and changed as a 5.0.3 app does.
@Suite struct ModelUsageTests {
    @Test func riskIndicatorIsBuiltWithoutTryAndItsShipFieldsAreSettable() throws {
        var riskIndicator = SwedbankPaySDK.RiskIndicator(
            deliveryEmailAddress: "leia@example.com",
            deliveryTimeFrameIndicator: .ElectronicDelivery,
            preOrderDate: DateComponents(year: 2030, month: 1, day: 2),
            preOrderPurchaseIndicator: .FutureAvailability,
            shipIndicator: .PickUpAtStore(
                pickUpAddress: SwedbankPaySDK.PickUpAddress(name: "Store 1", city: "Stockholm")),
            giftCardPurchase: false,
            reOrderPurchaseIndicator: .FirstTimeOrdered
        )
        #expect(riskIndicator.preOrderDate == "20300102")
        #expect(riskIndicator.shipIndicator == .PickUpAtStore)
        #expect(riskIndicator.pickUpAddress?.name == "Store 1")

        riskIndicator.pickUpAddress?.city = "Oslo"
        riskIndicator.shipIndicator = SwedbankPaySDK.ShipIndicator.Raw.PickUpAtStore
        let raw: SwedbankPaySDK.ShipIndicator.Raw = SwedbankPaySDK.ShipIndicator.Tickets.raw
        #expect(raw == .Tickets)
        #expect(raw.rawValue == "06")

        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(riskIndicator)) as? [String: Any]
        #expect(json?["shipIndicator"] as? String == "04")
        #expect((json?["pickUpAddress"] as? [String: Any])?["city"] as? String == "Oslo")
        #expect(json?["preOrderDate"] as? String == "20300102")
        #expect(json?.count == 8)
    }

    @Test func nationalIdentifierAndIdentifyingVersionAreThe503Types() throws {
        let identifier = SwedbankPaySDK.NationalIdentifier(socialSecurityNumber: "199710202392", countryCode: "SE")
        var payer = SwedbankPaySDK.PaymentOrderPayer(payerReference: "payer-1")
        payer.nationalIdentifier = identifier
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(payer)) as? [String: Any]
        #expect(
            json?["nationalIdentifier"] as? [String: String]
                == ["socialSecurityNumber": "199710202392", "countryCode": "SE"])
        // The Android SDK's name for the same type, for code shared between the apps.
        let shared: SwedbankPaySDK.PayerNationalIdentifier = identifier
        #expect(shared == identifier)

        let info = SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: URL(string: "https://shop.example.com/"),
            viewPaymentLink: URL(string: "https://pay.example/checkout.js")!,
            completeUrl: URL(string: "https://shop.example.com/complete")!, cancelUrl: nil, paymentUrl: nil,
            termsOfServiceUrl: nil)
        let version = SwedbankPaySDK.IdentifyingVersion.v3(info)
        let decoded = try JSONDecoder().decode(
            SwedbankPaySDK.IdentifyingVersion.self, from: JSONEncoder().encode(version))
        switch decoded {
        case .v3(let decodedInfo): #expect(decodedInfo == info)
        case .v2: Issue.record("decoded as v2")
        }
    }

    @Test func whitelistedDomainAndNotImplementedErrorExistInTheCoreModule() {
        let domain = SwedbankPaySDK.WhitelistedDomain(domain: "example.com", includeSubdomains: true)
        #expect(domain.matches(host: "api.example.com"))
        let error: Error = NotImplementedError()
        #expect(error is NotImplementedError)
        #expect("\(error)" == "Not implemented default functions should not be called.")
    }
}

@Suite struct WebViewRedirectUsageTests {
    @Test func patternsAllowTheirHostsOnly() {
        let url = { (text: String) in URL(string: text)! }
        #expect(
            SwedbankPaySDK.WebViewRedirect.Domain(name: "acs.example.com").allows(url: url("https://acs.example.com/x"))
        )
        #expect(
            !SwedbankPaySDK.WebViewRedirect.Domain(name: "acs.example.com").allows(
                url: url("https://a.acs.example.com")))
        let one = SwedbankPaySDK.WebViewRedirect.DomainOrSubdomain(suffix: "example.com")
        #expect(one.allows(url: url("https://example.com")))
        #expect(one.allows(url: url("https://acs.example.com")))
        #expect(!one.allows(url: url("https://a.acs.example.com")))
        #expect(!one.allows(url: url("https://badexample.com")))
        let nested = SwedbankPaySDK.WebViewRedirect.DomainOrSubdomain(
            suffix: "example.com", allowNestedSubdomains: true)
        #expect(nested.allows(url: url("https://a.acs.EXAMPLE.com")))
        #expect(!nested.allows(url: url("https://badexample.com")))
    }
}

import Foundation
import Testing

@testable import SwedbankPaySDK

/// What the Apple Pay sheet is asked for, from the session's `wallet-sdk` task: the rules the
/// PassKit shell carries out without deciding anything.
@Suite struct WalletSheetPlanTests {
    typealias Plan = SwedbankPaySDK.WalletSheetPlan

    func task(
        amount: String? = "1500.50", label: String? = "Example Shop", locale: String? = "sv-SE",
        capabilities: [String] = ["supports3DS"], networks: [String] = ["visa"], countries: [String] = [],
        contactFields: [String] = []
    ) -> SwedbankPaySDK.WalletPaymentRequest {
        SwedbankPaySDK.WalletPaymentRequest(
            merchantIdentifier: "merchant.com.example.shop", totalAmountLabel: label, totalAmount: amount,
            currencyCode: "SEK", locale: locale, merchantCapabilities: capabilities, supportedNetworks: networks,
            supportedCountries: countries, requiredShippingContactFields: contactFields)
    }

    @Test func takesTheTasksValuesAsTheSheetNeedsThem() {
        let plan = Plan(
            task(
                capabilities: ["supports3DS", "supportsDebit", "supportsEMV", "supports3DS"],
                networks: ["visa", "masterCard", "MASTERCARD", "nonesuch", "amex"], countries: ["SE", "NO"],
                contactFields: ["email", "phone"]))
        #expect(plan.merchantIdentifier == "merchant.com.example.shop")
        #expect(plan.countryCode == "SE")
        #expect(plan.currencyCode == "SEK")
        // Unknown names are left out, not guessed; repeats count once; the task's order is kept.
        #expect(plan.capabilities == [.threeDS, .debit])
        #expect(plan.networks == ["visa", "mastercard", "amex"])
        #expect(plan.supportedCountries == ["SE", "NO"])
        #expect(plan.requiredShippingContactFields == ["email", "phone"])
        #expect(plan.total == Plan.Total(label: "Example Shop", amount: Decimal(string: "1500.50")!))
    }

    @Test func noCountriesMeansAnyCountryAndNoLocaleNoCountryCode() {
        let plan = Plan(task(locale: nil, countries: []))
        #expect(plan.supportedCountries == nil)
        #expect(plan.countryCode == nil)
    }

    @Test func everyNetworkTheSessionKnowsHasItsName() {
        let plan = Plan(task(networks: SwedbankPaySDK.WalletDevice.knownNetworks.map { $0.uppercased() }))
        #expect(plan.networks == SwedbankPaySDK.WalletDevice.knownNetworks)
    }

    @Test(arguments: [
        ("15", "15"), ("15.5", "15.5"), ("1500.50", "1500.50"), ("0.01", "0.01"), ("007.10", "7.1"),
    ])
    func readsPlainDecimalsInMajorUnits(text: String, expected: String) {
        #expect(Plan.amount(text) == Decimal(string: expected)!)
    }

    @Test(arguments: ["", ".", "15.", ".5", "1,500.50", "1500,50", "-15", "+15", "1e3", "15.00.1", " 15", "١٥", "NaN"])
    func refusesEverythingElse(text: String) {
        #expect(Plan.amount(text) == nil)
    }

    @Test func noTotalWithoutALabelAnAmountOrAReadableAmount() {
        #expect(Plan(task(label: nil)).total == nil)
        #expect(Plan(task(amount: nil)).total == nil)
        // A comma decimal would have been NaN in the sheet; now there is no total and PassKit
        // refuses the sheet, which fails the attempt.
        #expect(Plan(task(amount: "1500,50")).total == nil)
    }
}

import ServerSupport
import Testing

/// The server package's one statement of the amount rules, which the backend's preparation and
/// admin API and the sandbox's validators apply.
@Suite struct AmountRulesTests {
    @Test func vatFitsUpToTheAmount() {
        #expect(AmountRules.vatFits(0, in: 0))
        #expect(AmountRules.vatFits(375, in: 1_500))
        #expect(AmountRules.vatFits(1_500, in: 1_500))
        #expect(!AmountRules.vatFits(1_501, in: 1_500))
        #expect(!AmountRules.vatFits(1, in: 0))
    }

    @Test func positiveAmountsStartAtOne() {
        #expect(AmountRules.positiveAmounts == 1...MinorUnits.largest)
    }

    @Test func itemsAddUpOrSayTheirTotal() {
        #expect(AmountRules.itemsTotal([1_000, 500], against: 1_500) == .addsUp)
        #expect(AmountRules.itemsTotal([1_000, -100], against: 1_500) == .differs(total: 900))
        #expect(AmountRules.itemsTotal([], against: 0) == .addsUp)
        #expect(AmountRules.itemsTotal([Int64.max, 1], against: 1) == .overflows)
    }
}

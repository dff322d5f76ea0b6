import ServerSupport
import Testing

@testable import PaymentSandbox

/// Each vocabulary of the server package, as a whole, against the portal's words
/// (``PortalVocabulary``): a word added, dropped or misspelt on either side fails here.
@Suite struct WireVocabularyTests {
    @Test func statusesAreThePortals() {
        #expect(Set(PaymentOrderStatus.allCases.map(\.rawValue)) == PortalVocabulary.paymentOrderStatuses)
        #expect(Set(PaymentOrderState.allCases.map(\.rawValue)) == PortalVocabulary.paymentOrderStates)
    }

    /// The portal's five, and `Payout`: the sandbox's name for a payout's transaction, which the
    /// portal's table does not list.
    @Test func transactionTypesAreThePortalsAndPayout() {
        #expect(Set(TransactionType.allCases.map(\.rawValue)) == PortalVocabulary.transactionTypes.union(["Payout"]))
    }

    @Test func operationsAreThePortals() {
        #expect(Set(OrderOperation.allCases.map(\.rawValue)) == PortalVocabulary.orderOperations)
        #expect(PaymentOrderValidator.operationChoices == "Purchase, Verify, Recur, UnscheduledPurchase or Payout")
    }

    /// The portal's, and `Invoice-PayExFinancingFi`: the Finnish market's invoice, which no
    /// example on the portal names.
    @Test func instrumentsAreThePortalsAndTheFinnishInvoice() {
        #expect(
            Set(SandboxInstrument.allCases.map(\.rawValue))
                == PortalVocabulary.instruments.union(["Invoice-PayExFinancingFi"]))
    }

    @Test func sessionRelsAreTheProtocols() {
        #expect(Set(PaymentSessionRel.allCases.map(\.rawValue)) == PortalVocabulary.sessionRels)
    }

    /// The sandbox writes a subset of the portal's history events, and `PaymentAborted`, which the
    /// portal's table does not list (the sandbox's entry for an order the merchant aborted).
    @Test func historyEventsAreThePortals() {
        let sandbox = Set(HistoryEvent.allCases.map(\.rawValue))
        #expect(sandbox.subtracting(PortalVocabulary.historyEvents) == ["PaymentAborted"])
    }
}

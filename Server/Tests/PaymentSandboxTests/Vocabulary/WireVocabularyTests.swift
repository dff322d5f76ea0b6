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

    @Test func failedAttemptProblemTypesAreTheProtocols() {
        #expect(Set(AttemptProblemType.allCases.map(\.rawValue)) == PortalVocabulary.failedAttemptProblemTypes)
    }

    /// The sandbox writes a subset of the portal's history events and no name of its own (an
    /// aborted order gets no entry: the portal's table names none).
    @Test func historyEventsAreThePortals() {
        let sandbox = Set(HistoryEvent.allCases.map(\.rawValue))
        #expect(sandbox.subtracting(PortalVocabulary.historyEvents) == [])
    }

    /// The portal's, but two the sandbox does not offer: `verify-trustly` (the portal's payout
    /// `Verify`) and `update-paymentorder-expandinstrument` (Checkout v2).
    @Test func paymentOrderRelsAreThePortals() {
        #expect(
            Set(PaymentOrderRel.allCases.map(\.rawValue))
                == PortalVocabulary.paymentOrderRels.subtracting([
                    "verify-trustly", "update-paymentorder-expandinstrument",
                ]))
    }

    /// The portal's, but `delete-unscheduledtokens`, which the sandbox's token list does not offer.
    @Test func tokenAndConsumerRelsAreThePortals() {
        #expect(
            Set(PayerTokenRel.allCases.map(\.rawValue))
                == PortalVocabulary.payerTokenRels.subtracting(["delete-unscheduledtokens"]))
        #expect(Set(ConsumerRel.allCases.map(\.rawValue)) == PortalVocabulary.consumerRels)
    }

    @Test func updateOperationsAreThePortals() {
        #expect(Set(PaymentOrderUpdateOperation.allCases.map(\.rawValue)) == PortalVocabulary.updateOperations)
        #expect(PaymentOrderUpdate.operations == ["UpdateOrder", "SetInstrument", "Abort", "PaymentAttemptAborted"])
        // The one operation named as the history event it leaves.
        #expect(
            PaymentOrderUpdateOperation.paymentAttemptAborted.rawValue == HistoryEvent.paymentAttemptAborted.rawValue)
    }

    /// The portal's examples, but `transactionsOnFile` (not issued by the sandbox); the token's
    /// member and its name in a payer's token list follow from the type.
    @Test func tokenTypesAreThePortals() {
        #expect(
            Set(PaymentTokenType.allCases.map(\.rawValue))
                == PortalVocabulary.paidTokenTypes.subtracting(["transactionsOnFile"]))
        #expect(PaymentTokenType.allCases.map(\.member) == ["paymentToken", "recurrenceToken", "unscheduledToken"])
        #expect(
            Set([PaymentTokenType.payment, .unscheduled].map(\.listedName)) == PortalVocabulary.payerOwnedTokenTypes)
        #expect(
            OrderOperation.allCases.map { $0.tokenType?.member } == [
                nil, nil, "recurrenceToken", "unscheduledToken", "unscheduledToken",
            ])
    }

    /// The portal's, and `App`: the native payment session's, which the portal's field table does
    /// not list.
    @Test func integrationsAreThePortalsAndApp() {
        #expect(
            Set(PaymentOrderIntegration.allCases.map(\.rawValue)) == PortalVocabulary.integrations.union(["App"]))
    }
}

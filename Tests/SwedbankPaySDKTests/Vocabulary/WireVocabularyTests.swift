import Foundation
import Testing

@testable import SwedbankPaySDK

/// Each vocabulary of the SDK, as a whole, against the portal's words (``PortalVocabulary``): a word
/// added, dropped or misspelt on either side fails here.
@Suite struct WireVocabularyTests {
    @Test func instrumentsAreThePortals() {
        #expect(Set(SwedbankPaySDK.Instrument.named.map(\.rawValue)) == PortalVocabulary.instruments)
        #expect(SwedbankPaySDK.Instrument.named.count == PortalVocabulary.instruments.count)
    }

    @Test func nativeMethodsAreInstruments() {
        #expect(PaymentMethodName.native.isSubset(of: PortalVocabulary.instruments))
        #expect(PaymentMethodName.native == ["Swish", "CreditCard", "ApplePay"])
    }

    @Test func sessionRelsAreTheProtocols() {
        #expect(Set(SessionRel.known.map(\.rawValue)) == PortalVocabulary.sessionOperationRels)
        #expect(Set(SessionRel.tasks.map(\.rawValue)) == PortalVocabulary.sessionTaskRels)
    }

    @Test func failedAttemptProblemTypesAreTheProtocols() {
        #expect(Set(AttemptProblemType.allCases.map(\.rawValue)) == PortalVocabulary.failedAttemptProblemTypes)
    }

    @Test func integrationIsTheProtocols() {
        #expect(Set(PaymentIntegration.allCases.map(\.rawValue)) == PortalVocabulary.appIntegrations)
    }

    @Test func operationRelationsAreThePortals() {
        #expect(Set(SwedbankPaySDK.OperationRelation.named.map(\.rawValue)) == PortalVocabulary.operationRelations)
        #expect(SwedbankPaySDK.OperationRelation.named.count == PortalVocabulary.operationRelations.count)
    }

    @Test func paymentOrderOperationsAreThePortals() {
        #expect(
            Set(SwedbankPaySDK.PaymentOrderOperation.allCases.map(\.rawValue))
                == PortalVocabulary.paymentOrderOperations)
    }

    @Test func problemTypesAreThePortals() {
        let uri = SwedbankPaySDK.ProblemTypeURI.self
        let sdk = Set(uri.allKnown + [uri.clientAppLaunchFailed, uri.operationNotAllowed])
        #expect(sdk == PortalVocabulary.problemTypes.union(PortalVocabulary.problemTypesBeyondThePortalLists))
        #expect(
            Set(SwedbankPaySDK.SwedbankPayProblemType.allCases.map(\.rawValue)).isSubset(
                of: PortalVocabulary.problemTypes))
    }
}

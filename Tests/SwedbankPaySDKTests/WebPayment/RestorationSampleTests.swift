import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Restoration data written by earlier versions of the controller decodes into the same payment,
/// and the controller writes the same bytes for it again.
@Suite struct RestorationSampleTests {
    typealias F = WebPaymentFixtures
    typealias State = SwedbankPaySDK.WebPaymentState

    static func error(_ error: any Error) -> SwedbankPaySDK.WebPaymentError { .init(error) }

    /// What each sample holds.
    static let expected: [String: State] = [
        "idle": .idle,
        "initializingConsumerSession": .initializingConsumerSession(options: [.useCheckin]),
        "identifyingConsumer": .identifyingConsumer(F.checkinInfo, options: [.useCheckin]),
        "creatingPaymentOrder": .creatingPaymentOrder(consumerProfileRef: "cpr-9", options: [.useCheckin]),
        "creatingPaymentOrderV3": .creatingPaymentOrder(consumerProfileRef: nil, options: [.isV3]),
        "paying": .paying(F.v3Info, options: [.isV3]),
        // An update in flight was saved as the menu it updates.
        "updatingPaymentOrder": .paying(F.updatedInfo, options: [.isV3, .useCheckin]),
        "aborting": .aborting(F.v2Info, options: []),
        "complete": .complete(F.v3Info),
        "canceled": .canceled(nil),
        "failedScript": .failed(
            F.v3Info,
            error(
                SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(
                    scriptUrl: F.url("https://psp.example/checkout.js")))),
        "failedRedirect": .failed(
            F.v2Info,
            error(
                SwedbankPaySDKController.WebContentError.RedirectFailure(
                    error: SwedbankPaySDK.WebViewLoadFailure(
                        url: F.url("https://bank.example/"), description: "net::ERR_FAILED")))),
        "failedScriptError": .failed(nil, error(SwedbankPaySDKController.WebContentError.ScriptError(nil))),
        "failedRestoration": .failed(
            nil, error(SwedbankPaySDKController.StateRestorationError.nonpersistableConfiguration)),
        "failedController": .failed(nil, error(SwedbankPaySDKController.ControllerError.webViewUnavailable("no"))),
        "failedUnregistered": .failed(
            F.v3Info,
            error(SwedbankPaySDKController.StateRestorationError.unregisteredCodable("SwedbankPaySDKTests.CocoaErrorStandIn"))),
    ]

    @Test func everySampleHasAnExpectation() {
        #expect(Set(RestorationSamples.all.map(\.name)) == Set(Self.expected.keys))
    }

    @Test(arguments: RestorationSamples.all.map(\.name))
    func aSampleDecodesIntoItsPaymentAndEncodesAgainAsItWas(_ name: String) throws {
        let json = RestorationSamples.json(name)
        let snapshot = try JSONDecoder().decode(SwedbankPaySDK.WebPaymentSnapshot.self, from: Data(json.utf8))
        #expect(snapshot.version == 1)
        #expect(snapshot.state == Self.expected[name])
        #expect(snapshot.orderKey == (name == "creatingPaymentOrderV3" ? nil : SwedbankPaySDK.IdempotencyKey("sample-key-1")))
        #expect(snapshot.configurationWasGiven == (name == "creatingPaymentOrderV3"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let again = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        #expect(again == json)
    }

    @Test func savedUserDataAndConsumerComeBack() throws {
        let snapshot = try JSONDecoder().decode(
            SwedbankPaySDK.WebPaymentSnapshot.self, from: Data(RestorationSamples.json("creatingPaymentOrder").utf8))
        #expect(snapshot.userData?.value as? Int == 42)
        #expect(snapshot.paymentOrder == F.order)
        let checkin = try JSONDecoder().decode(
            SwedbankPaySDK.WebPaymentSnapshot.self,
            from: Data(RestorationSamples.json("identifyingConsumer").utf8))
        #expect(checkin.consumer == F.consumer)
    }

    /// Through the public API: a saved menu is shown again by a new controller.
    @MainActor
    @Test func aSavedMenuIsShownAgainByANewController() async throws {
        var json = RestorationSamples.json("paying")
        // Its own paymentUrl, so no other test's controller answers for it.
        json = json.replacingOccurrences(of: "id=1", with: "id=sample-paying")
        let harness = ControllerHarness()
        harness.controller.restorePayment(from: Data(json.utf8))
        await settle { harness.pages.count == 1 }
        #expect(harness.controller.currentPaymentOrder == F.v3Info(paymentUrlID: "sample-paying"))
        #expect(harness.configuration.calls.isEmpty)
        #expect(harness.post("onPaid"))
        #expect(harness.delegate.calls == ["paymentComplete"])
    }
}

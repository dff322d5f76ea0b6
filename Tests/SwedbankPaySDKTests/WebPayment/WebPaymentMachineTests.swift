import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct WebPaymentMachineTests {
    typealias State = SwedbankPaySDK.WebPaymentState
    typealias Event = SwedbankPaySDK.WebPaymentEvent
    typealias Effect = SwedbankPaySDK.WebPaymentEffect

    let v3 = WebPaymentFixtures.v3Info
    let updated = WebPaymentFixtures.updatedInfo
    let checkin = WebPaymentFixtures.checkinInfo
    let failure = SwedbankPaySDK.WebPaymentError(TestBackendError(code: 7))

    /// Feeds `events` in order and returns every state after each one, with its effects.
    private func run(_ state: State, _ events: [Event]) -> [(State, [Effect])] {
        var state = state
        return events.map { event in
            let effects = SwedbankPaySDK.WebPaymentMachine.reduce(&state, event)
            return (state, effects)
        }
    }

    private func expectSteps(
        _ start: State, _ steps: [(Event, State, [Effect])], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let results = run(start, steps.map(\.0))
        for (index, (step, result)) in zip(steps, results).enumerated() {
            #expect(result.0 == step.1, "state after step \(index)", sourceLocation: sourceLocation)
            #expect(result.1 == step.2, "effects of step \(index)", sourceLocation: sourceLocation)
        }
    }

    @Test func v3GuestPaymentCompletes() {
        expectSteps(
            .idle,
            [
                (
                    .start(useCheckin: false, isV3: true),
                    .creatingPaymentOrder(consumerProfileRef: nil, options: .isV3),
                    [.createPaymentOrder(consumerProfileRef: nil, options: .isV3)]
                ),
                (.paymentOrderCreated(v3), .paying(v3, options: .isV3), [.showPaymentMenu(v3, delayed: false)]),
                (.paymentUrlReturned, .paying(v3, options: .isV3), [.showPaymentMenu(v3, delayed: true)]),
                // The stuck prompt's "continue in browser": nothing returned, no delay (reference §4.3).
                (.reloadRequested, .paying(v3, options: .isV3), [.showPaymentMenu(v3, delayed: false)]),
                (.completed, .complete(v3), [.notifyComplete]),
            ])
    }

    @Test func v2CheckinIdentifiesThenCreatesTheOrderWithTheProfile() {
        let v2 = WebPaymentFixtures.v2Info
        expectSteps(
            .idle,
            [
                (
                    .start(useCheckin: true, isV3: false), .initializingConsumerSession(options: .useCheckin),
                    [.createConsumerSession]
                ),
                (
                    .consumerSessionCreated(checkin), .identifyingConsumer(checkin, options: .useCheckin),
                    [.showCheckin(checkin)]
                ),
                (
                    .consumerIdentified(consumerProfileRef: "cpr"),
                    .creatingPaymentOrder(consumerProfileRef: "cpr", options: .useCheckin),
                    [.createPaymentOrder(consumerProfileRef: "cpr", options: .useCheckin)]
                ),
                (.paymentOrderCreated(v2), .paying(v2, options: .useCheckin), [.showPaymentMenu(v2, delayed: false)]),
                (.canceledByPayer, .canceled(v2), [.notifyCanceled]),
            ])
    }

    @Test func v3WithCheckinIsReachableAndExpandsThePayerOnIdentification() {
        let options: SwedbankPaySDK.VersionOptions = [.isV3, .useCheckin]
        expectSteps(
            .idle,
            [
                (
                    .start(useCheckin: true, isV3: true),
                    .creatingPaymentOrder(consumerProfileRef: nil, options: options),
                    [.createPaymentOrder(consumerProfileRef: nil, options: options)]
                ),
                (.paymentOrderCreated(v3), .paying(v3, options: options), [.showPaymentMenu(v3, delayed: false)]),
                (.payerIdentified, .paying(v3, options: options), [.expandPayer(v3)]),
            ])
        // Without checkin, an identified payer needs nothing.
        #expect(run(.paying(v3, options: .isV3), [.payerIdentified]).map(\.1) == [[]])
    }

    @Test func creationFailuresFail() {
        expectSteps(
            .initializingConsumerSession(options: .useCheckin),
            [(.creationFailed(failure), .failed(nil, failure), [.notifyFailed(failure)])])
        expectSteps(
            .creatingPaymentOrder(consumerProfileRef: nil, options: .isV3),
            [(.creationFailed(failure), .failed(nil, failure), [.notifyFailed(failure)])])
    }

    @Test func updatesReplaceEachOtherAndStaleResultsAreIgnored() {
        expectSteps(
            .paying(v3, options: .isV3),
            [
                (.updateRequested, .updatingPaymentOrder(v3, options: .isV3, update: 1), [.startUpdate(update: 1, v3)]),
                (
                    .updateRequested, .updatingPaymentOrder(v3, options: .isV3, update: 2),
                    [.cancelUpdate, .startUpdate(update: 2, v3)]
                ),
                (.updateSucceeded(update: 1, updated), .updatingPaymentOrder(v3, options: .isV3, update: 2), []),
                (.updateFailed(update: 1, failure), .updatingPaymentOrder(v3, options: .isV3, update: 2), []),
                (
                    .updateSucceeded(update: 2, updated), .paying(updated, options: .isV3),
                    [.showPaymentMenu(updated, delayed: false)]
                ),
                (.updateSucceeded(update: 2, v3), .paying(updated, options: .isV3), []),
            ])
    }

    @Test func aFailedUpdateKeepsTheMenuAndReportsTheFailure() {
        expectSteps(
            .updatingPaymentOrder(v3, options: .isV3, update: 3),
            [(.updateFailed(update: 3, failure), .paying(v3, options: .isV3), [.notifyUpdateFailed(failure)])])
    }

    @Test func abortGoesThroughTheConfiguration() {
        expectSteps(
            .updatingPaymentOrder(v3, options: .isV3, update: 1),
            [
                (.abortRequested, .aborting(v3, options: .isV3), [.cancelUpdate, .abort(v3)]),
                (.abortRequested, .aborting(v3, options: .isV3), []),
                (.paymentUrlReturned, .aborting(v3, options: .isV3), []),
                (.abortSucceeded, .canceled(v3), [.notifyCanceled]),
            ])
        expectSteps(
            .paying(v3, options: .isV3),
            [
                (.abortRequested, .aborting(v3, options: .isV3), [.abort(v3)]),
                (.abortFailed(failure), .failed(v3, failure), [.notifyFailed(failure)]),
            ])
    }

    @Test func abortBeforeAnOrderExistsCancelsAtOnce() {
        for state in [
            State.initializingConsumerSession(options: .useCheckin),
            .identifyingConsumer(checkin, options: .useCheckin),
            .creatingPaymentOrder(consumerProfileRef: "cpr", options: .useCheckin),
        ] {
            expectSteps(state, [(.abortRequested, .canceled(nil), [.cancelCreation, .notifyCanceled])])
        }
        expectSteps(.idle, [(.abortRequested, .idle, [])])
    }

    @Test func pageFailuresFailWithTheOrderWhenThereIsOne() {
        expectSteps(
            .identifyingConsumer(checkin, options: .useCheckin),
            [(.pageFailed(failure), .failed(nil, failure), [.notifyFailed(failure)])])
        expectSteps(
            .paying(v3, options: .isV3), [(.pageFailed(failure), .failed(v3, failure), [.notifyFailed(failure)])])
        expectSteps(
            .updatingPaymentOrder(v3, options: .isV3, update: 1),
            [(.pageFailed(failure), .failed(v3, failure), [.cancelUpdate, .notifyFailed(failure)])])
    }

    @Test func completingDuringAnUpdateCancelsIt() {
        expectSteps(
            .updatingPaymentOrder(v3, options: .isV3, update: 1),
            [(.completed, .complete(v3), [.cancelUpdate, .notifyComplete])])
    }

    @Test(
        "no event leaves a terminal state",
        arguments: [
            State.complete(WebPaymentFixtures.v3Info), .canceled(nil),
            .failed(WebPaymentFixtures.v3Info, SwedbankPaySDK.WebPaymentError(TestBackendError(code: 1))),
        ])
    func terminalStatesAreFinal(state: State) {
        let late: [Event] = [
            .start(useCheckin: false, isV3: true), .paymentOrderCreated(v3), .completed, .canceledByPayer,
            .pageFailed(failure), .paymentUrlReturned, .reloadRequested, .abortRequested, .abortSucceeded, .abortFailed(failure),
            .updateRequested, .updateSucceeded(update: 1, v3), .consumerIdentified(consumerProfileRef: "x"),
            .payerIdentified, .creationFailed(failure),
        ]
        for (after, effects) in run(state, late) {
            #expect(after == state)
            #expect(effects.isEmpty)
        }
    }

    @Test func eventsThatDoNotApplyAreIgnored() {
        // A checkin result arriving after an abort, a payment order created twice, a second start.
        expectSteps(.canceled(nil), [(.consumerSessionCreated(checkin), .canceled(nil), [])])
        expectSteps(.paying(v3, options: .isV3), [(.paymentOrderCreated(updated), .paying(v3, options: .isV3), [])])
        expectSteps(
            .paying(v3, options: .isV3), [(.start(useCheckin: true, isV3: false), .paying(v3, options: .isV3), [])])
        expectSteps(
            .identifyingConsumer(checkin, options: .useCheckin),
            [(.completed, .identifyingConsumer(checkin, options: .useCheckin), [])])
        expectSteps(
            .creatingPaymentOrder(consumerProfileRef: nil, options: []),
            [(.paymentUrlReturned, .creatingPaymentOrder(consumerProfileRef: nil, options: []), [])])
    }
}

@Suite struct WebPaymentStateCodingTests {
    typealias State = SwedbankPaySDK.WebPaymentState

    private func roundTrip(_ state: State) throws -> State {
        try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state))
    }

    @Test(
        "every state restores as itself",
        arguments: [
            State.idle,
            .initializingConsumerSession(options: .useCheckin),
            .identifyingConsumer(WebPaymentFixtures.checkinInfo, options: .useCheckin),
            .creatingPaymentOrder(consumerProfileRef: "cpr", options: [.isV3, .useCheckin]),
            .creatingPaymentOrder(consumerProfileRef: nil, options: []),
            .paying(WebPaymentFixtures.v3Info, options: .isV3),
            .aborting(WebPaymentFixtures.v2Info, options: []),
            .complete(WebPaymentFixtures.v3Info), .complete(nil), .canceled(nil),
            .failed(
                nil,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.ScriptLoadingFailure(
                        scriptUrl: URL(string: "https://psp.example/x.js")))),
            .failed(
                WebPaymentFixtures.v3Info,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.ScriptError(
                        SwedbankPaySDK.TerminalFailure(origin: "o", messageId: "m", details: "d")))),
            .failed(nil, SwedbankPaySDK.WebPaymentError(SwedbankPayConfigurationError.notImplemented)),
            // 5.0.3's RedirectFailure carries any Error; the SDK's own load failure is saved as it.
            .failed(
                WebPaymentFixtures.v3Info,
                SwedbankPaySDK.WebPaymentError(
                    SwedbankPaySDKController.WebContentError.RedirectFailure(
                        error: SwedbankPaySDK.WebViewLoadFailure(
                            url: URL(string: "https://acs.bank.example/"), description: "refused")))),
        ])
    func roundTrips(state: State) throws {
        #expect(try roundTrip(state) == state)
    }

    @Test func anUpdateInFlightIsSavedAsPaying() throws {
        let state = State.updatingPaymentOrder(WebPaymentFixtures.v3Info, options: .isV3, update: 4)
        #expect(try roundTrip(state) == .paying(WebPaymentFixtures.v3Info, options: .isV3))
    }

    @Test func registeredAppErrorsRestoreAsThemselvesOthersByName() throws {
        SwedbankPaySDK.registerCodable(TestBackendError.self, encodedTypeName: "test.TestBackendError")
        let registered = State.failed(nil, SwedbankPaySDK.WebPaymentError(TestBackendError(code: 42)))
        let restored = try roundTrip(registered)
        guard case .failed(nil, let error) = restored else { Issue.record("not failed: \(restored)"); return }
        #expect(error.error as? TestBackendError == TestBackendError(code: 42))

        struct Unregistered: Error {}
        let unregistered = try roundTrip(.failed(nil, SwedbankPaySDK.WebPaymentError(Unregistered())))
        guard case .failed(nil, let unknown) = unregistered else { Issue.record("not failed"); return }
        let name = String(reflecting: Unregistered.self)
        #expect(unknown.error as? SwedbankPaySDKController.StateRestorationError == .unregisteredCodable(name))
    }

    @Test func theSavedFormIsStable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(
            decoding: try encoder.encode(
                State.creatingPaymentOrder(consumerProfileRef: "cpr", options: [.isV3, .useCheckin])),
            as: UTF8.self)
        #expect(text == #"{"consumerProfileRef":"cpr","discriminator":"creatingPaymentOrder","options":3}"#)
    }

    @Test(
        "resuming restarts the work in flight",
        arguments: [
            (State.idle, [SwedbankPaySDK.WebPaymentEffect]()),
            (.initializingConsumerSession(options: .useCheckin), [.createConsumerSession]),
            (
                .identifyingConsumer(WebPaymentFixtures.checkinInfo, options: .useCheckin),
                [.showCheckin(WebPaymentFixtures.checkinInfo)]
            ),
            (
                .creatingPaymentOrder(consumerProfileRef: "cpr", options: .useCheckin),
                [.createPaymentOrder(consumerProfileRef: "cpr", options: .useCheckin)]
            ),
            (
                .paying(WebPaymentFixtures.v3Info, options: .isV3),
                [.showPaymentMenu(WebPaymentFixtures.v3Info, delayed: false)]
            ),
            (.aborting(WebPaymentFixtures.v3Info, options: .isV3), [.abort(WebPaymentFixtures.v3Info)]),
            (.complete(nil), []),
        ])
    func resume(state: State, effects: [SwedbankPaySDK.WebPaymentEffect]) {
        #expect(SwedbankPaySDK.WebPaymentMachine.resume(state) == effects)
    }
}

import Foundation
import Testing

@testable import SwedbankPaySDK

/// How one Apple Pay sheet ends (PassKit's delegate calls, made here by hand), and what the
/// device's checks make of the wallet.
@MainActor
@Suite struct WalletSheetRunTests {
    /// Records the tokens submitted.
    actor Submissions {
        var tokens: [Data] = []
        func submit(_ token: Data) -> Bool {
            tokens.append(token)
            return tokens.count == 1
        }
    }

    @Test func aSheetClosedWithoutAuthorizingIsCancelled() async {
        let run = SwedbankPaySDK.WalletSheetRun { _ in true }
        var presented = 0
        let outcome = await run.run {
            presented += 1
            run.finished()
        }
        #expect(outcome == .cancelled)
        #expect(presented == 1)
    }

    @Test func aSheetTheyAuthorizedIsSubmittedWhateverTheSubmissionAnswered() async {
        let submissions = Submissions()
        let run = SwedbankPaySDK.WalletSheetRun { await submissions.submit($0) }
        var send: (@Sendable (Data) async -> Bool)?
        let outcome = await run.run {
            send = run.authorized()
            run.finished()
        }
        #expect(outcome == .submitted)
        #expect(await send?(Data("first".utf8)) == true)
        #expect(await send?(Data("second".utf8)) == false)
        #expect(await submissions.tokens == [Data("first".utf8), Data("second".utf8)])
    }

    @Test func aSheetThatCouldNotBeShownFailsAndEndsOnce() async {
        let run = SwedbankPaySDK.WalletSheetRun { _ in true }
        let outcome = await run.run {
            run.complete(SwedbankPaySDK.WalletSheetRun.notShown)
            _ = run.authorized()
            run.finished()
        }
        #expect(outcome == .failed("The Apple Pay sheet could not be shown."))
    }

    @Test func theDevicesChecksMakeItsWallet() {
        // The wallet knows three of the networks (as numbers here, PassKit's values on iOS) and
        // has cards of two; its cards support 3-D Secure and debit.
        let networks = ["visa": 1, "mastercard": 2, "amex": 3]
        var asked: [[Int]] = []
        var askedWith: [([Int], String)] = []
        let device = SwedbankPaySDK.WalletDevice.probing(
            networks, canMakePayments: true,
            canPay: { networks in
                asked.append(networks)
                return networks != [3]
            },
            canPayWith: { networks, capability in
                askedWith.append((networks, capability.rawValue))
                return capability != .credit
            })
        #expect(
            device
                == SwedbankPaySDK.WalletDevice(
                    canMakePayments: true, networks: ["visa", "mastercard"],
                    capabilities: ["supports3DS", "supportsDebit"]))
        // Each known network alone, in PassKit's order; each capability with all of them.
        #expect(asked == [[3], [2], [1]])
        #expect(askedWith.map(\.0) == [[3, 2, 1], [3, 2, 1], [3, 2, 1]])
        #expect(askedWith.map(\.1) == ["supports3DS", "supportsDebit", "supportsCredit"])
    }

    @Test func aDeviceThatCannotPaySaysSoWhateverItsCards() {
        let device = SwedbankPaySDK.WalletDevice.probing(
            ["visa": 1], canMakePayments: false, canPay: { _ in true }, canPayWith: { _, _ in false })
        #expect(device == SwedbankPaySDK.WalletDevice(canMakePayments: false, networks: ["visa"], capabilities: []))
    }
}

import Foundation
import SwedbankPaySDK
import Testing

@testable import SwedbankPaySDKMerchantBackend

/// How a server-trust challenge is answered by the pins (the Apple-only delegate reads the chain
/// and carries the verdict out).
@Suite struct PinnedTrustTests {
    let key = Data([1, 2, 3])
    let other = Data([9, 9])
    var pins: [SwedbankPaySDK.PinPublicKeys] {
        [
            SwedbankPaySDK.PinPublicKeys(pattern: "backend.example", publicKeyData: [key]),
            SwedbankPaySDK.PinPublicKeys(pattern: "BACKEND.example", publicKeyData: [Data([4])]),
        ]
    }

    @Test func aHostWithoutAPinIsLeftToTheSystemWithoutLookingAtTheChain() {
        var asked: [String] = []
        let verdict = PinnedTrust.verdict(
            pins: pins, host: "other.example",
            chainIsTrusted: {
                asked.append("trusted")
                return true
            },
            chainKeys: {
                asked.append("keys")
                return [key]
            })
        #expect(verdict == .systemDefault)
        #expect(asked == [])
    }

    @Test func aPinnedHostIsTrustedOnlyWhenTheSystemTrustsTheChainAndItCarriesAPinnedKey() {
        #expect(
            PinnedTrust.verdict(
                pins: pins, host: "backend.example", chainIsTrusted: { true }, chainKeys: { [other, key] }) == .trust)
        // Any pin of the host counts (the pattern in any letter case).
        #expect(
            PinnedTrust.verdict(
                pins: pins, host: "Backend.Example", chainIsTrusted: { true }, chainKeys: { [Data([4])] }) == .trust)
        #expect(
            PinnedTrust.verdict(pins: pins, host: "backend.example", chainIsTrusted: { true }, chainKeys: { [other] })
                == .refuse)
        #expect(
            PinnedTrust.verdict(pins: pins, host: "backend.example", chainIsTrusted: { true }, chainKeys: { [] })
                == .refuse)
    }

    @Test func anUntrustedChainIsRefusedWithoutReadingItsKeys() {
        var keysRead = false
        let verdict = PinnedTrust.verdict(
            pins: pins, host: "backend.example", chainIsTrusted: { false },
            chainKeys: {
                keysRead = true
                return [key]
            })
        #expect(verdict == .refuse)
        #expect(!keysRead)
    }
}

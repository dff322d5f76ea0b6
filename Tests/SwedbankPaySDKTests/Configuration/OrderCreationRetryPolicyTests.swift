import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// The retry policy's arithmetic and its one decision, and the key's accepted spellings.
@Suite struct OrderCreationRetryPolicyTests {
    @Test func theWaitsDoubleUntilTheLastTry() {
        let standard = SwedbankPaySDK.OrderCreationRetry.standard
        #expect([0, 1, 2, 3].map { standard.delay(afterAttempt: $0) } == [nil, 1, 2, nil])
        let five = SwedbankPaySDK.OrderCreationRetry(maxAttempts: 5, firstDelay: 0.25)
        #expect((1...5).map { five.delay(afterAttempt: $0) } == [0.25, 0.5, 1, 2, nil])
        #expect(SwedbankPaySDK.OrderCreationRetry.never.delay(afterAttempt: 1) == nil)
        #expect(SwedbankPaySDK.OrderCreationRetry(maxAttempts: 0).maxAttempts == 1)
        #expect(SwedbankPaySDK.OrderCreationRetry(firstDelay: -1).firstDelay == 0)
    }

    @Test func onlyALostAnswerIsRetryable() {
        let url = URL(string: "https://backend.example.com/paymentorders")!
        let verdicts: [(any Error, Bool)] = [
            (SwedbankPaySDK.TransportError.timedOut(url), true),
            (SwedbankPaySDK.TransportError.connectionFailed(url, description: "reset"), true),
            (SwedbankPaySDK.TransportError.cancelled(url), false),
            (SwedbankPaySDK.TransportError.untrustedServer(url), false),
            (SwedbankPaySDK.TransportError.invalidRequest(url, description: "x"), false),
            (CancellationError(), false),
            (URLError(.timedOut), false),
        ]
        for (error, retryable) in verdicts {
            #expect(SwedbankPaySDK.OrderCreationRetry.isLostAnswer(error) == retryable, "\(error)")
        }
    }

    @Test func aCustomConfigurationRunsItsTriesThroughThePolicy() async throws {
        let clock = ManualClock()
        let policy = SwedbankPaySDK.OrderCreationRetry(maxAttempts: 2, firstDelay: 3, clock: clock)
        let url = URL(string: "https://backend.example.com/paymentorders")!
        let tries = Task {
            try await policy.run { attempt -> Int in
                if attempt == 1 { throw SwedbankPaySDK.TransportError.timedOut(url) }
                return attempt
            }
        }
        await clock.waitForSleepers(1)
        clock.advance(by: 3)
        #expect(try await tries.value == 2)
    }

    @Test func keysAreShortPlainTokens() throws {
        for accepted in ["a", "order-1", "A_b.c:d", String(repeating: "x", count: 64)] {
            #expect(SwedbankPaySDK.IdempotencyKey(accepted)?.value == accepted)
        }
        for refused in ["", " a", "a b", "å", "k\u{0}", String(repeating: "x", count: 65), "a/b", "a\n"] {
            #expect(SwedbankPaySDK.IdempotencyKey(refused) == nil, "\(refused.debugDescription)")
        }
        let key = try #require(SwedbankPaySDK.IdempotencyKey("k-1"))
        #expect(String(decoding: try JSONEncoder().encode(key), as: UTF8.self) == #""k-1""#)
        #expect(try JSONDecoder().decode(SwedbankPaySDK.IdempotencyKey.self, from: Data(#""k-1""#.utf8)) == key)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SwedbankPaySDK.IdempotencyKey.self, from: Data(#""a b""#.utf8))
        }
        let made = SwedbankPaySDK.IdempotencyKey()
        #expect(SwedbankPaySDK.IdempotencyKey(made.value) == made)
    }
}

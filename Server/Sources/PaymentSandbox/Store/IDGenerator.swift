#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Makes the sandbox's ids and tokens: GUIDs for resources, 64-hex tokens for views and sessions.
///
/// With a seed the sequence is deterministic (SplitMix64), so a test can predict every id;
/// without one it is random.
final class IDGenerator: @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64
    private let deterministic: Bool

    init(seed: UInt64?) {
        deterministic = seed != nil
        state = seed ?? UInt64.random(in: .min ... .max)
    }

    /// Back to the start of the sequence for `seed` (or a new random one).
    func reset(seed: UInt64?) {
        lock.withLock { state = seed ?? UInt64.random(in: .min ... .max) }
    }

    /// Random words fetched from the system in bulk: a creation takes about a dozen, and one
    /// system call each showed in its profile (docs/benchmarks.md).
    private var randomWords: [UInt64] = []
    private var randomWordsUsed = 0

    private func next() -> UInt64 {
        lock.withLock {
            if !deterministic {
                if randomWordsUsed == randomWords.count {
                    randomWords = SystemRandomWords.fetch(512)
                    randomWordsUsed = 0
                }
                randomWordsUsed += 1
                return randomWords[randomWordsUsed - 1]
            }
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A lower-case GUID such as `5adc265f-f87f-4313-577e-08d3dca1a26c`.
    func guid() -> String {
        var bytes = Self.hex(next()) + Self.hex(next())
        for position in [8, 13, 18, 23] {
            bytes.insert(UInt8(ascii: "-"), at: position)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 64-character lower-case hex token.
    func token() -> String {
        String(decoding: Self.hex(next()) + Self.hex(next()) + Self.hex(next()) + Self.hex(next()), as: UTF8.self)
    }

    /// A 32-character hex trace id, as in `_tc_tid`.
    func traceId() -> String {
        String(decoding: Self.hex(next()) + Self.hex(next()), as: UTF8.self)
    }

    /// 16 lower-case hex digits, zero-padded (`String(format:)` is slow on Linux, and ids are made
    /// for every request).
    private static func hex(_ value: UInt64) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<16).map { digits[Int((value >> UInt64(60 - 4 * $0)) & 0xF)] }
    }

    /// A number of the given digit count, for payment numbers and references.
    func number(digits: Int) -> Int64 {
        let limit = Int64(pow(10, Double(digits)))
        return Int64(next() % UInt64(limit - limit / 10)) + limit / 10
    }
}

/// Random 64-bit words from the system's cryptographic generator, many per system call.
enum SystemRandomWords {
    /// `/dev/urandom`, opened once; nil where it cannot be opened.
    private static let device: Int32? = {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }()

    /// `count` random words: read from `/dev/urandom` in one go where it can be, otherwise one
    /// `SystemRandomNumberGenerator` call each.
    static func fetch(_ count: Int) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: count)
        let filled = device.map { device in
            words.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let got = read(device, buffer.baseAddress! + offset, buffer.count - offset)
                    if got > 0 {
                        offset += got
                    } else if got < 0 && errno == EINTR {
                        continue
                    } else {
                        return false
                    }
                }
                return true
            }
        }
        guard filled != true else { return words }
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in generator.next() }
    }
}
#endif

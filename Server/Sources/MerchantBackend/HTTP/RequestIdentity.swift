import Synchronization

/// Who a request is, for logs and for Swedbank Pay: its ``RequestID`` and its ``TraceParent``,
/// carried in one task local (`RequestLogMiddleware` sets it; `SwedbankPayClient` sends both on).
struct RequestIdentity: Sendable {
    let requestID: String
    let trace: TraceParent

    @TaskLocal static var current: RequestIdentity?
}

/// Ids made without a system call: three random seeds drawn once per process, and a counter.
/// Each id mixes the next count with a seed through SplitMix64's finalizer, a bijection, so ids of
/// one kind never repeat within a process, look random, and differ between processes. This runs
/// for every request, where drawing from the system's random source cost a system call per word.
enum FastIDs {
    private static let seeds: (UInt64, UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next(), generator.next())
    }()
    private static let counter = Atomic<UInt64>(0)

    /// 32 hex digits: a request id.
    static func requestID() -> String {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return hex(seeds.0, mix(count ^ seeds.1))
    }

    /// 32 hex digits, never all zero: a new trace id.
    static func traceID() -> String {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return hex(seeds.2 | 1, mix(count ^ seeds.0))
    }

    /// 16 hex digits, never all zero: a new span id.
    static func spanID() -> String {
        while true {
            let value = mix(counter.wrappingAdd(1, ordering: .relaxed).newValue ^ seeds.2)
            if value != 0 { return hex(value) }
        }
    }

    /// SplitMix64's output function: a bijection of UInt64 that scatters neighbouring counts.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The words as lower-case hex, 16 digits each.
    static func hex(_ words: UInt64...) -> String {
        String(unsafeUninitializedCapacity: words.count * 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            var index = 0
            for word in words {
                for shift in stride(from: 60, through: 0, by: -4) {
                    buffer[index] = digits.utf8Start[Int((word >> UInt64(shift)) & 0xF)]
                    index += 1
                }
            }
            return index
        }
    }
}

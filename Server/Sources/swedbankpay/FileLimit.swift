import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds its connections: each one
/// is a file descriptor, and so is everything else the process opens.
enum FileLimit {
    /// Raises the soft limit to the hard one, as far as the system lets it, and returns the soft
    /// limit now (nil when it cannot be read). Many systems start processes with a soft limit of
    /// 1,024 under a hard one hundreds of times larger; only the hard limit is the operator's.
    @discardableResult
    static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            // "Unlimited" is not a number of files: a kernel takes a million where it allows it.
            raised.rlim_cur = limit.rlim_max == Self.unlimited ? 1_048_576 : limit.rlim_max
            if setrlimit(Self.resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == Self.unlimited ? Int.max : Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue))
        /// `RLIM_INFINITY`, all bits set (Swift cannot import glibc's macro for it).
        private static let unlimited = rlim_t.max
    #else
        private static let resource = RLIMIT_NOFILE
        private static let unlimited = RLIM_INFINITY
    #endif
}

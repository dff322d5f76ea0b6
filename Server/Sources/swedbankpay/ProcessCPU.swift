import Foundation

/// CPU time this process has used (user + system, all threads), from `getrusage`. Dividing it by
/// the work done gives a cost per request that other load on the machine does not distort.
enum ProcessCPU {
    static func seconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            // Glibc imports RUSAGE_SELF as an enum case; Darwin as a plain Int32.
            let who = Int32(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}

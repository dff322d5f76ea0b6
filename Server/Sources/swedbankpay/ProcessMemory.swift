import Foundation

/// The process's resident memory, from `/proc/self/status` (Linux only; nil elsewhere).
enum ProcessMemory {
    /// `VmRSS` in bytes.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            // "VmRSS:     123456 kB"
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
            return kilobytes.flatMap { Int($0) }.map { $0 * 1_024 }
        }
        return nil
    }
}

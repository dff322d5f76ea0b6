import Foundation
import Testing

/// The sandbox against Swedbank Pay's developer portal: every documented example's request sent,
/// every documented field path checked for presence and JSON type, statuses, rels and problem
/// types checked by value (``DocsFidelity``). Prints the figure and every difference; fails below
/// ``threshold``, which only goes up as the sandbox gets closer (docs/sandbox.md lists and
/// justifies what remains).
///
/// The examples file lives outside the repository (`../shared/reference/`, or
/// `$SWEDBANKPAY_DOCS_EXAMPLES`): without it the test is skipped on a developer's machine and
/// fails in CI.
@Suite struct DocsFidelityTests {
    /// The share of documented field paths the sandbox must answer with the right type.
    static let threshold = 0.95

    @Test(.enabled(if: DocsExamples.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil))
    func theSandboxAnswersWhatThePortalDocuments() async throws {
        let examples = try DocsExamples.load()
        var scores: [DocsFidelity.Score] = []
        for entry in examples.entries { scores.append(await DocsFidelity.score(entry, in: examples)) }
        let overall = scores.filter { !$0.outsideOverall }
        let documented = overall.reduce(0) { $0 + $1.documented }
        let matched = overall.reduce(0) { $0 + $1.matched }
        let share = Double(matched) / Double(max(documented, 1))
        for score in scores where !score.missing.isEmpty || !score.valueDifferences.isEmpty || score.failure != nil {
            print(
                "docs fidelity \(score.id): \(score.matched)/\(score.documented)"
                    + (score.outsideOverall ? " (outside the overall figure)" : ""))
            for path in score.missing { print("  missing \(path)") }
            for difference in score.valueDifferences { print("  value \(difference)") }
            if let failure = score.failure { print("  failed: \(failure)") }
        }
        let outside = scores.filter(\.outsideOverall)
        print(
            "docs fidelity: \(matched) of \(documented) documented field paths (\(String(format: "%.1f", share * 100)) %)"
                + " in \(overall.count) examples; outside the figure: \(outside.reduce(0) { $0 + $1.matched }) of"
                + " \(outside.reduce(0) { $0 + $1.documented })")
        #expect(examples.entries.count == 102)
        #expect(share >= Self.threshold, "docs fidelity \(share) is below \(Self.threshold)")
    }
}

import Foundation
import Testing

/// The sandbox against Swedbank Pay's developer portal: every documented example's request sent,
/// every documented field path checked for presence and JSON type — each documented operation and
/// token on its own (``JSONShape``), every example in the figure, the v3.1 post-purchase ones too —
/// statuses, rels and problem types checked by value (``DocsFidelity``). Prints the figure and
/// every difference; fails below ``threshold``, which only goes up as the sandbox gets closer
/// (docs/sandbox.md lists and justifies what remains).
///
/// The examples file lives outside the repository (`../shared/reference/`, or
/// `$SWEDBANKPAY_DOCS_EXAMPLES`): without it the test is skipped on a developer's machine and
/// fails in CI.
@Suite struct DocsFidelityTests {
    /// The share of documented field paths the sandbox must answer with the right type.
    /// 87.5 % (1,870 of 2,138) when the count became this strict; 95.1 % by the looser count before.
    static let threshold = 0.87

    @Test(.enabled(if: DocsExamples.isAvailable || ProcessInfo.processInfo.environment["CI"] != nil))
    func theSandboxAnswersWhatThePortalDocuments() async throws {
        let examples = try DocsExamples.load()
        var scores: [DocsFidelity.Score] = []
        for entry in examples.entries { scores.append(await DocsFidelity.score(entry, in: examples)) }
        let documented = scores.reduce(0) { $0 + $1.documented }
        let matched = scores.reduce(0) { $0 + $1.matched }
        let share = Double(matched) / Double(max(documented, 1))
        for score in scores where !score.missing.isEmpty || !score.valueDifferences.isEmpty || score.failure != nil {
            print("docs fidelity \(score.id): \(score.matched)/\(score.documented)")
            for path in score.missing { print("  missing \(path)") }
            for difference in score.valueDifferences { print("  value \(difference)") }
            if let failure = score.failure { print("  failed: \(failure)") }
        }
        print(
            "docs fidelity: \(matched) of \(documented) documented field paths (\(String(format: "%.1f", share * 100)) %)"
                + " in \(scores.count) examples")
        #expect(examples.entries.count == 102)
        #expect(share >= Self.threshold, "docs fidelity \(share) is below \(Self.threshold)")
    }
}

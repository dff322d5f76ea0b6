import Foundation
import Testing

extension Tag {
    /// A test that produces one of the refusals of the refusal catalogue (docs/sandbox.md).
    @Tag static var refusal: Self
    /// A test that shows one of the catalogue's known differences from the real service.
    @Tag static var leniency: Self
}

/// Holds docs/sandbox.md's "Refusal catalogue" to the code: every test a row names (its last
/// column, `` `Suite.test` ``) exists in the test sources, and every test tagged `.refusal` or
/// `.leniency` is named by a row. A refusal added without its row, or a row whose test was
/// renamed or removed, fails here.
@Suite struct RefusalCatalogueTests {
    /// A test by its suite and function name.
    struct TestName: Hashable, Comparable, CustomStringConvertible {
        let suite: String
        let function: String
        var description: String { "\(suite).\(function)" }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of the catalogue's section, its subsections included.
    static func section() throws -> [Substring] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/sandbox.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "## Refusal catalogue"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The tests the tables' rows name, in their last column.
    static func namedTests() throws -> [TestName] {
        let rows = try section().filter { $0.hasPrefix("| ") && !$0.hasPrefix("| status") && !$0.hasPrefix("| where") }
        return rows.compactMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: true)
            guard let last = cells.last?.trimmingCharacters(in: .whitespaces),
                let match = last.firstMatch(of: /^`(\w+)\.(\w+)`$/)
            else { return TestName(suite: "?", function: String(row.prefix(60))) }
            return TestName(suite: String(match.1), function: String(match.2))
        }
    }

    /// Every Swift source of the server package's tests, by path.
    static func testSources() throws -> [String: String] {
        let root = repository.appendingPathComponent("Server/Tests")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var sources: [String: String] = [:]
        for path in paths where path.hasSuffix(".swift") {
            sources[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return sources
    }

    /// The tests tagged `.refusal` or `.leniency`: the function after each tagged `@Test`, in the
    /// `@Suite` declared last before it.
    static func taggedTests(in sources: [String: String]) -> Set<TestName> {
        var tagged: Set<TestName> = []
        for source in sources.values {
            for tag in source.matches(of: /@Test\([^\n]*\.tags\([^\n]*\.(refusal|leniency)\b/) {
                let before = source[..<tag.range.lowerBound]
                guard let function = source[tag.range.upperBound...].firstMatch(of: /func (\w+)\(/),
                    let suite = before.matches(of: /@Suite[^\n]*struct (\w+)/).last
                else { continue }
                tagged.insert(TestName(suite: String(suite.1), function: String(function.1)))
            }
        }
        return tagged
    }

    static func exists(_ test: TestName, in sources: [String: String]) -> Bool {
        sources.values.contains { source in
            source.contains("struct \(test.suite)") && source.contains("func \(test.function)(")
        }
    }

    @Test func everyRowNamesATestThatExists() throws {
        let named = try Self.namedTests()
        #expect(named.count >= 14)
        let sources = try Self.testSources()
        let missing = named.filter { !Self.exists($0, in: sources) }
        #expect(missing.isEmpty, "rows whose test does not exist: \(missing)")
    }

    @Test func everyTaggedTestHasARow() throws {
        let named = Set(try Self.namedTests())
        let tagged = Self.taggedTests(in: try Self.testSources())
        #expect(tagged.count >= 12)
        #expect(tagged.subtracting(named).sorted() == [], "tagged tests without a row")
    }
}

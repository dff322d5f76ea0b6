import Testing

@testable import swedbankpay

/// The arithmetic behind the figures `bench backend` prints, on made-up samples whose answers are
/// known.
@Suite struct BenchFiguresTests {
    /// A round of a phase whose latencies are exactly `milliseconds`.
    private func round(_ milliseconds: [Double]) -> BenchThroughput {
        var round = BenchThroughput()
        round.latencies = milliseconds
        round.created = milliseconds.count
        round.elapsed = 1
        return round
    }

    @Test func percentilesTakeTheNearestRank() {
        let statistics = LatencyStatistics(milliseconds: [5, 1, 4, 2, 3])
        #expect(statistics.percentile(0.5) == 3)
        #expect(statistics.percentile(0.99) == 5)
        #expect(statistics.percentile(0) == 1)
        #expect(LatencyStatistics(milliseconds: []).percentile(0.5) == 0)
    }

    @Test func roundsArePairedWithTheSmallestSizesSameRound() {
        let changes = BenchScalePhase.pairedChanges([11, 20, 9], [10, 10, 10])
        #expect(changes.map { ($0 * 100).rounded() } == [10, 100, -10])
        // A round the smallest size has no figure for is left out, not counted as a change.
        #expect(BenchScalePhase.pairedChanges([11, 12], [0, 10]).map { ($0 * 100).rounded() } == [20])
    }

    @Test func theSummaryPrintsTheWholeRunAndTheRoundByRoundChanges() {
        var small = BenchScalePhase.Row(size: 10_000)
        var large = BenchScalePhase.Row(size: 1_000_000)
        for (smallMs, largeMs) in [(10.0, 10.5), (10.0, 13.0), (20.0, 19.0)] {
            small.appendCreation(round([smallMs]))
            large.appendCreation(round([largeMs]))
            small.appendReads(round([smallMs / 10]))
            large.appendReads(round([largeMs / 10]))
        }
        #expect(
            BenchScalePhase.summary([small, large]) == [
                "scale     10000 orders: creation p50 10.00 ms (+0 %), p99 20.00 ms; read p50 1.00 ms (+0 %), p99 2.00 ms",
                "scale   1000000 orders: creation p50 13.00 ms (+30 %), p99 19.00 ms; read p50 1.30 ms (+30 %), p99 1.90 ms",
                "  against 10000 orders round by round: creation +5 %, +30 %, -5 %; reads +5 %, +30 %, -5 %",
            ])
    }

    @Test func anOriginNamesItsHostAndPort() {
        #expect(BenchOrigin("http://127.0.0.1:8080/x") == BenchOrigin("http://127.0.0.1:8080"))
        #expect(BenchOrigin("http://127.0.0.1:8080")?.port == 8080)
        #expect(BenchOrigin("http://example.test")?.port == 80)
        #expect(BenchOrigin("http://[::1]:8080")?.host == "::1")
        #expect(BenchOrigin("http://[::1]")?.port == 80)
        #expect(BenchOrigin("https://127.0.0.1:8080") == nil)
        #expect(BenchOrigin("http://127.0.0.1:0") == nil)
        #expect(BenchOrigin("http://:8080") == nil)
    }

    @Test func theHostHeaderBracketsAnIPv6LiteralAndOmitsPort80() {
        #expect(BenchOrigin("http://127.0.0.1:8080")?.hostHeader == "127.0.0.1:8080")
        #expect(BenchOrigin("http://example.test")?.hostHeader == "example.test")
        #expect(BenchOrigin("http://[::1]:8080")?.hostHeader == "[::1]:8080")
        #expect(BenchOrigin("http://[::1]")?.hostHeader == "[::1]")
    }
}

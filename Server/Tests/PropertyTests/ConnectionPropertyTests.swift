import PropertyBased
import ServerSupport
import Testing

/// The connection bounds' properties (`Properties/ConnectionProperties.swift`) on generated
/// scripts: connections living through bytes, heads, request ends and answers at any pace under
/// any timeouts, and rosters of any limit through admissions, requests and closes.
@Suite struct ConnectionPropertyTests {
    static let script = Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...160)

    @Test func aConnectionIsClosedExactlyWhenItsClientTakesTooLong() async {
        await propertyCheck(count: 3_000, input: Self.script, Gen.int(in: 1...2_000), Gen.int(in: 1...5_000)) {
            script, header, idle in
            #expect(
                ConnectionProperties.connectionTimeline(
                    script, headerMilliseconds: Int64(header), idleMilliseconds: Int64(idle)) == nil)
        }
    }

    @Test func theRosterKeepsItsLimitAndReplacesTheLongestWaiting() async {
        await propertyCheck(count: 3_000, input: Self.script, Gen.int(in: 1...8)) { script, limit in
            #expect(ConnectionProperties.connectionRoster(script, limit: limit) == nil)
        }
    }

    /// The phase table itself, step by step.
    @Test func thePhasesFollowTheRequests() {
        let limits = ConnectionLimits(headerTimeout: .seconds(10), idleTimeout: .seconds(75))
        let second: Int64 = 1_000_000_000
        var phase = ConnectionPhase.opened(at: 0)
        #expect(phase.deadline(limits) == 75 * second)
        phase.bytesArrived(at: 5 * second)
        #expect(phase == .readingHead(since: 5 * second))
        phase.bytesArrived(at: 9 * second)
        #expect(phase.deadline(limits) == 15 * second)
        phase.headArrived(at: 12 * second)
        #expect(phase == .readingBody(since: 12 * second, answersOwed: 1))
        #expect(!phase.isReplaceable)
        phase.requestEnded(at: 13 * second)
        #expect(phase == .answering(answersOwed: 1))
        #expect(phase.timerFired(at: 100 * second, limits) == .stop)
        phase.answerEnded(at: 20 * second)
        #expect(phase == .awaitingRequest(since: 20 * second))
        #expect(phase.timerFired(at: 21 * second, limits) == .check(at: 31 * second))
        #expect(phase.timerFired(at: 90 * second, limits) == .check(at: 95 * second))
        #expect(phase.timerFired(at: 95 * second, limits) == .close)
        // An answer before the body: the body's wait goes on, then the connection waits again.
        phase.headArrived(at: 30 * second)
        phase.answerEnded(at: 31 * second)
        #expect(phase == .readingBody(since: 30 * second, answersOwed: 0))
        phase.requestEnded(at: 32 * second)
        #expect(phase == .awaitingRequest(since: 32 * second))
    }

    /// The connection limit fits the process's file limit, less the reserve, shared by its servers.
    @Test func theConnectionLimitFitsTheFileLimit() {
        let limits = ConnectionLimits()
        #expect(limits.fitted(toFileLimit: 1_048_576, servers: 2).maxConnections == 4_096)
        #expect(limits.fitted(toFileLimit: 1_024, servers: 2).maxConnections == 384)
        #expect(limits.fitted(toFileLimit: 1_024, servers: 1).maxConnections == 768)
        #expect(limits.fitted(toFileLimit: 100, servers: 1).maxConnections == 1)
    }
}

import Testing

@testable import swedbankpay

/// The event-loop count the command gives NIO: half the cores, at least one, unless NIO's own
/// environment variable says otherwise.
@Suite struct EventLoopCountTests {
    @Test func halfTheCoresAtLeastOne() {
        #expect(EventLoopCount.suggestion(environment: [:], cores: 1) == 1)
        #expect(EventLoopCount.suggestion(environment: [:], cores: 2) == 1)
        #expect(EventLoopCount.suggestion(environment: [:], cores: 3) == 1)
        #expect(EventLoopCount.suggestion(environment: [:], cores: 8) == 4)
    }

    @Test func nioOwnVariableWins() {
        #expect(EventLoopCount.suggestion(environment: ["NIO_SINGLETON_GROUP_LOOP_COUNT": "3"], cores: 8) == nil)
        // Any value, even one NIO will bound or ignore, is NIO's to read.
        #expect(EventLoopCount.suggestion(environment: ["NIO_SINGLETON_GROUP_LOOP_COUNT": "x"], cores: 2) == nil)
    }
}

import ServerSupport
import Testing

/// The drain rule as exact state sequences (`DrainPhase`), and its shell (`DrainGate`) ending a
/// drain when the last request owed is answered or when the grace ends.
@Suite struct DrainPhaseTests {
    @Test func requestsBegunBeforeTheSignalHoldTheDrainThoseAfterDoNot() {
        var phase = DrainPhase.started
        #expect(phase.requestBegan() == .holdsDrain)
        #expect(phase.requestBegan() == .holdsDrain)
        #expect(phase == .serving(inFlight: 2))
        #expect(phase.isServing)

        #expect(phase.beginDraining() == false)
        #expect(phase == .draining(owed: 2))
        #expect(!phase.isServing)
        // Served, but not waited for.
        #expect(phase.requestBegan() == .free)
        #expect(phase == .draining(owed: 2))
        #expect(phase.requestEnded(.free) == false)
        #expect(phase.requestEnded(.holdsDrain) == false)
        #expect(phase == .draining(owed: 1))
        // A second signal changes nothing.
        #expect(phase.beginDraining() == false)
        #expect(phase == .draining(owed: 1))
        #expect(phase.requestEnded(.holdsDrain) == true)
        #expect(phase == .stopped(cut: 0))
    }

    @Test func nothingInFlightStopsAtOnce() {
        var phase = DrainPhase.started
        let ticket = phase.requestBegan()
        #expect(phase.requestEnded(ticket) == false)
        #expect(phase == .serving(inFlight: 0))
        #expect(phase.beginDraining() == true)
        #expect(phase == .stopped(cut: 0))
        #expect(phase.requestBegan() == .free)
        #expect(phase.graceEnded() == false)
        #expect(phase == .stopped(cut: 0))
    }

    @Test func theGraceCutsWhatIsStillOwed() {
        var phase = DrainPhase.started
        _ = phase.requestBegan()
        _ = phase.requestBegan()
        _ = phase.requestBegan()
        _ = phase.beginDraining()
        _ = phase.requestEnded(.holdsDrain)
        #expect(phase.graceEnded() == true)
        #expect(phase == .stopped(cut: 2))
        // A cut request that ends later changes nothing.
        #expect(phase.requestEnded(.holdsDrain) == false)
        #expect(phase == .stopped(cut: 2))
        #expect(phase.graceEnded() == false)
    }

    @Test func theGateEndsTheDrainWhenTheLastRequestOwedIsAnswered() async {
        let gate = DrainGate()
        let first = gate.requestBegan()
        let second = gate.requestBegan()
        gate.beginDraining()
        #expect(gate.phase == .draining(owed: 2))
        // Waits for the drain that began; returns at once should it be over first.
        let drained = Task { await gate.drain(within: .seconds(60)) }
        gate.requestEnded(first)
        #expect(gate.phase == .draining(owed: 1))
        gate.requestEnded(second)
        #expect(await drained.value == 0)
        #expect(gate.phase == .stopped(cut: 0))
    }

    @Test func theGateCountsWhatTheGraceCut() async {
        let gate = DrainGate()
        let owed = gate.requestBegan()
        #expect(await gate.drain(within: .milliseconds(50)) == 1)
        #expect(gate.phase == .stopped(cut: 1))
        gate.requestEnded(owed)
        #expect(gate.phase == .stopped(cut: 1))
    }
}

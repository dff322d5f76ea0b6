import ServerSupport

/// The properties of the connection bounds' pure cores (`ConnectionPhase`, `ConnectionRoster`),
/// shared like ``ServerProperties``: the property tests feed them generated scripts, the fuzz
/// targets any bytes. Nil when the property holds.
enum ConnectionProperties {
    /// A connection's life from `script` — byte pairs: what happens (bytes, a head, a request's
    /// end, an answer's end), then how many milliseconds later — with its timer run as
    /// `ConnectionWatch` runs it (armed when a deadline appears, re-armed as `timerFired` says).
    /// The connection is closed exactly when a deadline passes: never before it, never an event
    /// after it; a phase without a request in progress is the replaceable one; answers owed never
    /// go below zero, and answering has no deadline.
    static func connectionTimeline(_ script: [UInt8], headerMilliseconds: Int64, idleMilliseconds: Int64) -> String? {
        let limits = ConnectionLimits(
            headerTimeout: .milliseconds(headerMilliseconds), idleTimeout: .milliseconds(idleMilliseconds))
        let millisecond: Int64 = 1_000_000
        var now: Int64 = 0
        var phase = ConnectionPhase.opened(at: now)
        var timer: Int64?
        func arm() {
            if timer == nil { timer = phase.firstCheck(at: now, limits) }
        }
        arm()
        var index = 0
        while index + 1 < script.count {
            let event = script[index] % 4
            let next = now + Int64(script[index + 1]) * 10 * millisecond
            index += 2
            // The timer fires (perhaps several times) before the event.
            while let due = timer, due <= next {
                now = due
                timer = nil
                switch phase.timerFired(at: now, limits) {
                case .close:
                    guard let deadline = phase.deadline(limits), deadline <= now else {
                        return "closed at \(now) before the deadline in \(phase)"
                    }
                    return nil
                case .check(let at):
                    guard at > now else { return "a check at \(at) is not after \(now) in \(phase)" }
                    timer = at
                case .stop:
                    guard phase.deadline(limits) == nil else { return "the timer stopped in \(phase)" }
                }
            }
            now = next
            if let deadline = phase.deadline(limits), deadline < now {
                return "\(phase) passed its deadline \(deadline) and was still open at \(now)"
            }
            switch event {
            case 0: phase.bytesArrived(at: now)
            case 1: phase.headArrived(at: now)
            case 2: phase.requestEnded(at: now)
            default: phase.answerEnded(at: now)
            }
            arm()
            switch phase {
            case .readingBody(_, let owed) where owed < 0: return "answers owed below zero: \(phase)"
            case .answering(let owed) where owed < 1: return "answering owes \(owed)"
            default: break
            }
            if phase.isReplaceable != (phase.waitingSince != nil) {
                return "replaceable and waiting disagree: \(phase)"
            }
            if case .answering = phase, phase.deadline(limits) != nil { return "answering has a deadline" }
            if phase.deadline(limits) != nil, timer == nil { return "a deadline without a timer in \(phase)" }
        }
        return nil
    }

    /// A roster of `limit` driven by `script` — byte pairs: an operation (admit, a request begins,
    /// requests are done, a close) and which connection — checked against a plain model: never
    /// more than `limit` on it; a new connection is refused only when it is full and none is
    /// replaceable; the one replaced is replaceable and has waited longest; a connection off the
    /// roster cannot begin a request.
    static func connectionRoster(_ script: [UInt8], limit: Int) -> String? {
        var roster = ConnectionRoster(limit: limit)
        var model: [UInt64: Int64?] = [:]
        var now: Int64 = 0
        var ids: [UInt64] = []
        var index = 0
        while index + 1 < script.count {
            let operation = script[index] % 4
            let pick = ids.isEmpty ? nil : ids[Int(script[index + 1]) % ids.count]
            index += 2
            now += 1
            switch operation {
            case 0:
                let replaceable = model.filter { $0.value != nil }
                let oldest = replaceable.min { ($0.value!, $0.key) < ($1.value!, $1.key) }?.key
                switch roster.admit(at: now) {
                case .admitted(let id):
                    guard model.count < limit else { return "admitted \(id) beyond the limit" }
                    model[id] = now
                    ids.append(id)
                case .replacing(let old, let id):
                    guard model.count >= limit else { return "replaced \(old) below the limit" }
                    guard old == oldest else { return "replaced \(old), not the longest waiting \(oldest as Any)" }
                    model[old] = nil
                    model[id] = now
                    ids.append(id)
                case .refused:
                    guard model.count >= limit, replaceable.isEmpty else { return "refused with room" }
                }
            case 1:
                guard let pick else { continue }
                let began = roster.requestBegan(pick)
                guard began == (model[pick] != nil) else { return "request began on \(pick): \(began)" }
                if began { model[pick] = .some(nil) }
            case 2:
                guard let pick else { continue }
                roster.requestsDone(pick, since: now)
                if model[pick] != nil { model[pick] = now }
            default:
                guard let pick else { continue }
                roster.remove(pick)
                model[pick] = nil
            }
            if roster.count != model.count { return "the roster holds \(roster.count), the model \(model.count)" }
            if roster.count > limit { return "\(roster.count) connections over the limit \(limit)" }
            if roster.hasRoom != (model.count < limit || model.values.contains { $0 != nil }) {
                return "room is \(roster.hasRoom) with \(model)"
            }
        }
        return nil
    }
}

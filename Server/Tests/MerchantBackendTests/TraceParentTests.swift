import Testing

@testable import MerchantBackend

/// `traceparent` as W3C Trace Context level 1 specifies it: what joins the caller's trace, what
/// starts a new one, and the headers the backend sends on.
@Suite struct TraceParentTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test func aValidHeaderIsJoined() throws {
        let trace = try #require(TraceParent.parse(Self.valid))
        #expect(trace.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(trace.parentID == "00f067aa0ba902b7")
        #expect(trace.flags == "01")
        #expect(trace.header == Self.valid)
    }

    @Test(arguments: [
        nil, "", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",  // too short
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // upper case
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // zero trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // zero parent id
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // forbidden version
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  // version 00 is exact
        "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",  // no dash after the fields
        "00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // wrong separator
        "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",  // not hex
    ])
    func anInvalidHeaderStartsANewTrace(header: String?) {
        #expect(TraceParent.parse(header) == nil)
    }

    @Test func aLaterVersionIsReadAsVersion00() throws {
        let trace = try #require(TraceParent.parse("cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-more"))
        #expect(trace.header == Self.valid)
    }

    @Test func aChildKeepsTheTraceAndFlagsWithANewSpan() throws {
        let parent = try #require(TraceParent.parse(Self.valid))
        let child = parent.child()
        #expect(child.traceID == parent.traceID)
        #expect(child.flags == parent.flags)
        #expect(child.parentID != parent.parentID)
        #expect(TraceParent.parse(child.header) == child)
    }

    @Test func aNewTraceIsValidAndSampled() throws {
        let trace = TraceParent.start()
        #expect(TraceParent.parse(trace.header) == trace)
        #expect(trace.flags == "01")
        #expect(trace.traceID.utf8.count == 32 && trace.parentID.utf8.count == 16)
        #expect(TraceParent.start().traceID != trace.traceID)
    }
}

/// The ids made for every request: the right shape, and never the same twice.
@Suite struct FastIDsTests {
    @Test func idsHaveTheirShapeAndNeverRepeat() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let request = FastIDs.requestID()
            let trace = FastIDs.traceID()
            let span = FastIDs.spanID()
            #expect(request.utf8.count == 32 && trace.utf8.count == 32 && span.utf8.count == 16)
            #expect(RequestID.accepted(request) == request)
            #expect(TraceParent.parse("00-\(trace)-\(span)-01") != nil)
            seen.formUnion([request, trace, span])
        }
        #expect(seen.count == 30_000)
    }

    @Test func hexWritesEachWordAsSixteenDigits() {
        #expect(FastIDs.hex(0, 0xDEAD_BEEF, UInt64.max) == "0000000000000000" + "00000000deadbeef" + "ffffffffffffffff")
    }
}

import Foundation
import Logging
import NIOConcurrencyHelpers
import ServerSupport
import Testing

/// `--log-format text` and `json`: one line per event with the time, level, label, the handler's
/// and the event's metadata (the event's winning), the source in text, and the message; nothing
/// below the level.
@Suite struct ServerLogHandlerTests {
    /// The injected clock's time: 2026-11-26T21:30:15.250Z.
    static let now = Date(timeIntervalSince1970: 1_795_728_615.25)
    @Test func aLineHoldsTheEventAndTheMetadataSortedByKey() throws {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "MerchantBackend.requests") { label in
            ServerLogHandler(label: label, format: .text, now: { Self.now }) { line in
                lines.withLockedValue { $0.append(line) }
            }
        }
        logger[metadataKey: "request_id"] = "r-1"
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info("request", metadata: ["status": "201", "request_id": "r-2"], source: "backend")
        logger.debug("not written at info")
        logger.logLevel = .debug
        logger.debug("written at debug", metadata: ["list": ["a", "b"]], source: "backend")

        let written = lines.withLockedValue { $0 }
        #expect(written.count == 2)
        // The injected clock's time first (ISO 8601 with milliseconds), then a fixed shape.
        let first = try #require(written.first)
        #expect(
            first
                == "2026-11-26T21:30:15.250Z info MerchantBackend.requests : hb.request.id=7 request_id=r-2 status=201 [backend] request"
        )
        let second = try #require(written.last)
        #expect(
            second.split(separator: " ", maxSplits: 1).last
                == #"debug MerchantBackend.requests : hb.request.id=7 list=["a", "b"] request_id=r-1 [backend] written at debug"#
        )
    }

    @Test func aJSONLineHoldsTheSameAsOneObject() throws {
        let lines = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "MerchantBackend.requests") { label in
            ServerLogHandler(label: label, format: .json, now: { Self.now }) { line in
                lines.withLockedValue { $0.append(line) }
            }
        }
        logger[metadataKey: "request_id"] = "r-1"
        logger.info(
            "request",
            metadata: [
                "status": .stringConvertible(201), "request_id": "r-2", "list": ["a", "b"],
                "duration_ms": .stringConvertible(12.5), "code": "201",
            ])
        logger.debug("not written at info")

        let written = lines.withLockedValue { $0 }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(
            line
                == #"{"code":"201","duration_ms":12.5,"label":"MerchantBackend.requests","level":"info","list":["a","b"],"message":"request","request_id":"r-2","status":201,"time":"2026-11-26T21:30:15.250Z"}"#
        )
    }
}

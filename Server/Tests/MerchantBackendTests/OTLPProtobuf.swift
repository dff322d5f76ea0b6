import Foundation

/// Reads the few fields of an OTLP `ExportTraceServiceRequest` (protobuf) that the tests check,
/// straight from the wire format: field numbers from opentelemetry-proto's `trace/v1/trace.proto`,
/// `common/v1/common.proto` and `resource/v1/resource.proto`. Unknown fields are skipped, as
/// protobuf readers do.
enum OTLPProtobuf {
    struct Malformed: Error { let at: Int }

    /// One field: its number and its value (a varint, fixed bytes, or a length-delimited slice).
    enum Value {
        case varint(UInt64)
        case bytes(Data)
        case fixed(UInt64)
    }

    /// The fields of one message, in order.
    static func fields(_ data: Data) throws -> [(number: Int, value: Value)] {
        let bytes = [UInt8](data)
        var index = 0
        func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard index < bytes.count, shift < 64 else { throw Malformed(at: index) }
                let byte = bytes[index]
                index += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }
        func fixed(_ count: Int) throws -> UInt64 {
            guard index + count <= bytes.count else { throw Malformed(at: index) }
            var result: UInt64 = 0
            for offset in (0..<count).reversed() { result = result << 8 | UInt64(bytes[index + offset]) }
            index += count
            return result
        }
        var fields: [(Int, Value)] = []
        while index < bytes.count {
            let key = try varint()
            let number = Int(key >> 3)
            switch key & 7 {
            case 0: fields.append((number, .varint(try varint())))
            case 1: fields.append((number, .fixed(try fixed(8))))
            case 5: fields.append((number, .fixed(try fixed(4))))
            case 2:
                let length = Int(try varint())
                guard length >= 0, index + length <= bytes.count else { throw Malformed(at: index) }
                fields.append((number, .bytes(Data(bytes[index..<index + length]))))
                index += length
            default: throw Malformed(at: index)
            }
        }
        return fields
    }

    /// The spans of an `ExportTraceServiceRequest`.
    static func spans(in data: Data) throws -> [CollectorStub.ExportedSpan] {
        var spans: [CollectorStub.ExportedSpan] = []
        for resourceSpans in try messages(1, in: data) {  // resource_spans
            let resource = try messages(1, in: resourceSpans).first  // resource
            let resourceAttributes = try resource.map { try attributes(1, in: $0) } ?? [:]
            for scopeSpans in try messages(2, in: resourceSpans) {  // scope_spans
                for span in try messages(2, in: scopeSpans) {  // spans
                    let status = try messages(15, in: span).first
                    spans.append(
                        CollectorStub.ExportedSpan(
                            name: try string(5, in: span) ?? "",
                            kind: Int(try varint(6, in: span) ?? 0),
                            traceID: try hex(1, in: span), spanID: try hex(2, in: span),
                            parentSpanID: try hex(4, in: span),
                            attributes: try attributes(9, in: span),
                            statusCode: Int(try status.flatMap { try varint(3, in: $0) } ?? 0),
                            serviceName: resourceAttributes["service.name"]))
                }
            }
        }
        return spans
    }

    /// The `KeyValue` attributes in field `number` (9 of a span, 1 of a resource), as text.
    static func attributes(_ number: Int, in message: Data) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in try messages(number, in: message) {
            guard let key = try string(1, in: pair), let any = try messages(2, in: pair).first,
                let first = try fields(any).first
            else { continue }
            switch (first.number, first.value) {
            case (1, .bytes(let text)): result[key] = String(decoding: text, as: UTF8.self)
            case (2, .varint(let flag)): result[key] = flag == 0 ? "false" : "true"
            case (3, .varint(let number)): result[key] = String(Int64(bitPattern: number))
            case (4, .fixed(let bits)): result[key] = String(Double(bitPattern: bits))
            default: continue
            }
        }
        return result
    }

    static func messages(_ number: Int, in message: Data) throws -> [Data] {
        try fields(message).compactMap { field in
            guard field.number == number, case .bytes(let data) = field.value else { return nil }
            return data
        }
    }

    static func string(_ number: Int, in message: Data) throws -> String? {
        try messages(number, in: message).first.map { String(decoding: $0, as: UTF8.self) }
    }

    static func varint(_ number: Int, in message: Data) throws -> UInt64? {
        for field in try fields(message) where field.number == number {
            if case .varint(let value) = field.value { return value }
        }
        return nil
    }

    /// A bytes field as lower-case hex, "" when absent (a root span has no parent).
    static func hex(_ number: Int, in message: Data) throws -> String {
        try messages(number, in: message).first.map { $0.map { String(format: "%02x", $0) }.joined() } ?? ""
    }
}

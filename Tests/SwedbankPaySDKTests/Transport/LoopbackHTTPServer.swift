import Foundation
import SwedbankPaySDKTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for testing the URLSession
/// transport against real sockets. One connection at a time, one request per connection.
final class LoopbackHTTPServer: @unchecked Sendable {
    /// What the server does with a request.
    enum Behaviour: Sendable {
        case respond(status: Int, headers: [(String, String)], body: Data)
        /// Keeps the connection open without answering until the server stops.
        case silence
        /// Closes the connection without answering.
        case hangUp
    }

    struct ReceivedRequest: Sendable {
        var head: String
        var body: Data
        var requestLine: String { head.components(separatedBy: "\r\n").first ?? "" }
        func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    let port: UInt16
    private let listener: Int32
    private let behaviour: @Sendable (ReceivedRequest) -> Behaviour
    private let lock = NSLock()
    private var received: [ReceivedRequest] = []
    /// One arrival per request received.
    let arrivals = Arrivals()
    private var stopped = false
    private var openConnections: [Int32] = []
    /// Left once the accept loop has ended (and closed the listener): `stop()` waits for it.
    /// (`NSConditionLock.lock(whenCondition:)` trapped here, in Foundation on Linux.)
    private let acceptLoop = DispatchGroup()

    init(behaviour: @escaping @Sendable (ReceivedRequest) -> Behaviour) throws {
        self.behaviour = behaviour
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        acceptLoop.enter()
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var requests: [ReceivedRequest] { lock.withLock { received } }

    func stop() {
        let connections = lock.withLock { () -> [Int32] in
            stopped = true
            defer { openConnections = [] }
            return openConnections
        }
        for connection in connections { close(connection) }
        // Only wake the accept loop here; it closes the listener itself. Closing it from this
        // thread could let the number be reused by another socket while the loop still accepts on
        // it.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoop.wait()
    }

    private func acceptConnections() {
        defer {
            close(listener)
            acceptLoop.leave()
        }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return }
            if lock.withLock({ stopped }) {
                close(connection)
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else {
            close(connection)
            return
        }
        lock.withLock { received.append(request) }
        arrivals.arrive()
        switch behaviour(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            write(connection, Data(head.utf8) + body)
            close(connection)
        case .silence:
            lock.withLock { openConnections.append(connection) }
        case .hangUp:
            close(connection)
        }
    }

    private func readRequest(_ connection: Int32) -> ReceivedRequest? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let range = data.range(of: separator) {
                let head = String(decoding: data[..<range.lowerBound], as: UTF8.self)
                var request = ReceivedRequest(head: head, body: Data())
                let length = Int(request.header("Content-Length") ?? "0") ?? 0
                var body = Data(data[range.upperBound...])
                while body.count < length {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    if count <= 0 { return nil }
                    body.append(contentsOf: buffer[0..<count])
                }
                request.body = body
                return request
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private func write(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, 0)
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}

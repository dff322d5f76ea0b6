import Foundation
import LocalStack
import PaymentSandbox
import ServerSupport
import Testing

/// What `--https` negotiates, asked of a real server with `openssl s_client`: TLS 1.2 only with
/// ECDHE and an AEAD cipher (Mozilla's "intermediate" profile), TLS 1.3, nothing older — for an
/// ECDSA key (the made certificate) and an RSA key (a merchant's own files).
@Suite(.timeLimit(.minutes(2)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
struct TLSCipherSuiteTests {
    /// Every TLS 1.2 suite this OpenSSL knows, by its OpenSSL name.
    static func knownTLS12Suites() async throws -> [String] {
        let (status, output) = try await Self.openssl("openssl ciphers 'ALL:COMPLEMENTOFALL:@SECLEVEL=0'")
        #expect(status == 0)
        return output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":").map(String.init)
            .filter { !$0.hasPrefix("TLS_") }
    }

    /// Runs `command` in a shell with nothing on standard input; its status and standard output.
    static func openssl(_ command: String) async throws -> (Int32, String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let child = try ChildProcess.launch(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command + " </dev/null 2>/dev/null"],
            standardOutput: handle)
        let status = await child.exitStatus()
        try handle.close()
        return (status, try String(contentsOf: output, encoding: .utf8))
    }

    /// The suites among `suites` a TLS 1.2 handshake with the server at `port` agrees on, each
    /// offered alone (eight handshakes at a time).
    static func accepted(_ suites: [String], port: Int) async throws -> Set<String> {
        var accepted: Set<String> = []
        for start in stride(from: 0, to: suites.count, by: 8) {
            try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                for suite in suites[start..<min(start + 8, suites.count)] {
                    group.addTask {
                        let (status, _) = try await Self.openssl(
                            "openssl s_client -connect 127.0.0.1:\(port) -tls1_2 -cipher '\(suite):@SECLEVEL=0'")
                        return (suite, status == 0)
                    }
                }
                for try await (suite, handshook) in group where handshook { accepted.insert(suite) }
            }
        }
        return accepted
    }

    /// A sandbox alone serving HTTPS with `identity` (``ConnectionLimitTests``' own).
    static func withSandbox(_ identity: TLSIdentity, _ body: (Int) async throws -> Void) async throws {
        try await ConnectionLimitTests.withSandbox(ConnectionLimits(), tls: identity, body)
    }

    @Test func anECDSAKeyServesTheIntermediateProfileOnly() async throws {
        let suites = try await Self.knownTLS12Suites()
        #expect(suites.contains("ECDHE-ECDSA-AES128-SHA") && suites.contains("AES256-SHA"), "\(suites)")
        try await Self.withSandbox(try TLSIdentity.generated(for: ["localhost"])) { port in
            let accepted = try await Self.accepted(suites, port: port)
            let tls13 = try await Self.openssl("openssl s_client -connect 127.0.0.1:\(port) -tls1_3").0
            let tls11 = try await Self.openssl("openssl s_client -connect 127.0.0.1:\(port) -tls1_1").0
            #expect(
                accepted == [
                    "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305",
                ])
            #expect(tls13 == 0)
            #expect(tls11 != 0)
        }
    }

    @Test func anRSAKeyServesTheIntermediateProfileOnly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("certificate.pem").path
        let (made, _) = try await Self.openssl(
            "openssl req -x509 -newkey rsa:2048 -nodes -keyout \(key) -out \(certificate) -subj /CN=localhost -days 1")
        #expect(made == 0)
        let suites = try await Self.knownTLS12Suites()
        try await Self.withSandbox(try TLSIdentity.load(certificateFile: certificate, keyFile: key)) { port in
            let accepted = try await Self.accepted(suites, port: port)
            #expect(
                accepted == [
                    "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-RSA-CHACHA20-POLY1305",
                ])
        }
    }
}

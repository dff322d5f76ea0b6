import AsyncHTTPClient
import Foundation
import JWTKit
import Testing

@testable import MerchantBackend

/// JWT signing keys rotate without a restart: a running `swedbankpay backend` reads its JWKS file
/// again on SIGHUP (and on its interval), verifies tokens with the new keys only, and keeps the
/// last good keys when the new file cannot be used.
@Suite(.timeLimit(.minutes(2))) struct JWKSRotationTests {
    static let apiKey = "jwks-rotation-api-key"
    static let oldKid = "rotation-old"
    static let newKid = "rotation-new"

    @Test func aHangUpRotatesTheKeysAndABadFileKeepsTheLastGoodOnes() async throws {
        let oldKey = ES256PrivateKey()
        let newKey = ES256PrivateKey()
        let file = try JWTFixtures.writeFile(try Self.jwks([(Self.oldKid, oldKey)]))
        let backend = try #require(try await Self.launch(jwksFile: file, reload: 0))
        var failure: (any Error)?
        do {
            let oldToken = try await Self.token(oldKey, kid: Self.oldKid)
            let newToken = try await Self.token(newKey, kid: Self.newKid)
            #expect(try await Self.status(backend, token: oldToken) == 200)
            #expect(try await Self.status(backend, token: newToken) == 401)

            try Self.replace(file, with: try Self.jwks([(Self.newKid, newKey)]))
            kill(backend.process.processIdentifier, SIGHUP)
            #expect(await backend.output.line(containing: "reloaded the JWKS file", within: 10).isLine)
            #expect(try await Self.status(backend, token: oldToken) == 401)
            #expect(try await Self.status(backend, token: newToken) == 200)

            // A file the start would refuse — not JSON, then a private key — changes nothing.
            for bad in [#"{"keys": ["#, try Self.jwksWithPrivateKey(newKey)] {
                try Self.replace(file, with: bad)
                kill(backend.process.processIdentifier, SIGHUP)
                #expect(await backend.output.line(containing: "kept the last good JWT keys", within: 10).isLine)
                await backend.output.events.clear()
                #expect(try await Self.status(backend, token: newToken) == 200)
                #expect(try await Self.status(backend, token: oldToken) == 401)
            }
            #expect(backend.process.isRunning)
        } catch {
            failure = error
        }
        await backend.terminate()
        if let failure { throw failure }
    }

    @Test func theIntervalPicksUpANewFileWithoutASignal() async throws {
        let oldKey = ES256PrivateKey()
        let newKey = ES256PrivateKey()
        let file = try JWTFixtures.writeFile(try Self.jwks([(Self.oldKid, oldKey)]))
        let backend = try #require(try await Self.launch(jwksFile: file, reload: 1))
        var failure: (any Error)?
        do {
            let newToken = try await Self.token(newKey, kid: Self.newKid)
            #expect(try await Self.status(backend, token: newToken) == 401)
            // Both keys during the rotation: tokens of either are taken.
            try Self.replace(file, with: try Self.jwks([(Self.oldKid, oldKey), (Self.newKid, newKey)]))
            #expect(await backend.output.line(containing: "reloaded the JWKS file", within: 10).isLine)
            #expect(try await Self.status(backend, token: newToken) == 200)
            #expect(try await Self.status(backend, token: try await Self.token(oldKey, kid: Self.oldKid)) == 200)
        } catch {
            failure = error
        }
        await backend.terminate()
        if let failure { throw failure }
    }

    /// `swedbankpay backend --auth jwt` with only `jwksFile`'s keys, reloading it every `reload`
    /// seconds (0: on SIGHUP only). Its Swedbank Pay is never called here.
    static func launch(jwksFile: String, reload: Int) async throws -> ChildServer? {
        let executable = try ServeProcess.executable()
        let database = URL(fileURLWithPath: jwksFile).deletingLastPathComponent().appendingPathComponent("db.sqlite")
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", database.path, "--swedbank-pay-url",
                    "http://127.0.0.1:9", "--payee-id", BackendHarness.payeeID, "--api-keys", apiKey, "--auth",
                    "jwt", "--jwt-jwks-file", jwksFile, "--jwt-jwks-reload", "\(reload)", "--jwt-audience",
                    JWTFixtures.audience,
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN": BackendHarness.merchantToken],
                url: "http://127.0.0.1:\(port)", readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            if let server { return server }
        }
        return nil
    }

    /// The status of an authenticated discovery request with `token`.
    static func status(_ backend: ChildServer, token: String) async throws -> Int {
        try await HTTPClient.shared.answer(
            .GET, backend.url + "/", headers: ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": token]
        ).status
    }

    static func token(_ key: ES256PrivateKey, kid: String) async throws -> String {
        try await JWTFixtures.token(
            JWTFixtures.claims(user: "rotating-user"), .es256Other(key), header: ["kid": .string(kid)])
    }

    /// A JWKS document of the public halves of `keys`.
    static func jwks(_ keys: [(kid: String, key: ES256PrivateKey)]) throws -> String {
        let members = try keys.map { kid, key in
            let point = try #require(key.parameters)
            return #"{"kty":"EC","kid":"\#(kid)","crv":"P-256","x":"\#(point.x)","y":"\#(point.y)"}"#
        }
        return #"{"keys":["# + members.joined(separator: ",") + "]}"
    }

    /// A JWKS whose one key holds a private part (`d`), which the backend refuses to use.
    static func jwksWithPrivateKey(_ key: ES256PrivateKey) throws -> String {
        let point = try #require(key.parameters)
        return
            #"{"keys":[{"kty":"EC","kid":"\#(newKid)","crv":"P-256","x":"\#(point.x)","y":"\#(point.y)","d":"AAAA"}]}"#
    }

    /// Writes `text` as `path`'s new content in one step (a rename), as a deployment swaps files.
    static func replace(_ path: String, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

import AsyncHTTPClient
import Foundation
import Testing

@testable import MerchantBackend

/// What an orchestrator asks a backend (`/livez`, `/readyz`) and what a deployment sets apart:
/// the callback origin Swedbank Pay reaches, and a start that leaves the schema alone.
@Suite struct DeploymentHealthTests {
    @Test func liveAndReadyWhenUpThenNotReadyWhileDraining() async throws {
        try await BackendHarness.run { harness in
            let live = try await harness.send(.GET, "/livez", headers: [:])
            #expect(live.status == 200)
            #expect(live.body == #"{"status":"ok"}"#)
            let ready = try await harness.send(.GET, "/readyz", headers: [:])
            #expect(ready.status == 200)
            #expect(ready.body == #"{"status":"ok"}"#)

            harness.backend.beginDraining()
            let draining = try await harness.send(.GET, "/readyz", headers: [:])
            #expect(draining.status == 503)
            #expect(draining.body == #"{"status":"draining"}"#)
            // Alive all the same: the requests in flight finish.
            #expect(try await harness.send(.GET, "/livez", headers: [:]).status == 200)
            #expect(try await harness.send(.GET, "/healthz", headers: [:]).body == #"{"status":"ok"}"#)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDatabaseOpenedWithoutMigratingIsNotReadyUntilMigrated(_ engine: BackendHarness.Engine) async throws {
        let own = try await TestDatabase.OwnDatabase.make(engine)
        let location = own.location
        do {
            let unmigrated = try await BackendDatabase.open(location, connectionsPerEventLoop: 1, migrate: false)
            let missing = try await unmigrated.missingMigrations()
            try await unmigrated.close()
            #expect(missing == Migrations.all.map(\.version))
            let migrated = try await BackendDatabase.open(location, connectionsPerEventLoop: 1)
            let after = try await migrated.missingMigrations()
            try await migrated.close()
            #expect(after == [])
        } catch {
            await own.remove()
            TestDatabase.remove(location)
            throw error
        }
        await own.remove()
        TestDatabase.remove(location)
    }

    @Test(arguments: TestDatabase.engines)
    func readyzNamesTheMissingMigrations(_ engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, ownDatabase: true) { harness in
            // As if this build were newer than the schema: its last migration not applied yet.
            let latest = Migrations.latestVersion
            try await harness.database.sql.raw("DELETE FROM schema_migrations WHERE version = \(bind: latest)").run()
            let answer = try await harness.send(.GET, "/readyz", headers: [:])
            #expect(answer.status == 503)
            #expect(answer.body == #"{"missing":[\#(latest)],"status":"migrations missing"}"#)
        }
    }

    @Test func swedbankPayGetsTheCallbackOriginWhenOneIsSet() async throws {
        try await BackendHarness.run(configure: {
            $0.callbackBaseURL = URL(string: "http://balancer.internal:8080")
        }) { harness in
            let created = try await harness.createOrder()
            #expect(created.status == 201)
            let pspID = try #require((created.json["paymentOrder"] as? [String: Any])?["id"] as? String)
            let atPSP = try await harness.client.answer(
                .GET, harness.sandboxURL + pspID + "?$expand=urls",
                headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
            let urls = try #require((atPSP.json["paymentOrder"] as? [String: Any])?["urls"] as? [String: Any])
            #expect(urls["callbackUrl"] as? String == "http://balancer.internal:8080/swedbankpay/callback")
            // The payer's pages still come back to the public URL.
            #expect(urls["completeUrl"] as? String == "https://example.com/complete")
        }
    }

    @Test func aCallbackURLWithAPathIsRefused() {
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "http://127.0.0.1:9")!, merchantToken: Secret("token"), payeeId: "payee",
            publicBaseURL: URL(string: "http://127.0.0.1:8080")!, apiKeys: [Secret("compose-key-1")])
        configuration.callbackBaseURL = URL(string: "http://balancer.internal:8080/shop")
        #expect(configuration.problems() == ["the callback URL must be an absolute http(s) URL without a path"])
    }
}

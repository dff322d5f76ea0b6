import Foundation
import SQLKit
import Testing

@testable import MerchantBackend

/// Schema version 7 carries the payer pins of version 2 (`payer_owners`) over to
/// `payer_references`, each reference standing for itself at Swedbank Pay — except references
/// that differ from another user's by letter case alone, which a service comparing without case
/// would take for one payer: neither is kept.
@Suite struct PayerReferenceMigrationTests {
    @Test(arguments: TestDatabase.engines)
    func pinsCarryOverButNotThoseACaseInsensitiveServiceWouldMerge(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, ownDatabase: true) { harness in
            let database = harness.database
            // As a database of version 6 with three pins would be.
            try await database.sql.raw("DELETE FROM payer_references").run()
            try await database.sql.raw("DELETE FROM schema_migrations WHERE version = 7").run()
            for (reference, user) in [("KUND-1001", "victim-1"), ("kund-1001", "attacker-1"), ("payer-9", "user-9")] {
                try await database.sql.raw(
                    """
                    INSERT INTO payer_owners (payer_reference, user_id, created_at) \
                    VALUES (\(bind: reference), \(bind: user), 1)
                    """
                ).run()
            }
            try await Migrations.run(on: database, now: 2)
            let store = harness.backend.services.store
            #expect(try await store.pspPayerReference(user: "user-9", payerReference: "payer-9") == "payer-9")
            #expect(try await store.pspPayerReference(user: "victim-1", payerReference: "KUND-1001") == nil)
            #expect(try await store.pspPayerReference(user: "attacker-1", payerReference: "kund-1001") == nil)
            #expect(try await database.appliedSchemaVersions() == Migrations.all.map(\.version))
        }
    }
}

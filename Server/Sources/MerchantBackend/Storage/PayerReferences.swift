import Foundation
import SQLKit

/// The `payer_references` table: which payer at Swedbank Pay each user's payer reference stands
/// for. The app's reference names a payer only within its user (the key is both), so no user can
/// reach, claim or lock out another's payer, whatever they send; Swedbank Pay only ever sees the
/// backend's own reference for it (see `PayerBinding.swift`). Both columns of the key are
/// compared by their bytes, on SQLite (`BINARY`) and on PostgreSQL (every collation a database
/// can have by default is deterministic, and a deterministic collation finds two texts equal only
/// when their bytes are).
extension OrderStore {
    /// The Swedbank Pay payer reference `user`'s `payerReference` stands for; nil when the user
    /// never made an order for that payer.
    func pspPayerReference(user: String, payerReference: String) async throws -> String? {
        try await database.sql.raw(
            """
            SELECT psp_payer_reference FROM payer_references \
            WHERE user_id = \(bind: user) AND payer_reference = \(bind: payerReference)
            """
        ).all().first?.decode(column: "psp_payer_reference", as: String.self)
    }

    /// The Swedbank Pay payer reference `user`'s `payerReference` stands for, made `candidate`
    /// if there is none yet. One statement, so two first orders at once agree on one.
    func bindPayerReference(user: String, payerReference: String, candidate: String, now: Int64) async throws
        -> String
    {
        let rows = try await database.sql.raw(
            """
            INSERT INTO payer_references (user_id, payer_reference, psp_payer_reference, created_at) \
            VALUES (\(bind: user), \(bind: payerReference), \(bind: candidate), \(bind: now)) \
            ON CONFLICT (user_id, payer_reference) DO UPDATE SET payer_reference = excluded.payer_reference \
            RETURNING psp_payer_reference
            """
        ).all()
        guard let row = rows.first else { throw OrderStoreError.notRecorded }
        return try row.decode(column: "psp_payer_reference", as: String.self)
    }
}

import Foundation
import SQLKit
import Testing

@testable import MerchantBackend

/// An app names its order by our id or by Swedbank Pay's (`/psp/paymentorders/<guid>`); the
/// lookup asks one column, the one the reference's shape names, and only among the user's orders.
@Suite(.timeLimit(.minutes(2))) struct OrderLookupTests {
    @Test(arguments: TestDatabase.engines)
    func anOrderIsFoundByEitherIdAndOnlyForItsUser(engine: BackendHarness.Engine) async throws {
        // Throwing only inside `#expect`, which does not make a closure throwing: said here.
        try await OrderWritesTests.withDatabase(engine) { database throws in
            let run = UUID().uuidString.lowercased()
            let mine = Self.created("\(run)-mine", user: "alice-\(run)", pspID: "/psp/paymentorders/\(run)-a")
            let theirs = Self.created("\(run)-theirs", user: "bob-\(run)", pspID: "/psp/paymentorders/\(run)-b")
            #expect(try await OrderWrites.insertAll([mine, theirs], into: database.sql) == [true, true])
            let store = OrderStore(database: database)
            #expect(try await store.find(reference: mine.id, user: mine.userID) == mine)
            #expect(try await store.find(reference: "/psp/paymentorders/\(run)-a", user: mine.userID) == mine)
            // The other user's order, by either id, is not there for this user.
            #expect(try await store.find(reference: theirs.id, user: mine.userID) == nil)
            #expect(try await store.find(reference: "/psp/paymentorders/\(run)-b", user: mine.userID) == nil)
            // Our id is never taken for Swedbank Pay's, nor the other way round.
            #expect(try await store.find(reference: "/psp/paymentorders/\(run)-mine", user: mine.userID) == nil)
            #expect(try await store.find(reference: "\(run)-a", user: mine.userID) == nil)
        }
    }

    static func created(_ id: String, user: String, pspID: String) -> StoredOrder {
        var order = OrderWritesTests.order(id, user: user, key: nil)
        order.creation = .created
        order.pspID = pspID
        return order
    }

    @Test(arguments: TestDatabase.engines)
    func theLookupAsksOneColumn(engine: BackendHarness.Engine) async throws {
        try await OrderWritesTests.withDatabase(engine) { database in
            func sql(_ reference: String) -> String {
                var serializer = SQLSerializer(database: database.sql)
                OrderStore.condition(reference: reference, user: "u").serialize(to: &serializer)
                return serializer.sql
            }
            let placeholders = engine == .postgres ? ("$1", "$2") : ("?1", "?2")
            #expect(sql("01a2-our-id") == "WHERE user_id = \(placeholders.0) AND id = \(placeholders.1)")
            #expect(
                sql("/psp/paymentorders/g") == "WHERE user_id = \(placeholders.0) AND psp_id = \(placeholders.1)")
        }
    }
}

import Foundation
import Testing

@testable import MerchantBackend

/// The ids the backend hands out.
@Suite struct BackendIDsTests {
    @Test func payeeReferencesAre24UpperCaseHexDigitsAndDistinct() {
        let references = (0..<10_000).map { _ in BackendIDs.payeeReference(now: Date()) }
        let hexDigits = Set("0123456789ABCDEF")
        #expect(references.allSatisfy { $0.count == 24 && $0.allSatisfy(hexDigits.contains) })
        #expect(Set(references).count == references.count)
    }

    @Test func orderIDsAreLowerCaseUUIDs() {
        let id = BackendIDs.orderID(now: Date())
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
    }
}

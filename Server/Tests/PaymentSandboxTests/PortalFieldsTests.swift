import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Fields the portal's examples show that the sandbox once lacked or spelt otherwise (issue 55 §2;
/// `DocsFidelityTests` measures them all, these pin each one).
@Suite struct PortalFieldsTests {
    typealias Fixture = PaymentOrdersFixture

    /// `GET …/metadata` names the order `payment`, as the portal's example does, beside the
    /// `paymentOrder` every sub-resource has.
    @Test func theMetadataNamesTheOrderAsPaymentToo() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let path = "/psp/paymentorders/\(id)"
            let metadata = try await client.send(.get, path + "/metadata")
            #expect(
                try metadata.json
                    == json(
                        """
                        {"paymentOrder": "\(path)", "payment": "\(path)",
                         "metadata": {"id": "\(path)/metadata", "key1": "value1", "key2": 2}}
                        """))
        }
    }

    /// The forms offer the portal's Swedish test person: Leia Ahlström's number and e-mail address.
    @Test func theTestPersonIsThePortals() {
        #expect(PayerContact.testPerson == PayerContact(email: "leia.ahlstrom@swedbankpay.com", msisdn: "+46739000001"))
    }
}

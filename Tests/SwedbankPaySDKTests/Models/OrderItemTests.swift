import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct OrderItemTests {
        private static let minimalItem = SwedbankPaySDK.OrderItem(
            reference: "S1", name: "Shipping", type: .ShippingFee, class: "Fees",
            quantity: 1, quantityUnit: "pcs", unitPrice: 4900, vatPercent: 2500, amount: 4900, vatAmount: 980
        )

        @Test func minimalItemOmitsNilOptionals() throws {
            #expect(
                try ModelJSON.encode(Self.minimalItem)
                    == ModelJSON.parse(
                        """
                        {"reference": "S1", "name": "Shipping", "type": "SHIPPING_FEE", "class": "Fees", "quantity": 1,
                         "quantityUnit": "pcs", "unitPrice": 4900, "vatPercent": 2500, "amount": 4900, "vatAmount": 980}
                        """))
            #expect(Self.minimalItem.class == "Fees")
        }

        @Test func roundTripWithEveryField() throws {
            var item = Self.minimalItem
            item.itemUrl = URL(string: "https://example.com/i")
            item.imageUrl = URL(string: "https://example.com/i.png")
            item.description = "desc"
            item.discountDescription = "disc"
            item.discountPrice = 100
            #expect(try ModelJSON.roundTrip(item) == item)
        }

        @Test func decodingNeedsName() {
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.OrderItem.self,
                """
                {"reference": "S1", "type": "OTHER", "class": "c", "quantity": 1, "quantityUnit": "pcs",
                 "unitPrice": 1, "vatPercent": 0, "amount": 1, "vatAmount": 0}
                """, key: "name")
        }

        @Test func decodingIgnoresUnknownMembers() throws {
            let item = try ModelJSON.decode(
                SwedbankPaySDK.OrderItem.self,
                """
                {"reference": "S1", "name": "Shipping", "type": "SHIPPING_FEE", "class": "Fees", "quantity": 1,
                 "quantityUnit": "pcs", "unitPrice": 4900, "vatPercent": 2500, "amount": 4900, "vatAmount": 980,
                 "restrictedToInstruments": ["x"]}
                """)
            #expect(item == Self.minimalItem)
        }

        @Test func itemTypeRawValues() throws {
            let expected: [SwedbankPaySDK.ItemType: String] = [
                .Product: "PRODUCT", .Service: "SERVICE", .ShippingFee: "SHIPPING_FEE", .PaymentFee: "PAYMENT_FEE",
                .Discount: "DISCOUNT", .ValueCode: "VALUE_CODE", .Other: "OTHER",
            ]
            #expect(SwedbankPaySDK.ItemType.allCases.count == expected.count)
            for type in SwedbankPaySDK.ItemType.allCases {
                #expect(type.rawValue == expected[type])
                #expect(try ModelJSON.decode(SwedbankPaySDK.ItemType.self, "\"\(type.rawValue)\"") == type)
            }
        }
    }
}

import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct ConsumerTests {
        @Test func referenceConsumerEncodesExactly() throws {
            let consumer = SwedbankPaySDK.Consumer(
                language: .Swedish,
                shippingAddressRestrictedToCountryCodes: ["NO", "SE", "DK"]
            )
            let expected = try ModelJSON.parse(
                """
                {"operation":"initiate-consumer-session","language":"sv-SE",\
                "shippingAddressRestrictedToCountryCodes":["NO","SE","DK"]}
                """)
            #expect(try ModelJSON.encode(consumer) == expected)
            #expect(try ModelJSON.roundTrip(consumer) == consumer)
        }

        @Test func defaults() {
            let consumer = SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["FI"])
            #expect(consumer.operation == .InitiateConsumerSession)
            #expect(consumer.language == .English)
            #expect(SwedbankPaySDK.ConsumerOperation.InitiateConsumerSession.rawValue == "initiate-consumer-session")
        }

        @Test func decodingIsLenientButNeedsCountryCodes() throws {
            let consumer = try ModelJSON.decode(
                SwedbankPaySDK.Consumer.self,
                """
                {"shippingAddressRestrictedToCountryCodes": ["SE"], "unknown": true}
                """)
            #expect(consumer == SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["SE"]))
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.Consumer.self,
                #"{"operation": "initiate-consumer-session", "language": "nb-NO"}"#,
                key: "shippingAddressRestrictedToCountryCodes"
            )
        }

        @Test func everyLanguageRawValue() throws {
            let expected: [SwedbankPaySDK.Language: String] = [
                .Swedish: "sv-SE", .Norwegian: "nb-NO", .Danish: "da-DK", .Finnish: "fi-FI",
                .English: "en-US", .German: "de-DE", .Estonian: "et-EE", .Spanish: "es-ES",
                .French: "fr-FR", .Lithuanian: "lt-LT", .Latvian: "lv-LV", .Polish: "pl-PL",
                .Russian: "ru-RU",
            ]
            #expect(SwedbankPaySDK.Language.allCases.count == 13)
            for language in SwedbankPaySDK.Language.allCases {
                #expect(language.rawValue == expected[language])
                #expect(try ModelJSON.encode(language) == .string(language.rawValue))
                #expect(try ModelJSON.decode(SwedbankPaySDK.Language.self, "\"\(language.rawValue)\"") == language)
            }
        }
    }
}

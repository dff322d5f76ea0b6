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

        @Test func everyCultureRawValue() throws {
            let expected: [SwedbankPaySDK.Culture: String] = [
                .Swedish: "sv-SE", .Norwegian: "nb-NO", .Danish: "da-DK", .Finnish: "fi-FI",
                .English: "en-US", .German: "de-DE", .Estonian: "et-EE", .Spanish: "es-ES",
                .French: "fr-FR", .Lithuanian: "lt-LT", .Latvian: "lv-LV", .Polish: "pl-PL",
                .Russian: "ru-RU",
            ]
            #expect(SwedbankPaySDK.Culture.allCases.count == 13)
            for culture in SwedbankPaySDK.Culture.allCases {
                #expect(culture.rawValue == expected[culture])
                #expect(try ModelJSON.encode(culture) == .string(culture.rawValue))
                #expect(try ModelJSON.decode(SwedbankPaySDK.Culture.self, "\"\(culture.rawValue)\"") == culture)
            }
        }

        /// 5.0.3's three languages, exhaustively (the switch an app may have), and their cultures.
        @Test func languageHasFiveZeroThreesThreeCases() {
            func code(_ language: SwedbankPaySDK.Language) -> String {
                switch language {
                case .English: "en-US"
                case .Norwegian: "nb-NO"
                case .Swedish: "sv-SE"
                }
            }
            for language in [SwedbankPaySDK.Language.English, .Norwegian, .Swedish] {
                #expect(language.rawValue == code(language))
                #expect(SwedbankPaySDK.Culture(language).rawValue == code(language))
                #expect(SwedbankPaySDK.Language(SwedbankPaySDK.Culture(language)) == language)
            }
            let others = SwedbankPaySDK.Culture.allCases.filter { SwedbankPaySDK.Language($0) == nil }
            #expect(
                others == [
                    .Danish, .Finnish, .German, .Estonian, .Spanish, .French, .Lithuanian, .Latvian, .Polish, .Russian,
                ])
        }

        @Test func aCultureBeyondTheThreeLanguagesIsSentAndKept() throws {
            var consumer = SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["DK"])
            consumer.culture = .Danish
            #expect(consumer.language == .English)
            let expected = try ModelJSON.parse(
                """
                {"operation":"initiate-consumer-session","language":"da-DK",\
                "shippingAddressRestrictedToCountryCodes":["DK"]}
                """)
            #expect(try ModelJSON.encode(consumer) == expected)
            #expect(try ModelJSON.roundTrip(consumer).culture == .Danish)
            consumer.language = .Norwegian
            #expect(consumer.culture == .Norwegian)
            #expect(try ModelJSON.encode(consumer).objectValue?["language"] == .string("nb-NO"))
        }
    }
}

import Foundation

extension SwedbankPaySDK {
    /// The culture of the payment menu and the consumer identification page, as 5.0.3 named them.
    ///
    /// These are 5.0.3's three cases and no more, so an app's exhaustive `switch` over `Language`
    /// still compiles. The other cultures Swedbank Pay accepts are in ``SwedbankPaySDK/Culture``;
    /// set ``SwedbankPaySDK/PaymentOrder/culture`` or ``SwedbankPaySDK/Consumer/culture`` to use
    /// one. Raw values are the culture codes the payment order accepts.
    public enum Language: String, Sendable, Hashable, Codable {
        /// English, `en-US`.
        case English = "en-US"
        /// Norwegian Bokmål, `nb-NO`.
        case Norwegian = "nb-NO"
        /// Swedish, `sv-SE`.
        case Swedish = "sv-SE"

        /// The language of a culture, or nil when the culture is none of these three.
        public init?(_ culture: Culture) {
            self.init(rawValue: culture.rawValue)
        }
    }

    /// Every culture the payment menu and the consumer identification page can be shown in.
    ///
    /// A superset of ``SwedbankPaySDK/Language`` (5.0.3's three): a new type, so that no switch
    /// written for 5.0.3 sees the additions. Raw values are the culture codes the payment order
    /// accepts.
    public enum Culture: String, Sendable, Hashable, Codable, CaseIterable {
        /// Swedish, `sv-SE`.
        case Swedish = "sv-SE"
        /// Norwegian Bokmål, `nb-NO`.
        case Norwegian = "nb-NO"
        /// Danish, `da-DK`.
        case Danish = "da-DK"
        /// Finnish, `fi-FI`.
        case Finnish = "fi-FI"
        /// English, `en-US`.
        case English = "en-US"
        /// German, `de-DE`.
        case German = "de-DE"
        /// Estonian, `et-EE`.
        case Estonian = "et-EE"
        /// Spanish, `es-ES`.
        case Spanish = "es-ES"
        /// French, `fr-FR`.
        case French = "fr-FR"
        /// Lithuanian, `lt-LT`.
        case Lithuanian = "lt-LT"
        /// Latvian, `lv-LV`.
        case Latvian = "lv-LV"
        /// Polish, `pl-PL`.
        case Polish = "pl-PL"
        /// Russian, `ru-RU`.
        case Russian = "ru-RU"

        /// The culture of one of 5.0.3's languages.
        public init(_ language: Language) {
            switch language {
            case .English: self = .English
            case .Norwegian: self = .Norwegian
            case .Swedish: self = .Swedish
            }
        }
    }
}

import Foundation

extension SwedbankPaySDK {
    /// The culture the payment menu and consumer identification pages are shown in.
    ///
    /// Raw values are the culture codes the Swedbank Pay payment order accepts.
    public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
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
    }
}

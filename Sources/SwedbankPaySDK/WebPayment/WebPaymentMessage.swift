import Foundation

extension SwedbankPaySDK {
    /// A message a generated page posted (reference §3), parsed from `{msg, arg}`.
    enum WebPaymentMessage: Sendable, Hashable {
        case scriptLoaded
        case scriptError(scriptURL: URL?)
        case error(TerminalFailure?)
        case consumerIdentified(consumerProfileRef: String)
        case shippingDetailsAvailable
        case payerIdentified
        case paid
        /// An `onEventNotification` of the hosted view: its `sourceEvent` (or, lacking one, its
        /// `details`) and the whole notification.
        case event(name: String, arguments: JSONObject)

        /// Parses a posted body; nil for anything that is not a message of `page`'s kind (other
        /// shapes, unknown names, a checkin message on a payment page or the reverse).
        init?(body: JSONValue, page: WebPaymentPage) {
            guard let object = body.objectValue, let name = object["msg"]?.stringValue else { return nil }
            let arg = object["arg"] ?? .null
            let isCheckin: Bool
            if case .checkin = page { isCheckin = true } else { isCheckin = false }
            switch name {
            case "onScriptLoaded":
                self = .scriptLoaded
            case "onScriptError":
                self = .scriptError(scriptURL: arg.stringValue.flatMap(URL.init(string:)))
            case "onError":
                self = .error(Self.terminalFailure(arg))
            case "onConsumerIdentified" where isCheckin:
                guard let ref = arg.stringValue else { return nil }
                self = .consumerIdentified(consumerProfileRef: ref)
            case "onShippingDetailsAvailable" where isCheckin:
                self = .shippingDetailsAvailable
            case "payerIdentified" where !isCheckin:
                self = .payerIdentified
            case "onPaid" where !isCheckin:
                self = .paid
            case "generalEvent" where !isCheckin:
                guard let arguments = arg.objectValue,
                    let eventName = arguments["sourceEvent"]?.stringValue ?? arguments["details"]?.stringValue
                else { return nil }
                self = .event(name: eventName, arguments: arguments)
            default:
                return nil
            }
        }

        private static func terminalFailure(_ arg: JSONValue) -> TerminalFailure? {
            guard let object = arg.objectValue else { return nil }
            return TerminalFailure(
                origin: object["origin"]?.stringValue,
                messageId: object["messageId"]?.stringValue,
                details: object["details"]?.stringValue
            )
        }
    }
}

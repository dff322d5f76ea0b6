import Foundation

// The saved form of a state: `{"discriminator": "<state>", ...payload}`. An update in flight is
// saved as `paying` (the update is lost, as the app's call cannot be replayed), and an abort in
// flight is saved as itself so that restoring asks the configuration to abort again.
extension SwedbankPaySDK.WebPaymentState: Codable {
    private enum CodingKeys: String, CodingKey {
        case discriminator, info, consumerInfo, consumerProfileRef, options, error
    }

    private enum Discriminator: String, Codable {
        case idle, initializingConsumerSession, identifyingConsumer, creatingPaymentOrder, paying, aborting
        case complete, canceled, failed
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let options = { try container.decode(SwedbankPaySDK.VersionOptions.self, forKey: .options) }
        let info = { try container.decode(SwedbankPaySDK.ViewPaymentOrderInfo.self, forKey: .info) }
        let optionalInfo = { try container.decodeIfPresent(SwedbankPaySDK.ViewPaymentOrderInfo.self, forKey: .info) }
        switch try container.decode(Discriminator.self, forKey: .discriminator) {
        case .idle:
            self = .idle
        case .initializingConsumerSession:
            self = .initializingConsumerSession(options: try options())
        case .identifyingConsumer:
            let consumerInfo = try container.decode(
                SwedbankPaySDK.ViewConsumerIdentificationInfo.self, forKey: .consumerInfo)
            self = .identifyingConsumer(consumerInfo, options: try options())
        case .creatingPaymentOrder:
            let ref = try container.decodeIfPresent(String.self, forKey: .consumerProfileRef)
            self = .creatingPaymentOrder(consumerProfileRef: ref, options: try options())
        case .paying:
            self = .paying(try info(), options: try options())
        case .aborting:
            self = .aborting(try info(), options: try options())
        case .complete:
            self = .complete(try optionalInfo())
        case .canceled:
            self = .canceled(try optionalInfo())
        case .failed:
            let error = try container.decode(SwedbankPaySDK.WebPaymentError.self, forKey: .error)
            self = .failed(try optionalInfo(), error)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let discriminator: Discriminator
        switch self {
        case .idle:
            discriminator = .idle
        case .initializingConsumerSession(let options):
            discriminator = .initializingConsumerSession
            try container.encode(options, forKey: .options)
        case .identifyingConsumer(let consumerInfo, let options):
            discriminator = .identifyingConsumer
            try container.encode(consumerInfo, forKey: .consumerInfo)
            try container.encode(options, forKey: .options)
        case .creatingPaymentOrder(let ref, let options):
            discriminator = .creatingPaymentOrder
            try container.encodeIfPresent(ref, forKey: .consumerProfileRef)
            try container.encode(options, forKey: .options)
        case .paying(let info, let options), .updatingPaymentOrder(let info, let options, _):
            discriminator = .paying
            try container.encode(info, forKey: .info)
            try container.encode(options, forKey: .options)
        case .aborting(let info, let options):
            discriminator = .aborting
            try container.encode(info, forKey: .info)
            try container.encode(options, forKey: .options)
        case .complete(let info):
            discriminator = .complete
            try container.encodeIfPresent(info, forKey: .info)
        case .canceled(let info):
            discriminator = .canceled
            try container.encodeIfPresent(info, forKey: .info)
        case .failed(let info, let error):
            discriminator = .failed
            try container.encodeIfPresent(info, forKey: .info)
            try container.encode(error, forKey: .error)
        }
        try container.encode(discriminator, forKey: .discriminator)
    }
}

extension SwedbankPaySDK {
    enum WebPaymentCoding {
        /// Registers the SDK's own error types under reserved names, once, before any state is
        /// coded.
        static func registerSDKTypes() {
            _ = registration
        }

        private static let registration: Void = {
            let prefix = CodableRegistry.builtInPrefix
            let registry = CodableRegistry.shared
            registry.register(
                SwedbankPaySDKController.WebContentError.self, name: prefix + "WebContentError", sdkOwned: true)
            registry.register(
                SwedbankPaySDKController.StateRestorationError.self, name: prefix + "StateRestorationError",
                sdkOwned: true)
            registry.register(SwedbankPayConfigurationError.self, name: prefix + "ConfigurationError", sdkOwned: true)
            registry.register(
                SwedbankPaySDKController.ControllerError.self, name: prefix + "ControllerError", sdkOwned: true)
            registry.register(
                SwedbankPaySDK.WebViewLoadFailure.self, name: prefix + "WebViewLoadFailure", sdkOwned: true)
        }()
    }
}

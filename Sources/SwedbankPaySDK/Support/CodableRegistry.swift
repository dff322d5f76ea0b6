import Foundation

extension SwedbankPaySDK {
    /// Thrown when an arbitrary value (such as ``ViewPaymentOrderInfo/userInfo``) cannot be persisted
    /// or restored because its type is not registered with ``registerCodable(_:encodedTypeName:)``.
    public struct UnregisteredCodableError: Error, Hashable {
        /// When encoding, the Swift type of the value; when decoding, the type name found in the data.
        public let typeName: String

        /// Creates the error for a type name.
        public init(typeName: String) {
            self.typeName = typeName
        }
    }

    /// Makes values of `type` persistable where the SDK stores arbitrary values, such as
    /// ``ViewPaymentOrderInfo/userInfo``.
    ///
    /// The value is stored together with `encodedTypeName`, which must therefore stay the same
    /// across app versions for saved data to be restored. Registering another name for the same
    /// type makes that name the one written, while data written under the older name still reads.
    /// `String`, `URL`, `Int`, `Bool` and `Data` need no registration. Names beginning with
    /// `com.swedbankpay.` are reserved for the SDK; registering one has no effect.
    ///
    /// Safe to call from any thread.
    public static func registerCodable<T: Codable & Sendable>(
        _ type: T.Type,
        encodedTypeName: String = String(reflecting: T.self)
    ) {
        CodableRegistry.shared.register(type, name: encodedTypeName, sdkOwned: false)
    }

    /// The process-wide table of persistable types, keyed both ways: by type for encoding and by
    /// name for decoding.
    final class CodableRegistry: @unchecked Sendable {
        /// How one registered type is written and read inside a ``TypedCodableValue``.
        struct Registration: Sendable {
            let name: String
            let encodeValue:
                @Sendable (
                    any Sendable, inout KeyedEncodingContainer<TypedCodableValue.CodingKeys>
                ) throws -> Void
            let decodeValue: @Sendable (KeyedDecodingContainer<TypedCodableValue.CodingKeys>) throws -> any Sendable
            /// The value as the registered (hence `Sendable`) type, if it is one.
            let cast: @Sendable (Any) -> (any Sendable)?

            init<T: Codable & Sendable>(_ type: T.Type, name: String) {
                self.name = name
                cast = { $0 as? T }
                encodeValue = { value, container in
                    guard let typed = value as? T else {
                        throw UnregisteredCodableError(typeName: String(reflecting: Swift.type(of: value)))
                    }
                    try container.encode(typed, forKey: .value)
                }
                decodeValue = { container in
                    try container.decode(T.self, forKey: .value)
                }
            }
        }

        static let reservedPrefix = "com.swedbankpay."
        static let builtInPrefix = "com.swedbankpay.mobilesdk."

        static let shared = CodableRegistry()

        // All access goes through `lock`, which is what makes the `@unchecked Sendable` sound.
        private let lock = NSLock()
        private var byType: [ObjectIdentifier: Registration] = [:]
        private var byName: [String: Registration] = [:]

        init() {
            // Fixed names rather than `String(reflecting:)`: Foundation types report different
            // module names on different platforms, and saved data must read back everywhere.
            register(String.self, name: Self.builtInPrefix + "String", sdkOwned: true)
            register(URL.self, name: Self.builtInPrefix + "URL", sdkOwned: true)
            register(Int.self, name: Self.builtInPrefix + "Int", sdkOwned: true)
            register(Bool.self, name: Self.builtInPrefix + "Bool", sdkOwned: true)
            register(Data.self, name: Self.builtInPrefix + "Data", sdkOwned: true)
        }

        /// Adds a type. `sdkOwned` registrations may use reserved names and cannot be displaced by
        /// app registrations of the same type.
        func register<T: Codable & Sendable>(_ type: T.Type, name: String, sdkOwned: Bool) {
            if !sdkOwned && name.hasPrefix(Self.reservedPrefix) {
                return
            }
            let registration = Registration(type, name: name)
            let key = ObjectIdentifier(type)
            lock.lock()
            defer { lock.unlock() }
            byName[name] = registration
            let existingIsSDKOwned = byType[key]?.name.hasPrefix(Self.reservedPrefix) ?? false
            if sdkOwned || !existingIsSDKOwned {
                byType[key] = registration
            }
        }

        /// The registration that writes `value`, or nil if its type is not registered.
        func registration(for value: any Sendable) -> Registration? {
            let key = ObjectIdentifier(type(of: value))
            lock.lock()
            defer { lock.unlock() }
            return byType[key]
        }

        /// `value` as a persistable value, if its type is registered. (For values typed `Any`, such
        /// as a payment's `userData`.)
        func registeredValue(_ value: Any) -> (any Sendable)? {
            let key = ObjectIdentifier(type(of: value))
            lock.lock()
            let registration = byType[key]
            lock.unlock()
            return registration?.cast(value)
        }

        /// The registration that reads data written under `name`, or nil if it is unknown.
        func registration(named name: String) -> Registration? {
            lock.lock()
            defer { lock.unlock() }
            return byName[name]
        }
    }

    /// An arbitrary registered value in coded form: `{"type": <registered name>, "value": <value>}`.
    ///
    /// Encoding a value of an unregistered type, or decoding an unknown name, throws
    /// ``UnregisteredCodableError``.
    struct TypedCodableValue: Sendable, Codable {
        enum CodingKeys: String, CodingKey {
            case type, value
        }

        let value: any Sendable

        init(_ value: any Sendable) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let name = try container.decode(String.self, forKey: .type)
            guard let registration = CodableRegistry.shared.registration(named: name) else {
                throw UnregisteredCodableError(typeName: name)
            }
            value = try registration.decodeValue(container)
        }

        func encode(to encoder: any Encoder) throws {
            guard let registration = CodableRegistry.shared.registration(for: value) else {
                throw UnregisteredCodableError(typeName: String(reflecting: type(of: value)))
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(registration.name, forKey: .type)
            try registration.encodeValue(value, &container)
        }
    }
}

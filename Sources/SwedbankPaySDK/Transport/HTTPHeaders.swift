import Foundation

extension SwedbankPaySDK {
    /// HTTP header fields: ordered, with case-insensitive names, as HTTP defines them.
    public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
        /// One header field.
        public struct Field: Sendable, Hashable {
            /// The field name as written (`Content-Type`); lookups compare it case-insensitively.
            public var name: String
            /// The field value, as it is sent or was received.
            public var value: String

            /// Creates a field with the given name and value.
            ///
            /// - Parameters:
            ///   - name: The field name.
            ///   - value: The field value.
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        private var fields: [Field]

        /// Creates an empty set of header fields.
        public init() { fields = [] }

        /// Creates one field per dictionary entry, ordered by name (a dictionary has no order of its
        /// own).
        public init(_ dictionary: [String: String]) {
            fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
        }

        public init(dictionaryLiteral elements: (String, String)...) {
            fields = elements.map { Field(name: $0.0, value: $0.1) }
        }

        /// The first value of the named field, or nil.
        public subscript(name: String) -> String? {
            fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// Every value of the named field, in order.
        public func values(for name: String) -> [String] {
            fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        }

        /// Whether a field of that name is present.
        public func contains(_ name: String) -> Bool { self[name] != nil }

        /// Adds a field, keeping any present fields of the same name.
        public mutating func add(name: String, value: String) {
            fields.append(Field(name: name, value: value))
        }

        /// Replaces every field of that name with one field.
        public mutating func replaceOrAdd(name: String, value: String) {
            remove(name: name)
            fields.append(Field(name: name, value: value))
        }

        /// Removes every field of that name.
        public mutating func remove(name: String) {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        }

        public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

        /// The number of fields.
        public var count: Int { fields.count }

        /// The media type of `Content-Type` without parameters, lower-cased
        /// (`application/json; charset=utf-8` → `application/json`).
        public var mediaType: String? {
            guard let contentType = self["Content-Type"] else { return nil }
            let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}

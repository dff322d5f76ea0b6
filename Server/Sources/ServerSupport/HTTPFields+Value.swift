#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name`, exactly as the subscript `self[name]` reads it: nil
    /// when there is none, else every occurrence in order joined by ", " ("; " for `Cookie`).
    ///
    /// The subscript joins through the standard library's unspecialised generic
    /// `joined(separator:)`, which looks up type metadata at every call: 1.3 % of all CPU samples
    /// of `bench backend`'s order creation went there (docs/benchmarks.md). This reads the fields
    /// once and allocates nothing for the usual single occurrence. Read headers with it.
    public func value(_ name: HTTPField.Name) -> String? {
        var joined: String?
        for field in self where field.name == name {
            if let earlier = joined {
                joined = earlier + (name == .cookie ? "; " : ", ") + field.value
            } else {
                joined = field.value
            }
        }
        return joined
    }
}
#endif

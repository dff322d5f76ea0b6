import Foundation

extension SwedbankPaySDK {
    /// One entry of a Swedbank Pay problem's `problems` array, e.g. a field that failed validation.
    public struct SwedbankPaySubProblem: Sendable, Hashable {
        /// What the entry is about, typically a field path such as `"CreditCardParameters.Issuer"`.
        public var name: String?
        /// What is wrong with it.
        public var description: String?

        /// Creates a sub-problem.
        public init(name: String?, description: String?) {
            self.name = name
            self.description = description
        }
    }
}

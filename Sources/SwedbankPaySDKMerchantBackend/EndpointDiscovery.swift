import Foundation
import SwedbankPaySDK

/// Finds the backend's `consumers` and `paymentorders` links with `GET backendUrl`, once per
/// configuration: the answer is kept and shared by every copy of the configuration, concurrent
/// callers share one request, and a failed fetch is not kept (the next call tries again).
/// ``invalidate(_:)`` forgets it, which the configuration does when a link answers 404.
actor EndpointDiscovery {
    typealias Outcome = Result<DiscoveredEndpoints, SwedbankPaySDK.MerchantBackendError>

    private var cached: DiscoveredEndpoints?
    private var inFlight: Task<Outcome, Never>?

    func endpoints(
        using fetch: @escaping @Sendable () async -> Outcome
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> DiscoveredEndpoints {
        if let cached { return cached }
        let task = inFlight ?? Task { await fetch() }
        inFlight = task
        let outcome = await task.value
        if inFlight == task {
            inFlight = nil
            cached = try? outcome.get()
        }
        return try outcome.get()
    }

    /// Forgets `endpoints` if they are still the cached ones.
    func invalidate(_ endpoints: DiscoveredEndpoints) {
        if cached == endpoints { cached = nil }
    }
}

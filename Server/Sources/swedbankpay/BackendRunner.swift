import ArgumentParser
import Foundation
import Logging
import MerchantBackend
import ServiceLifecycle

/// What the server commands do alike: check a configuration, open a database (`migrate`), run
/// services until a signal.
enum BackendRunner {
    /// Seconds after the shutdown grace in which the servers close once drained.
    static let closingMargin: TimeInterval = 1

    static func validate(_ configuration: BackendConfiguration) throws {
        let problems = configuration.problems()
        guard problems.isEmpty else {
            throw ValidationError("invalid configuration:\n  - " + problems.joined(separator: "\n  - "))
        }
    }

    static func openDatabase(
        _ location: DatabaseLocation, migrate: Bool = true, logger: Logger = Logger(label: "MerchantBackend.database")
    ) async throws -> BackendDatabase {
        do {
            return try await BackendDatabase.open(location, migrate: migrate, logger: logger)
        } catch {
            throw RunFailure("cannot open the \(location): \(String(reflecting: error))")
        }
    }

    /// Runs `services` until SIGTERM or SIGINT (or until one ends), shutting down gracefully
    /// within `grace` seconds: the requests in progress finish (an order creation waits for
    /// Swedbank Pay's answer and records it) unless they take longer (``DrainMarker``). The
    /// group itself gives up ``closingMargin`` later, so a drain cut by the grace is reported by
    /// the drain, not by the group.
    static func run(services: [any Service], grace: TimeInterval) async throws {
        var configuration = ServiceGroupConfiguration(
            services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint],
            logger: Logger(label: "swedbankpay"))
        configuration.maximumGracefulShutdownDuration = .milliseconds(Int64((grace + closingMargin) * 1_000))
        try await ServiceGroup(configuration: configuration).run()
    }

    /// One curl command that creates a payment order through the backend.
    static func curlLine(base: String, apiKey: String) -> String {
        "curl -s -X POST \(base)/paymentorders -H 'x-payex-sample-apikey: \(apiKey)'"
            + " -H 'x-payex-sample-access-token: user-12345' -H 'Content-Type: application/json'"
            + " -d '\(SampleOrder.json(payeeReference: ""))'"
    }
}

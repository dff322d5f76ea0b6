import Dispatch
import Foundation
import MerchantBackend
import ServiceLifecycle

/// Reloads the backend's JWKS file on SIGHUP and every ``MerchantBackend/jwksReloadInterval``
/// seconds, until the service group shuts down gracefully. Made only for a backend with a JWKS
/// file; SIGHUP is caught from the moment it is made (before the backend listens), so a hang-up
/// sent once the backend answers never ends the process.
struct JWKSReloadService: Service {
    let backend: MerchantBackend
    private let hangUps: HangUps

    init?(backend: MerchantBackend) {
        guard backend.reloadsJWTKeys else { return nil }
        self.backend = backend
        hangUps = HangUps()
    }

    func run() async throws {
        let backend = backend
        let hangUps = hangUps
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in hangUps.stream { _ = await backend.reloadJWTKeys() }
                }
                if let interval = backend.jwksReloadInterval {
                    group.addTask {
                        while (try? await Task.sleep(for: .seconds(interval))) != nil {
                            _ = await backend.reloadJWTKeys()
                        }
                    }
                }
            }
        }
        hangUps.stop()
    }

    /// SIGHUP as a stream: the signal's default action (ending the process) is replaced by a
    /// dispatch source that yields once per signal.
    private final class HangUps: @unchecked Sendable {
        let stream: AsyncStream<Void>
        private let source: any DispatchSourceSignal

        init() {
            signal(SIGHUP, SIG_IGN)
            let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            self.stream = stream
            source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.setCancelHandler { continuation.finish() }
            source.resume()
        }

        func stop() { source.cancel() }
    }
}

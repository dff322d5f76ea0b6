import Foundation

/// A handle to cancellable work started by a configuration, such as a payment order update.
///
/// After `cancel()` returns, the work's completion callback is not called.
public protocol SwedbankPaySDKRequest {
    /// Cancels the work. Cancelling finished or already cancelled work does nothing.
    func cancel()
}

extension Task: SwedbankPaySDKRequest {}

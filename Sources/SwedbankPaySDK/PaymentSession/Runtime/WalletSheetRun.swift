import Foundation

extension SwedbankPaySDK {
    /// One wallet sheet's run as `PassKitWalletAuthorizer` carries it out, without PassKit, so
    /// that every platform tests it: the sheet ends once, `submitted` when the payer authorized
    /// (whatever `submit` answered), `cancelled` when they closed it without, `failed` when it
    /// could not be shown.
    @MainActor
    final class WalletSheetRun {
        private let submit: @Sendable (Data) async -> Bool
        private var submitted = false
        private var finish: ((WalletAuthorizationOutcome) -> Void)?

        /// What the run ends with when the sheet could not be shown.
        static let notShown = WalletAuthorizationOutcome.failed("The Apple Pay sheet could not be shown.")

        init(submit: @escaping @Sendable (Data) async -> Bool) {
            self.submit = submit
        }

        /// Shows the sheet with `present` and returns how it ended.
        func run(_ present: () -> Void) async -> WalletAuthorizationOutcome {
            await withCheckedContinuation { continuation in
                finish = { continuation.resume(returning: $0) }
                present()
            }
        }

        /// The payer authorized: from now on the sheet ends `submitted`. Returns what sends the
        /// token (its answer says whether the sheet shows success).
        func authorized() -> @Sendable (Data) async -> Bool {
            submitted = true
            return submit
        }

        /// The sheet is gone.
        func finished() {
            complete(submitted ? .submitted : .cancelled)
        }

        /// Ends the run with `outcome`, unless it has ended.
        func complete(_ outcome: WalletAuthorizationOutcome) {
            let finish = finish
            self.finish = nil
            finish?(outcome)
        }
    }
}

extension SwedbankPaySDK.WalletDevice {
    /// What a device's wallet can pay with, from its checks: whether it can pay at all
    /// (`canMakePayments`), each known network it has a card of (`canPay` with that network
    /// alone), and each capability any card of the known networks supports (`canPayWith` all of
    /// them and that capability). `networks` names the wallet's own value of each known network;
    /// a network it does not know is none.
    static func probing<Network>(
        _ networks: [String: Network], canMakePayments: Bool, canPay: ([Network]) -> Bool,
        canPayWith: ([Network], SwedbankPaySDK.WalletSheetPlan.Capability) -> Bool
    ) -> Self {
        let all = knownNetworks.compactMap { networks[$0] }
        let usable = knownNetworks.filter { name in networks[name].map { canPay([$0]) } ?? false }
        let supported = SwedbankPaySDK.WalletSheetPlan.Capability.allCases.filter { canPayWith(all, $0) }
        return Self(
            canMakePayments: canMakePayments, networks: Set(usable), capabilities: Set(supported.map(\.rawValue)))
    }
}

import ArgumentParser
import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// `swedbankpay demo native`: one native payment (`SwedbankPayPaymentSession`) against a Merchant
/// Backend and the Payment Sandbox, printing the timeline of session requests and SDK callbacks;
/// with `--repeat`, the figures of many runs.
struct DemoNativeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "native",
        abstract: "Pays with SwedbankPayPaymentSession (Swish, saved card, Apple Pay) and prints its timeline.",
        discussion: """
            Without --backend-url it starts a Merchant Backend and a Payment Sandbox in this process (as `serve` does, \
            on free loopback ports, with a throw-away SQLite file). The order is created through the backend with \
            the SDK's MerchantBackendConfiguration; the session then runs with the SDK's default retry policy \
            (status checks every 2 s). Instruments: swish (on another device, +46739000001; the demo approves it as \
            the payer through the sandbox's Swish simulator as soon as the attempt has started), card (the sandbox's frictionless Visa), card-3ds (the MasterCard with a challenge, its \
            pages in headless Chromium, approved as the payer on the sandbox's ACS page), applepay (a simulated wallet).
            Round trips count the requests to the payment session API in the sandbox's request log (not its event log).
            """
    )

    enum Instrument: String, ExpressibleByArgument, CaseIterable, Sendable {
        case swish, card, card3ds = "card-3ds", applepay
    }

    @Option(help: "swish, card, card-3ds or applepay.")
    var instrument: Instrument = .swish

    @Option(
        help:
            "A running Merchant Backend (`swedbankpay serve`, or any backend of the Merchant Backend API), e.g. \(DefaultAddress.backend). Default: start one here."
    )
    var backendURL: String?

    /// The spelling of `--backend-url` before the demos and benches shared their option names.
    @Option(name: .customLong("url"), help: .hidden)
    var legacyURL: String?

    @Option(help: "The sandbox of that backend, for its request log.")
    var sandboxURL: String = DefaultAddress.sandbox

    /// `--backend-url`, or its old spelling `--url`.
    var url: String? { backendURL ?? legacyURL }

    @Option(help: "The backend's API key (x-payex-sample-apikey).")
    var apiKey: String = ServeCommand.defaultAPIKey

    @Option(
        help: ArgumentHelp(
            "PEM certificates to trust beside the system's roots, for a backend and sandbox served over HTTPS (serve --https prints its root's path). Default: $SSL_CERT_FILE.",
            valueName: "path"))
    var caFile: String?

    @Flag(help: "Aborts the session once it is fetched, instead of paying.")
    var abort = false

    @Option(name: .customLong("repeat"), help: "Runs the payment this many times and prints figures (1–1000).")
    var runs: Int = 1

    func validate() throws {
        guard (1...1_000).contains(runs) else { throw ValidationError("--repeat must be from 1 to 1000") }
        if backendURL != nil, legacyURL != nil {
            throw ValidationError("--url is the old spelling of --backend-url; give one of them")
        }
        try DefaultAddress.requireAbsolute(url, flag: "--backend-url", example: DefaultAddress.backend)
    }

    func run() async throws {
        let servers: DemoServers
        if let url {
            servers = try .running(
                backendURL: URL(string: url)!, sandboxURL: URL(string: sandboxURL), apiKey: apiKey,
                caFile: DemoServers.caFile(caFile))
        } else {
            servers = try await .inProcess()
        }
        do {
            try await pay(servers)
        } catch {
            await servers.shutdown()
            throw error
        }
        await servers.shutdown()
    }

    @MainActor
    private func pay(_ servers: DemoServers) async throws {
        guard let sandboxURL = servers.sandboxURL else { throw ValidationError("the sandbox's URL is needed") }
        // Only the 3-D Secure challenge needs a web view.
        let browser =
            instrument == .card3ds && !abort ? try await BrowserHost.launch(trustedKeys: servers.trustedKeys) : nil
        do {
            try await pay(
                servers, sandboxURL: sandboxURL, webViewHost: browser.map { ChromiumWebViewHost(browser: $0) })
        } catch {
            await browser?.close()
            throw error
        }
        await browser?.close()
    }

    @MainActor
    private func pay(_ servers: DemoServers, sandboxURL: URL, webViewHost: ChromiumWebViewHost?) async throws {
        let demo = NativeDemo(
            backendURL: servers.backendURL, sandboxURL: sandboxURL.absoluteString, apiKey: servers.apiKey,
            instrument: instrument, abort: abort, webViewHost: webViewHost, http: servers.http)
        if runs == 1 {
            let run = try await demo.pay()
            for line in run.timeline { Console.line(line) }
            Console.line(run.summary)
            return
        }
        var results: [NativeDemo.Run] = []
        for index in 1...runs {
            let run = try await demo.pay()
            Console.line("run \(index): \(run.summary)")
            results.append(run)
        }
        Console.line(NativeDemo.figures(results, instrument: abort ? "abort" : instrument.rawValue))
    }
}

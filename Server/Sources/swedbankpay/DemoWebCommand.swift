import ArgumentParser
import BrowserHost
import Foundation

/// `swedbankpay demo web`: a v3 card payment through `SwedbankPaySDKController` in headless
/// Chromium, against `serve` started in this process or a backend already running.
struct DemoWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Pays a v3 payment order by card in the SDK's web view (headless Chromium).",
        discussion: """
            Prints each payment's timeline (startPayment, paymentOrderDidShow, the card entered, \
            paymentComplete) and the requests the sandbox received, and saves screenshots of the first \
            payment. With --repeat N it pays N times and prints the median time from startPayment to \
            paymentOrderDidShow and the requests per payment. Needs Chromium (apt-get install -y chromium).
            """
    )

    @Option(
        help: "A running Merchant Backend (swedbankpay serve). Default: start one with its sandbox in this process.")
    var backendURL: String?

    @Option(help: "The sandbox of --backend-url, for counting requests. Default: not counted.")
    var sandboxURL: String?

    @Option(help: "The API key of --backend-url. Default: serve's local development key.")
    var apiKey: String = ServeCommand.defaultAPIKey

    @Option(
        help: ArgumentHelp(
            "PEM certificates to trust beside the system's roots, for a backend and sandbox served over HTTPS (serve --https prints its root's path); Chromium trusts their keys only. Default: $SSL_CERT_FILE.",
            valueName: "path"))
    var caFile: String?

    @Option(help: "Where the screenshots of the first payment go.")
    var screenshots: String = "swedbankpay-demo"

    @Option(name: .customLong("repeat"), help: "How many payments to make, one after another.")
    var count: Int = 1

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--repeat must be at least 1") }
        try DefaultAddress.requireAbsolute(backendURL, flag: "--backend-url", example: DefaultAddress.backend + "/")
        try DefaultAddress.requireAbsolute(sandboxURL, flag: "--sandbox-url", example: DefaultAddress.sandbox)
    }

    func run() async throws {
        let servers: DemoServers
        if let backendURL {
            let base = backendURL.hasSuffix("/") ? backendURL : backendURL + "/"
            servers = try .running(
                backendURL: URL(string: base)!, sandboxURL: sandboxURL.flatMap(URL.init(string:)), apiKey: apiKey,
                caFile: DemoServers.caFile(caFile))
        } else {
            servers = try await DemoServers.inProcess()
            Console.line("Started the Merchant Backend (\(servers.backendURL.absoluteString)) and the Payment Sandbox")
        }
        let browser: BrowserHost
        do {
            browser = try await BrowserHost.launch(trustedKeys: servers.trustedKeys)
        } catch {
            await servers.shutdown()
            throw RunFailure(String(describing: error))
        }
        let directory = URL(fileURLWithPath: screenshots, isDirectory: true)
        var failure: (any Error)?
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let demo = await WebPaymentDemo(servers: servers, browser: browser)
            var payments: [WebPaymentDemo.Payment] = []
            for number in 1...count {
                let payment = try await demo.pay(number: number, screenshots: number == 1 ? directory : nil)
                payments.append(payment)
                if count == 1 || number == 1 { Self.printTimeline(payment) }
            }
            if count > 1 { Self.printSummary(payments) }
        } catch {
            failure = error
        }
        await browser.close()
        await servers.shutdown()
        if let failure { throw failure }
    }

    static func printTimeline(_ payment: WebPaymentDemo.Payment) {
        Console.line("Payment \(payment.number) (\(payment.paymentId))")
        for step in payment.steps {
            let time = String(format: "%8.1f ms", step.milliseconds)
            Console.line("\(time)  \(step.name)" + (step.screenshot.map { "  → \($0.path)" } ?? ""))
        }
        if let requests = payment.requests {
            Console.line("Sandbox requests: \(requests.count)")
            for request in requests { Console.line("  \(request)") }
        }
    }

    static func printSummary(_ payments: [WebPaymentDemo.Payment]) {
        let shown = LatencyStatistics(milliseconds: payments.map(\.millisecondsToShow))
        Console.line(
            String(
                format: "startPayment → paymentOrderDidShow over %d payments: median %.1f ms (min %.1f, max %.1f)",
                payments.count, shown.percentile(0.5), shown.percentile(0), shown.percentile(1)))
        let counts = payments.compactMap { $0.requests?.count }
        if counts.count == payments.count {
            let requests = LatencyStatistics(milliseconds: counts.map(Double.init))
            Console.line(
                String(
                    format: "Sandbox requests per payment: median %.0f (min %.0f, max %.0f)",
                    requests.percentile(0.5), requests.percentile(0), requests.percentile(1)))
        }
    }
}

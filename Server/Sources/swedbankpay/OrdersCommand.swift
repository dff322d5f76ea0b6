import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `swedbankpay orders`: the merchant's side of a payment through a running backend's admin API —
/// list orders, show one with its transactions, capture, cancel, reverse.
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "Lists payment orders and captures, cancels or reverses them (the backend's admin API).",
        discussion: """
            Needs a backend started with an admin key (--admin-keys or SWEDBANKPAY_ADMIN_KEYS) and the same \
            key here (--admin-key or SWEDBANKPAY_ADMIN_KEY). Each money movement is sent with an \
            Idempotency-Key (printed; give it again with --idempotency-key to retry safely).
              swedbankpay orders capture <order id> --amount 750
              swedbankpay orders reverse <order id>            (all that remains captured)
            """,
        subcommands: [List.self, Show.self, Capture.self, Cancel.self, Reverse.self]
    )

    /// Where the backend is and the admin key.
    struct Connection: ParsableArguments {
        @Option(help: "The Merchant Backend's URL.")
        var backendURL = DefaultAddress.backend

        @Option(clientSettings.adminKey) var adminKey: String?

        func validate() throws {
            try DefaultAddress.requireAbsolute(backendURL, flag: "--backend-url", example: DefaultAddress.backend)
        }

        /// Sends a request and prints the answer; a problem exits non-zero.
        func send(_ method: HTTPMethod, _ path: String, body: String? = nil, idempotencyKey: String? = nil) async throws
        {
            let setting = clientSettings.adminKey
            guard let key = try setting.resolve(adminKey) else {
                throw ValidationError("an admin key is required: \(setting.option) or \(setting.variable)")
            }
            let base = backendURL.hasSuffix("/") ? String(backendURL.dropLast()) : backendURL
            var request = HTTPClientRequest(url: base + path)
            request.method = method
            request.headers.add(name: "Authorization", value: "Bearer \(key)")
            if let idempotencyKey {
                request.headers.add(name: "Idempotency-Key", value: idempotencyKey)
                Console.line("Idempotency-Key: \(idempotencyKey)")
            }
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: body))
            }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            let data = Data(buffer: try await response.body.collect(upTo: 4 * 1024 * 1024))
            let text =
                (try? JSONSerialization.jsonObject(with: data)).flatMap {
                    try? JSONSerialization.data(
                        withJSONObject: $0, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                }.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: data, as: UTF8.self)
            Console.line(text)
            guard (200..<300).contains(Int(response.status.code)) else { throw ExitCode(1) }
        }
    }

    /// The amount options of a capture or reversal.
    struct Amounts: ParsableArguments {
        @Option(help: "The amount in the currency's minor unit. Default: all that remains.")
        var amount: Int?

        @Option(help: "The VAT amount. Default: the order's VAT share of the amount.")
        var vatAmount: Int?

        @Option(help: "The transaction's description (1–40 characters).")
        var description: String?

        @Option(help: "The Idempotency-Key to send (a retry must send the first one). Default: a new one.")
        var idempotencyKey: String?

        /// POSTs these amounts to the order's `collection` (`captures`, `reversals`).
        func post(_ collection: String, order id: String, via connection: Connection) async throws {
            try await connection.send(
                .POST, "/admin/paymentorders/\(id)/\(collection)", body: body,
                idempotencyKey: idempotencyKey ?? OrdersCommand.newKey())
        }

        var body: String {
            var members: [String] = []
            if let amount { members.append("\"amount\": \(amount)") }
            if let vatAmount { members.append("\"vatAmount\": \(vatAmount)") }
            if let description { members.append("\"description\": \(OrdersCommand.quoted(description))") }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    static func newKey() -> String { "cli-" + UUID().uuidString.lowercased() }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The newest payment orders.")
        @OptionGroup var connection: Connection
        @Option(help: "How many (1–1000).") var limit = 20

        func run() async throws { try await connection.send(.GET, "/admin/paymentorders?limit=\(limit)") }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One order with its status and remaining amounts at Swedbank Pay, and its transactions.")
        @OptionGroup var connection: Connection
        @Argument(help: "The backend's order id or the GUID of its Swedbank Pay id.") var id: String

        func run() async throws { try await connection.send(.GET, "/admin/paymentorders/\(id)") }
    }

    struct Capture: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Captures all or part of what was authorized.")
        @OptionGroup var connection: Connection
        @OptionGroup var amounts: Amounts
        @Argument(help: "The backend's order id or the GUID of its Swedbank Pay id.") var id: String

        func run() async throws { try await amounts.post("captures", order: id, via: connection) }
    }

    struct Reverse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pays back all or part of what was captured.")
        @OptionGroup var connection: Connection
        @OptionGroup var amounts: Amounts
        @Argument(help: "The backend's order id or the GUID of its Swedbank Pay id.") var id: String

        func run() async throws { try await amounts.post("reversals", order: id, via: connection) }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Releases what remains authorized.")
        @OptionGroup var connection: Connection
        @Option(help: "The transaction's description (1–40 characters).") var description: String?
        @Option(help: "The Idempotency-Key to send. Default: a new one.") var idempotencyKey: String?
        @Argument(help: "The backend's order id or the GUID of its Swedbank Pay id.") var id: String

        func run() async throws {
            let body = description.map { "{\"description\": \(OrdersCommand.quoted($0))}" } ?? "{}"
            try await connection.send(
                .POST, "/admin/paymentorders/\(id)/cancellations", body: body,
                idempotencyKey: idempotencyKey ?? OrdersCommand.newKey())
        }
    }
}

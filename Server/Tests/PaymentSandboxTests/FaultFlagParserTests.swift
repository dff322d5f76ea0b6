import Foundation
import Testing

@testable import PaymentSandbox

/// The `--fault` syntax: `<METHOD> <path> <kind>[:<value>] [after] [x<count>|@<fraction>]`.
@Suite struct FaultFlagParserTests {
    @Test(arguments: [
        (
            "POST /psp/paymentorders status:503 x3",
            FaultRule(method: "POST", path: "/psp/paymentorders", action: .status(503, body: nil), trigger: .count(3))
        ),
        (
            "* /psp/paymentsessions/* delay:2.5 @0.5",
            FaultRule(path: "/psp/paymentsessions/*", action: .delay(seconds: 2.5), trigger: .fraction(0.5))
        ),
        ("any /psp/* reset", FaultRule(path: "/psp/*", action: .reset)),
        (
            "get /psp/paymentorders/* hang X1",
            FaultRule(method: "GET", path: "/psp/paymentorders/*", action: .hang, trigger: .count(1))
        ),
        (
            "  PATCH   /psp/x   STATUS:500  ",
            FaultRule(method: "PATCH", path: "/psp/x", action: .status(500, body: nil))
        ),
        (
            "POST /psp/paymentorders/* reset after x1",
            FaultRule(
                method: "POST", path: "/psp/paymentorders/*", action: .reset, trigger: .count(1), afterRoute: true)
        ),
        (
            "POST /psp/x status:500 AFTER",
            FaultRule(method: "POST", path: "/psp/x", action: .status(500, body: nil), afterRoute: true)
        ),
        (
            "DELETE /x delay:1 @1",
            FaultRule(method: "DELETE", path: "/x", action: .delay(seconds: 1), trigger: .fraction(1))
        ),
    ])
    func parses(flag: String, rule: FaultRule) throws {
        #expect(try FaultFlagParser.parse(flag) == rule)
    }

    static let example = #" Example: --fault "POST /psp/paymentorders status:503 x3""#

    @Test(arguments: [
        ("POST /psp", "expected 3 to 5 words (<METHOD> <path> <kind>[:<value>] [after] [x<count>|@<fraction>])"),
        (
            "POST /psp status:503 x3 extra",
            "expected 3 to 5 words (<METHOD> <path> <kind>[:<value>] [after] [x<count>|@<fraction>])"
        ),
        ("POST /psp status", "a status fault needs a code, as in status:503"),
        ("POST /psp status:abc", "a status fault needs a code, as in status:503"),
        ("POST /psp status:200", "status: The status must be an HTTP error status from 400 to 599."),
        ("POST /psp delay", "a delay fault needs seconds, as in delay:2.5"),
        ("POST /psp delay:0", "delay: The delay must be a number of seconds greater than 0 and at most 600."),
        ("POST /psp reset:1", "reset takes no value; write just reset"),
        ("POST /psp explode", "unknown kind \"explode\"; use status:<code>, delay:<seconds>, reset or hang"),
        ("POST /psp reset 3", "\"3\" is neither x<count> nor @<fraction>"),
        ("POST /psp reset xthree", "\"xthree\" is not a count; write x<count>, as in x3"),
        ("POST /psp reset @half", "\"@half\" is not a fraction; write @<fraction>, as in @0.5"),
        ("POST /psp reset x0", "x<count> / @<fraction>: The count must be an integer from 1 to 1000000."),
        ("POST /psp reset @1.5", "x<count> / @<fraction>: The fraction must be a number greater than 0 and at most 1."),
        ("POST psp reset", "path: The path must start with '/', have no spaces and be at most 1024 characters."),
        ("POST /sandbox/reset reset", "path: Faults never apply to the control API (/sandbox/...)."),
        ("P0ST /psp reset", "method: The method must be an HTTP method such as \"POST\", or null for any."),
    ])
    func refuses(flag: String, reason: String) {
        #expect(throws: FaultRuleError("--fault \"\(flag)\": \(reason)." + Self.example)) {
            try FaultFlagParser.parse(flag)
        }
    }

    @Test func aParsedRuleCanBeAddedToASandbox() throws {
        let sandbox = PaymentSandbox(configuration: SandboxConfiguration(seed: 1))
        #expect(try sandbox.addFault(FaultFlagParser.parse("POST /psp/paymentorders status:503 x3")) == "fault-1")
        #expect(try sandbox.addFault(FaultRule(id: "mine", path: "/x", action: .hang)) == "mine")
        #expect(throws: FaultRuleError("A fault rule with id \"mine\" exists; DELETE /sandbox/faults/mine first.")) {
            try sandbox.addFault(FaultRule(id: "mine", path: "/y", action: .reset))
        }
        #expect(throws: FaultRuleError("path: A '*' may only end the path, as in \"/psp/paymentsessions/*\".")) {
            try sandbox.addFault(FaultRule(path: "/*/x", action: .reset))
        }
        sandbox.clearFaults()
        #expect(sandbox.control.faults.all().isEmpty)
    }
}

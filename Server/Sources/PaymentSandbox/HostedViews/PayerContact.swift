#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The e-mail address and mobile number a payer identifies with, in the checkin view and in a v3
/// menu that asks for consumer info. Checked the same way in both, and by the pages' scripts.
struct PayerContact: Sendable, Equatable {
    let email: String
    /// `+` and digits; nil when the payer left it empty.
    let msisdn: String?

    /// The sandbox's test person, which the forms offer to fill in.
    static let testPerson = PayerContact(email: "leia.ahlstrom@swedbankpay.com", msisdn: "+46739000001")

    /// 400 `inputerror` naming `email` and/or `msisdn`. The e-mail needs one `@` and a dot in the
    /// domain; the number is optional, spaces and dashes are ignored.
    static func parse(email rawEmail: String?, msisdn rawMsisdn: String?, requireMsisdn: Bool = false) throws
        -> PayerContact
    {
        var problems: [(name: String, description: String)] = []
        let email = (rawEmail ?? "").trimmingCharacters(in: .whitespaces)
        if email.range(of: #"^[^@\s]+@[^@\s]+\.[^@\s]+$"#, options: .regularExpression) == nil {
            problems.append(("email", "Enter an e-mail address such as name@example.com."))
        }
        let number = (rawMsisdn ?? "").filter { $0 != " " && $0 != "-" }
        if number.isEmpty {
            if requireMsisdn { problems.append(("msisdn", "Enter the mobile number with the country code.")) }
        } else if number.range(of: #"^\+[1-9][0-9]{7,14}$"#, options: .regularExpression) == nil {
            problems.append(("msisdn", "Enter the number with the country code, such as +46739000001."))
        }
        guard problems.isEmpty else {
            throw SandboxProblem.inputError("The payer details are invalid.", problems: problems)
        }
        return PayerContact(email: email, msisdn: number.isEmpty ? nil : number)
    }
}
#endif

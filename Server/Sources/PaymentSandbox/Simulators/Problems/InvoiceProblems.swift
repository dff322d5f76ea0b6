#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The portal's invoice problems (`…/errordetail/invoice/<name>`): the assessment flow's types, its
/// authentication statuses, and the Norwegian flow without assessment. The portal spells some
/// names in capitals (`ABORTEDIDENTIFICATION`, `InputError`); the type URIs here are lower case,
/// as every other problem type is and as the portal's list of URIs gives them. A type listed with
/// several descriptions is here once per status (`forbidden` once, `externalerror` at 500 and 502).
enum InvoiceProblems {
    static let table = ProblemTable(
        name: "Invoice",
        instruments: [.invoice, .invoiceNo, .invoiceFi],
        source:
            "Checkout v3, Problems: Invoice Problems (assessment flow, authentication statuses, without assessment)",
        decline: "creditnotapproved",
        rows: [
            row(
                "inputerror", 400, "Input error",
                "Occurs if the input validation fails. The problem field will specify which parameter failed the "
                    + "validation."),
            row("forbidden", 403, "Forbidden", "Invalid authentication status for the requested method."),
            row(
                "creditnotapproved", 403, "Credit not approved",
                "Credit check or extension of credit check was rejected."),
            row("notfound", 404, "Not found", "The requested resource was not found."),
            row(
                "systemerror", 500, "System error", "Unexpected error. The logs might provide further problem details."),
            row("abortedidentification", 403, "Identification aborted", "Authentication aborted in BankID-app."),
            row(
                "userpreaborted", 403, "User aborted before signing",
                "User aborted before starting signing or authentication."),
            row("useraborted", 403, "User aborted", "Signing or authentication aborted from web."),
            row(
                "timeoutidentification", 403, "Identification timed out",
                "User haven't completed authentication in time."),
            row(
                "nationalidentifiermismatch", 403, "National identifier mismatch",
                "The Social Security Number provided in purchase did not match the Social Security Number from the "
                    + "BankID."),
            row("failed", 403, "Failed", "Unclassified failure."),
            row("error", 502, "Error", "Unexpected error."),
            row("externalerror", 502, "External error", "40 - Error"),
            // The same type again, answered with 500: a row of its own, named apart.
            row("externalerror", 500, "External error", "No error code", named: "externalerror-500"),
        ])

    /// The problem `invoice/<path>`, named `path` in the table unless `named` says otherwise.
    private static func row(
        _ path: String, _ status: Int, _ title: String, _ detail: String, named: String? = nil
    ) -> DocumentedProblem {
        DocumentedProblem(
            name: named ?? path, type: ProblemTypes.errorDetail(.invoice, path), status: status, title: title,
            detail: detail)
    }
}
#endif

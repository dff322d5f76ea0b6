import Foundation

/// The money after a payment, on both servers: the input's bytes are read as the words of a
/// ``PostPurchaseProperties/Scenario`` (an order's amount and VAT, a card authorization or a sale,
/// captures, cancellations and reversals with their amounts, VAT and order lines, and what Swedbank
/// Pay says remains) — numbers at the edges of the limits and of `Int64` most of the time. The
/// sandbox's create check and post-purchase arithmetic, the backend's admin API amounts and the VAT
/// share itself must hold their properties (``PostPurchaseProperties``); an overflow traps and
/// fails the run by itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostPurchase(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var bytes = UnsafeBufferPointer(start: start, count: count)[...]
    // Eight bytes a word, zeros once the input runs out: short inputs make short scenarios.
    let next = { () -> UInt64 in
        var word: UInt64 = 0
        for _ in 0..<8 { word = word << 8 | UInt64(bytes.popFirst() ?? 0) }
        return word
    }
    let scenario = PostPurchaseProperties.scenario(next)
    if let broken = PostPurchaseProperties.sandbox(scenario) ?? PostPurchaseProperties.admin(scenario) {
        fatalError("\(scenario): \(broken)")
    }
    let words = (next(), next(), next())
    let broken = PostPurchaseProperties.vatShare(
        part: Int64(bitPattern: words.0), whole: Int64(bitPattern: words.1), wholeVAT: Int64(bitPattern: words.2))
    if let broken { fatalError(broken) }
    return 0
}

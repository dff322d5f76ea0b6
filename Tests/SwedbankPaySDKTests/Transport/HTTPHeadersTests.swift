import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct HTTPHeadersTests {
    @Test func namesAreCaseInsensitive() {
        var headers: SwedbankPaySDK.HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
        #expect(headers["content-type"] == "application/json; charset=utf-8")
        #expect(headers.mediaType == "application/json")
        headers.add(name: "X-A", value: "1")
        headers.add(name: "x-a", value: "2")
        #expect(headers.values(for: "X-A") == ["1", "2"])
        headers.replaceOrAdd(name: "X-a", value: "3")
        #expect(headers.values(for: "x-A") == ["3"])
        headers.remove(name: "CONTENT-TYPE")
        #expect(headers.mediaType == nil)
        #expect(headers.count == 1)
    }
}

import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import PaymentSandbox

/// The channel handler behind `reset` and `hang`, on an embedded channel whose clock the test moves.
@Suite struct FaultConnectionHandlerTests {
    private func head(fault: String?) -> HTTPResponsePart {
        var fields = HTTPFields()
        fields[.contentType] = "application/problem+json"
        if let fault { fields[FaultHeader.name] = fault }
        return .head(HTTPResponse(status: .badGateway, headerFields: fields))
    }

    private func channel(hangLimit: TimeAmount = .seconds(600)) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: ConnectionFaultHandler(hangLimit: hangLimit))
        try channel.connect(to: .init(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    @Test func passesOrdinaryResponsesThrough() throws {
        let channel = try channel()
        try channel.writeOutbound(head(fault: "status fault-1"))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == head(fault: "status fault-1"))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .end(nil))
        #expect(channel.isActive)
    }

    @Test func aResetClosesBeforeAnythingIsWritten() throws {
        let channel = try channel()
        #expect(throws: ChannelError.ioOnClosedChannel) { try channel.writeOutbound(head(fault: "reset fault-1")) }
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        #expect(!channel.isActive)
    }

    @Test func aHangWritesNothingAndClosesAtTheLimit() throws {
        let channel = try channel(hangLimit: .seconds(2))
        try channel.writeOutbound(head(fault: "hang fault-1"))
        try channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: "{}")))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        // Later responses on the connection are swallowed too: the client is still waiting.
        try channel.writeOutbound(head(fault: nil))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func theLimitIsTenMinutes() {
        #expect(FaultAction.maxHangSeconds == 600)
    }
}

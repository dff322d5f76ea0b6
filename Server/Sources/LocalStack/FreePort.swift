import NIOCore
import NIOPosix

/// A port nobody listens on right now. A server that must know its own port before it starts (the
/// backend puts its public URL into every callback URL it hands out) takes one; another socket may
/// take it first, which ``LocalStack`` answers by trying again on another.
public enum FreePort {
    public static func pick(host: String) async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}

import NIOCore
import NIOPosix

/// A port nobody listens on right now, for `--port 0`: the backend must know its own port before
/// it starts, because its public URL goes into every callback URL it hands out.
enum FreePort {
    static func pick(host: String) async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}

import Foundation

/// nginx (Debian package `nginx`) as the load balancer in front of backend instances on loopback,
/// with the location block of `deploy/nginx/merchant-backend.conf`: the one the containers use.
struct NginxBalancer: Sendable {
    let server: ChildServer
    let directory: URL
    var url: String { server.url }

    /// The shared location block, found from this file's place in the repository.
    static var sharedConfiguration: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("deploy/nginx/merchant-backend.conf")
    }

    /// `$NGINX_PATH`, else `nginx` on `$PATH` or in /usr/sbin (where Debian puts it, often off a
    /// user's `$PATH`).
    static func executable() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["NGINX_PATH"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin"]
        for directory in directories {
            let path = directory + "/nginx"
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        throw Missing()
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "nginx is not installed: the cluster test needs it as its load balancer. Install it with "
                + "`sudo apt-get install -y nginx` (scripts/test does when run as root) or set NGINX_PATH."
        }
    }

    /// Starts nginx on `port` in front of the instances on `upstreamPorts`; returns once a
    /// request through it reached an instance. Each answer names the instance that gave it in
    /// `X-Cluster-Instance` (the test's own addition, not in the shared block).
    static func start(port: Int, upstreamPorts: [Int]) async throws -> NginxBalancer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.path
        let upstreams = upstreamPorts.map { "        server 127.0.0.1:\($0) max_fails=1 fail_timeout=1s;" }
        // As root, nginx's workers would switch to `nobody`, who cannot write the temporary files here.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let configuration = """
            \(user)daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log stderr notice;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                upstream merchant_backend {
            \(upstreams.joined(separator: "\n"))
                }
                server {
                    listen 127.0.0.1:\(port);
                    add_header X-Cluster-Instance $upstream_addr always;
                    include \(sharedConfiguration.path);
                }
            }

            """
        let file = directory.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        guard
            // nginx says "start worker processes" (a notice) once its listening socket is bound.
            let server = try await ChildServer.launch(
                try executable(), ["-p", path, "-c", file.path, "-e", "stderr"],
                url: "http://127.0.0.1:\(port)", readyText: "start worker processes",
                log: directory.appendingPathComponent("error.log"))
        else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            throw ExitedAtStart(log: log)
        }
        return NginxBalancer(server: server, directory: directory)
    }

    struct ExitedAtStart: Error, CustomStringConvertible {
        let log: String
        var description: String { "nginx exited at start: \(log)" }
    }

    func stop() async {
        await server.terminate()
        try? FileManager.default.removeItem(at: directory)
    }
}

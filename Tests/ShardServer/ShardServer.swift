import Foundation
import Glibc

/// A stock `xapian-tcpsrv` (Debian's xapian-tools) serving one database folder on 127.0.0.1 on a
/// free port, as a child of the test: what a `remote 127.0.0.1:PORT` line of `XAPIANDB` reaches.
/// The tests that use it are skipped when the program is not installed (`isAvailable`).
///
/// `xapian-tcpsrv` forks a process for each connection, which outlives the server when only the
/// server is killed; `stop()` and `pause()` reach those too. The server is stopped when the value
/// goes away, so a failing test leaves no process behind.
///
/// ```swift
/// let server = try ShardServer(serving: folder + "/shard-1")
/// try "glass shard-0\n\(server.stubLine)\n".write(toFile: folder + "/XAPIANDB", atomically: true, encoding: .utf8)
/// server.stop()   // the shard is down: reads fail naming it (or leave it out)
/// ```
public final class ShardServer {
    public static let executable = "/usr/bin/xapian-tcpsrv"

    /// Whether `xapian-tcpsrv` is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// The database folder served.
    public let folder: String
    /// The port served on, kept across `stop()` and `start()`.
    public private(set) var port: UInt16 = 0
    private var process: Process?

    /// Starts serving `folder` on a free port of 127.0.0.1 and waits until it accepts connections.
    /// - Throws: `ShardServer.Failure` when the server does not come up within 10 seconds.
    public init(serving folder: String) throws {
        self.folder = folder
        try start()
    }

    deinit { stop() }

    /// The stub line that reaches this server: `remote 127.0.0.1:PORT`.
    public var stubLine: String { "remote 127.0.0.1:\(port)" }

    /// A server that would not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the server (again, on the same port, after `stop()`); a first start picks a free port,
    /// and another when that one is taken meanwhile.
    /// - Throws: `Failure` when it does not accept connections within 10 seconds.
    public func start() throws {
        let deadline = Date().addingTimeInterval(10)
        let fixed = port != 0
        while Date() < deadline {
            if !fixed { port = try Self.freePort() }
            let server = Process()
            server.executableURL = URL(fileURLWithPath: Self.executable)
            server.arguments = ["--interface", "127.0.0.1", "--port", String(port), folder]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            while server.isRunning, Date() < deadline {
                if Self.accepts(port: port) {
                    process = server
                    return
                }
                usleep(20_000)
            }
            // Exited: the port was taken (by another test, or still held after a stop); try again.
            server.terminate()
            server.waitUntilExit()
            usleep(50_000)
        }
        throw Failure(description: "xapian-tcpsrv serving \(folder) did not accept connections on 127.0.0.1:\(port) within 10 seconds")
    }

    /// Kills the server and the processes serving its connections (the shard goes down).
    public func stop() {
        guard let server = process else { return }
        signalAll(SIGKILL)
        server.waitUntilExit()
        process = nil
    }

    /// Stops the server and its connections' processes without ending them: the shard answers nothing.
    public func pause() { signalAll(SIGSTOP) }

    /// Lets a paused server run on.
    public func resume() { signalAll(SIGCONT) }

    /// Sends `signal` to the server's connection processes, then to the server.
    private func signalAll(_ signal: Int32) {
        guard let server = process, server.isRunning else { return }
        let pid = server.processIdentifier
        for child in Self.children(of: pid) { kill(child, signal) }
        kill(pid, signal)
    }

    /// The processes whose parent is `pid`, read from /proc.
    private static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (name) state ppid ...": the name may hold spaces, so read from its closing bracket.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    /// A port of 127.0.0.1 that nothing listens on now (bound to port 0, then released).
    private static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "bind: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    private static func accepts(port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

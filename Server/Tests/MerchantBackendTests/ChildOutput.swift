import Foundation
import ServerSupport
import Synchronization

/// What a child process writes, as events: each line of its standard output and error as it
/// comes, then the end of both (the process has exited, or closed them). Read through pipes on
/// threads of their own, each line is also written to the files the caller named, so tests can
/// still read a whole log afterwards.
final class ChildOutput: Sendable {
    enum Event: Sendable, Equatable {
        case line(String)
        /// Both pipes reached their end: nothing more will come.
        case closed
    }

    let events = BoundedLog<Event>(capacity: 100_000)
    /// The write ends, for the child; closed here once it has started.
    let childOutput: FileHandle
    let childErrors: FileHandle
    private let readers: [Reader]

    /// Pipes for a child's standard output and error; their lines also go to `output` and
    /// `errors` (the same file for both when they are equal).
    init(output: FileHandle?, errors: FileHandle?) {
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        childOutput = outputPipe.fileHandleForWriting
        childErrors = errorPipe.fileHandleForWriting
        readers = [
            Reader(pipe: outputPipe.fileHandleForReading, copy: output),
            Reader(pipe: errorPipe.fileHandleForReading, copy: errors),
        ]
    }

    /// Starts reading; call once the child has started (and the write ends were closed here, so
    /// the pipes end when the child does).
    func start() {
        let events = events
        // One stream for both readers keeps each pipe's lines in order.
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let open = Mutex(readers.count)
        let handles = readers.compactMap(\.copy)
        for reader in readers {
            Thread.detachNewThread {
                reader.run { continuation.yield(.line($0)) }
                let last = open.withLock {
                    $0 -= 1
                    return $0 == 0
                }
                guard last else { return }
                // Every line is in its file before the end is announced.
                var closed = Set<ObjectIdentifier>()
                for handle in handles where closed.insert(ObjectIdentifier(handle)).inserted { try? handle.close() }
                continuation.yield(.closed)
                continuation.finish()
            }
        }
        Task {
            for await event in stream { await events.append(event) }
        }
    }

    /// What came first of a line holding some text, the end of the output, or the deadline.
    enum Sighting: Equatable {
        case line(String)
        case ended
        case timedOut

        var isLine: Bool {
            if case .line = self { return true }
            return false
        }
    }

    /// The first line holding `text`, or the end of the output or `seconds` passing without one.
    func line(containing text: String, within seconds: Double) async -> Sighting {
        let found = await events.first(
            where: { event in
                if case .line(let line) = event { return line.contains(text) }
                return true
            }, within: seconds)
        switch found {
        case .line(let line)?: return .line(line)
        case .closed?: return .ended
        case nil: return .timedOut
        }
    }

    /// Returns once both pipes have ended and every line was copied to its file.
    func closed() async {
        _ = await events.first { $0 == .closed }
    }

    /// Reads one pipe to its end, line by line.
    private final class Reader: Sendable {
        let pipe: FileHandle
        let copy: FileHandle?

        init(pipe: FileHandle, copy: FileHandle?) {
            self.pipe = pipe
            self.copy = copy
        }

        func run(_ deliver: (String) -> Void) {
            var pending = Data()
            while true {
                let chunk = pipe.availableData
                if chunk.isEmpty { break }
                copy?.write(chunk)
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
            try? pipe.close()
        }
    }
}

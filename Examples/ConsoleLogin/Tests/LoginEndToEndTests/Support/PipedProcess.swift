import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with pipes for its standard streams and no controlling terminal, as in a script or CI.
enum PipedProcess {
    struct Result {
        let status: ExitStatus
        let standardOutput: [UInt8]
        let standardError: [UInt8]

        var output: String { String(decoding: standardOutput, as: UTF8.self) }
        var errors: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs to the end, feeding `input` to standard input; kills the program and throws after `timeout`.
    ///
    /// - Parameter adjust: More file actions for the child, after its streams are set up: such as standard output
    ///   opened on /dev/full, or standard input closed.
    static func run(
        _ path: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String] = Spawn.environment(),
        timeout: Duration = .seconds(10), adjust: (inout posix_spawn_file_actions_t) -> Void = { _ in }
    ) throws -> Result {
        let stdin = try Spawn.makePipe()
        let stdout = try Spawn.makePipe()
        let stderr = try Spawn.makePipe()
        let wake = try Spawn.makePipe()
        defer { close(wake.read) }  // the waiting thread closes the write end
        let pid = try Spawn.start(path, arguments, environment: environment) { actions in
            posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
            adjust(&actions)
        }
        for descriptor in [stdin.read, stdout.write, stderr.write] { close(descriptor) }
        let status = Spawn.waitInBackground(pid, wake: wake.write)

        var pendingInput = input[...]
        var inputDescriptor: Int32? = stdin.write
        if pendingInput.isEmpty, let descriptor = inputDescriptor {
            close(descriptor)
            inputDescriptor = nil
        }
        var streams: [Int32: [UInt8]] = [stdout.read: [], stderr.read: []]
        var open: Set<Int32> = [stdout.read, stderr.read]
        let deadline = ContinuousClock.now + timeout
        signal(SIGPIPE, SIG_IGN)  // the child may exit before reading all its input
        while !open.isEmpty || status.value == nil {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                throw TestSetupError("\(path) \(arguments) did not finish in \(timeout)")
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            fds.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            if let descriptor = inputDescriptor {
                fds.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0))
            }
            guard poll(&fds, nfds_t(fds.count), 1_000) >= 0 || errno == EINTR else {
                throw TestSetupError("poll: \(String(cString: strerror(errno)))")
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inputDescriptor {
                    let written = pendingInput.withUnsafeBytes { write(entry.fd, $0.baseAddress, min($0.count, 4096)) }
                    if written > 0 { pendingInput = pendingInput.dropFirst(written) }
                    if written < 0 || pendingInput.isEmpty {
                        close(entry.fd)
                        inputDescriptor = nil
                    }
                } else if entry.fd != wake.read {
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        streams[entry.fd, default: []] += buffer[..<count]
                    } else if count == 0 || errno != EINTR {
                        close(entry.fd)
                        open.remove(entry.fd)
                    }
                }
            }
        }
        if let descriptor = inputDescriptor { close(descriptor) }
        return Result(
            status: status.value ?? .exited(-1), standardOutput: streams[stdout.read] ?? [],
            standardError: streams[stderr.read] ?? [])
    }
}

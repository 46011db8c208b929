import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program on a new pseudo-terminal that becomes its controlling terminal, as a user at a real terminal
/// would: the test types into the terminal, reads what it shows (with the terminal's own echo), and can look
/// at the terminal's settings (is echo on?) while the program runs and after it ends.
///
/// The program starts with posix_spawn in a new session and opens the terminal as its standard input, which
/// makes it the controlling terminal; the test keeps its own descriptor of the terminal, so the settings stay
/// readable after the program exits.
final class PseudoTerminalProcess {
    private let master: Int32
    private let terminal: Int32
    private let wake: (read: Int32, write: Int32)
    private let status: StatusBox
    let pid: pid_t
    /// Everything the terminal showed so far, with carriage returns removed.
    private(set) var screen = ""

    /// Starts the program with the terminal as its standard streams, or, given `standardInput`, with that
    /// descriptor as standard input and the terminal as output and controlling terminal.
    init(
        _ path: String, _ arguments: [String], environment: [String: String], standardInput: Int32? = nil
    ) throws {
        let (master, terminalPath) = try Self.openPseudoTerminal()
        self.master = master
        terminal = open(terminalPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw TestSetupError("cannot open \(terminalPath)") }
        wake = try Spawn.makePipe()
        pid = try Spawn.start(path, arguments, environment: environment) { actions in
            // Opened in the child after setsid, without O_NOCTTY: it becomes the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 1, terminalPath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            posix_spawn_file_actions_adddup2(&actions, standardInput ?? 1, 0)
        }
        status = Spawn.waitInBackground(pid, wake: wake.write)
    }

    deinit {
        if status.value == nil { kill(pid, SIGKILL) }
        for descriptor in [master, terminal, wake.read] { close(descriptor) }  // the waiting thread closes wake.write
    }

    /// Whether the terminal echoes what is typed right now.
    var isEchoOn: Bool {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Types bytes, as keys at the terminal (use "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until the screen shows `text` after what was already consumed; fails the wait after `timeout`.
    /// Returns the screen from the previous wait up to and including `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = screen.range(of: text, range: consumed..<screen.endIndex) {
                let shown = String(screen[consumed..<range.upperBound])
                consumed = range.upperBound
                return shown
            }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("the terminal never showed \(text.debugDescription); it shows:\n\(screen)")
            }
            readAvailable(waitingUpTo: 1_000)
        }
    }

    private lazy var consumed = screen.startIndex

    /// Waits for the program to end, reading what it still shows; throws after `timeout`.
    func waitForExit(timeout: Duration = .seconds(10)) throws -> ExitStatus {
        let deadline = ContinuousClock.now + timeout
        while status.value == nil {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("the program did not end; the terminal shows:\n\(screen)")
            }
            readAvailable(waitingUpTo: 1_000)
        }
        readAvailable(waitingUpTo: 0)
        return status.value ?? .exited(-1)
    }

    /// Everything shown since the last wait.
    var rest: String { String(screen[consumed...]) }

    private func readAvailable(waitingUpTo milliseconds: Int32) {
        var fds = [
            pollfd(fd: master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        var timeout = milliseconds
        while poll(&fds, 2, timeout) > 0, fds[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            let offset = screen.distance(from: screen.startIndex, to: consumed)
            screen += String(decoding: buffer[..<count], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
            consumed = screen.index(screen.startIndex, offsetBy: offset)
            timeout = 0
            fds[0].revents = 0
        }
    }

    private static func openPseudoTerminal() throws -> (master: Int32, terminalPath: String) {
        #if os(Linux)
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard master >= 0 else { throw TestSetupError("cannot open /dev/ptmx") }
            // TIOCSPTLCK and TIOCGPTN, whose macros Swift cannot import (the generic Linux ioctl encoding).
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
                throw TestSetupError("cannot set up the pseudo-terminal")
            }
            return (master, "/dev/pts/\(number)")
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw TestSetupError("cannot set up the pseudo-terminal")
            }
            return (master, String(cString: name))
        #endif
    }
}

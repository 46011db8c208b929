// The one file of ConsoleView that talks to the operating system: file descriptors, isatty, /dev/tty, termios
// and signals. Everything else in the module is platform-independent.

internal import Dispatch
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The process's real terminal: lines from standard input, hidden lines from the controlling terminal with echo
/// off, text to standard output, unbuffered.
///
/// - Hidden input is read from `/dev/tty` (as `sudo` and `ssh` do), even when standard input is a pipe, with
///   echo off. Echo goes off with `TCSAFLUSH` before the prompt is written, so nothing typed earlier, which the
///   terminal showed, is taken as the secret. Ctrl-Z is ignored meanwhile, so a stopped program never leaves the
///   shell without echo. Without a controlling terminal, hidden input is
///   refused (``LineRejection/noTerminal``); it is never read from a pipe silently.
/// - The terminal is restored on every path: after Enter, at the end of input, and on signals. SIGINT (Ctrl-C)
///   restores it, prints a newline and exits with status 130. SIGTERM, SIGHUP, SIGQUIT and SIGPIPE restore it and
///   then take their default action, so the shell sees the signal.
/// - Reads happen on a background thread, so the main actor keeps running while the user types.
///
/// Create one per process; it installs the signal handlers.
@MainActor
public final class SystemTerminal: LineSource, ConsoleOutput {
    /// Whether standard input is a terminal.
    public let isInputTerminal: Bool
    /// Whether standard output is a terminal.
    public let isOutputTerminal: Bool
    /// Whether hidden input can be read: the process has a controlling terminal (or standard input is one).
    public let canReadHiddenInput: Bool
    /// The style for standard output: colour only on a terminal with `NO_COLOR` unset or empty.
    public let style: ConsoleStyle

    /// Standard error, unbuffered, for error messages.
    public let errors: any ConsoleOutput = StandardError()

    private let reader: Reader
    private let queue = DispatchQueue(label: "ConsoleView.SystemTerminal.input")
    private let pendingRead: PendingRead
    /// Serves ``pendingRead`` on ``queue``: one work item for the process, sent again for each read, so a line
    /// costs no closure and no block copy (two allocations per line when each read sent a closure of its own).
    private let readWork: DispatchWorkItem

    /// Connects to the process's standard input and output and installs the signal handlers.
    ///
    /// - Parameter environment: The environment that decides colour; `nil` (the default) for the process's.
    public init(environment: [String: String]? = nil) {
        isInputTerminal = isatty(STDIN_FILENO) == 1
        isOutputTerminal = isatty(STDOUT_FILENO) == 1
        style = .forOutput(
            isTerminal: isOutputTerminal, environment: environment ?? ProcessInfo.processInfo.environment)
        let controllingTerminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        let hiddenInput: Int32? =
            if controllingTerminal >= 0 { controllingTerminal } else if isInputTerminal { STDIN_FILENO } else { nil }
        canReadHiddenInput = hiddenInput != nil
        reader = Reader(hiddenInput: hiddenInput, isInputTerminal: isInputTerminal)
        let pendingRead = PendingRead(reader: reader)
        self.pendingRead = pendingRead
        readWork = pendingRead.makeWorkItem()
        Self.installSignalHandlers()
    }

    /// Writes text to standard output at once.
    ///
    /// - Parameter text: The text.
    public func write(_ text: String) {
        writeAll(STDOUT_FILENO, text)
    }

    /// Writes text's UTF-8 bytes at once, as they are.
    ///
    /// - Parameter utf8: The text's bytes.
    public func write(utf8: UnsafeBufferPointer<UInt8>) {
        writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(utf8))
    }

    /// Writes the prompt and reads a line; see the type's description for hidden lines.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - hidden: Whether to read from the controlling terminal with echo off.
    /// - Returns: The line, the end of input, or a rejection.
    public func readLine(prompt: String, hidden: Bool) async -> LineInput {
        // Unsafe, not checked: `serve` resumes it exactly once, and the checked one costs an allocation per line.
        await withUnsafeContinuation { continuation in
            pendingRead.request = .line(prompt: prompt, hidden: hidden, continuation)
            queue.async(execute: readWork)
        }
    }

    /// Reads standard input to its end, as `--password-stdin` needs.
    ///
    /// - Parameter maximumBytes: The most bytes accepted.
    /// - Returns: The bytes, or `nil` when there are more than `maximumBytes`.
    public func readStandardInputToEnd(maximumBytes: Int) async -> [UInt8]? {
        await withUnsafeContinuation { continuation in
            pendingRead.request = .toEnd(maximumBytes: maximumBytes, continuation)
            queue.async(execute: readWork)
        }
    }

    // MARK: Signals

    private static func installSignalHandlers() {
        // Initialise the globals before a handler can read them.
        _ = restoreDescriptor.load(ordering: .relaxed)
        _ = restoreSettings
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handleSignal
            #else
                action.__sigaction_u.__sa_handler = handleSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}

/// Standard error as a ``ConsoleOutput``.
@MainActor
private final class StandardError: ConsoleOutput {
    func write(_ text: String) {
        writeAll(STDERR_FILENO, text)
    }
}

// MARK: - Restoring the terminal from a signal handler

/// The terminal to restore and its settings; `restoreDescriptor` is -1 when echo is on. Written by the thread that
/// reads a hidden line (settings first, then the descriptor, released) and read by the signal handler on another
/// thread (the descriptor acquired, then the settings): an atomic, as ThreadSanitizer requires, where C programs use
/// `volatile sig_atomic_t`. A lock-free atomic is safe in a signal handler.
private let restoreDescriptor = Atomic<Int32>(-1)
/// The settings live on the heap, in memory of `termios`'s full size: a global `termios` variable gets 57 bytes of
/// storage from Swift 6.3 on Linux while the struct and every copy of it are 60, so saving the settings wrote 3
/// bytes past it (found by AddressSanitizer, scripts/sanitize.sh).
nonisolated(unsafe) private let restoreSettings: UnsafeMutablePointer<termios> = {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
}()

/// Restores the terminal, then exits 130 after a newline on SIGINT, or re-raises any other signal with its
/// default action. Calls only async-signal-safe functions.
private func handleSignal(_ signal: Int32) {
    let descriptor = restoreDescriptor.load(ordering: .acquiring)
    if descriptor >= 0 {
        _ = tcsetattr(descriptor, TCSAFLUSH, restoreSettings)
    }
    if signal == SIGINT {
        var newline = UInt8(ascii: "\n")
        _ = write(STDOUT_FILENO, &newline, 1)
        _exit(130)
    }
    raiseWithDefaultAction(signal)
}

/// Resets a signal to its default action and raises it again. Async-signal-safe.
private func raiseWithDefaultAction(_ number: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_DFL
    #else
        action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
    raise(number)  // delivered with the default action once this handler returns
}

/// Writes a text's UTF-8 bytes, in place (a native string's bytes are contiguous: nothing is copied).
private func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
}

/// Writes a line break.
private func writeNewline(_ descriptor: Int32) {
    var newline = UInt8(ascii: "\n")
    withUnsafeBytes(of: &newline) { writeAll(descriptor, $0) }
}

/// Writes every byte, retrying after interruptions; gives up silently when the output is gone.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            return
        }
    }
}

// MARK: - Reading, on the terminal's queue only

/// The one read a ``SystemTerminal`` waits for: set on the main actor just before ``SystemTerminal/readWork`` is
/// sent to the terminal's queue, taken there by ``serve()``. A terminal asks for one read at a time (each
/// `readLine` awaits its answer), so a request is always taken before the next is set.
private final class PendingRead: @unchecked Sendable {
    enum Request {
        case line(prompt: String, hidden: Bool, UnsafeContinuation<LineInput, Never>)
        case toEnd(maximumBytes: Int, UnsafeContinuation<[UInt8]?, Never>)
    }

    private let reader: Reader
    var request: Request?

    init(reader: Reader) {
        self.reader = reader
    }

    /// The work item that serves this: made here, outside the main actor, so that its closure is not isolated to
    /// the main actor (which the runtime would check, and fail, on the terminal's queue).
    func makeWorkItem() -> DispatchWorkItem {
        DispatchWorkItem { self.serve() }
    }

    /// Takes the request, does the read and resumes its continuation; on the terminal's queue.
    func serve() {
        guard let request else { return }
        self.request = nil
        switch request {
        case .line(let prompt, let hidden, let continuation):
            continuation.resume(returning: reader.readLine(prompt: prompt, hidden: hidden))
        case .toEnd(let maximumBytes, let continuation):
            continuation.resume(returning: reader.readToEnd(maximumBytes: maximumBytes))
        }
    }
}

/// The input side of ``SystemTerminal``; used only on its serial queue.
private final class Reader: @unchecked Sendable {
    private let isInputTerminal: Bool
    /// Where hidden input is read: /dev/tty, or standard input if it is a terminal; `nil` without a terminal.
    private let hiddenInput: Int32?
    private var standardInput = LineDecoder()
    private var standardInputEnded = false
    private var hiddenInputDecoder = LineDecoder()
    /// The one buffer every read(2) fills: allocated once, not per prompt, and never zeroed (only the bytes a read
    /// returned are looked at).
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)

    init(hiddenInput: Int32?, isInputTerminal: Bool) {
        self.hiddenInput = hiddenInput
        self.isInputTerminal = isInputTerminal
    }

    deinit {
        buffer.deallocate()
    }

    func readLine(prompt: String, hidden: Bool) -> LineInput {
        guard hidden else {
            writeAll(STDOUT_FILENO, prompt)
            let (input, echoedNewline) = read(STDIN_FILENO, &standardInput, ended: &standardInputEnded)
            // A terminal echoed the Enter key; otherwise end the prompt's line ourselves.
            if !(isInputTerminal && echoedNewline) { writeNewline(STDOUT_FILENO) }
            return input
        }
        guard let terminal = hiddenInput else { return .rejected(.noTerminal) }
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { return .rejected(.noTerminal) }
        restoreSettings.pointee = settings
        restoreDescriptor.store(terminal, ordering: .releasing)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
        _ = tcsetattr(terminal, TCSAFLUSH, &silent)
        let stopSignals = [SIGTSTP, SIGTTIN, SIGTTOU]
        let previous = stopSignals.map { ($0, signal($0, SIG_IGN)) }
        defer {
            _ = tcsetattr(terminal, TCSAFLUSH, &settings)
            restoreDescriptor.store(-1, ordering: .releasing)
            for (number, handler) in previous { signal(number, handler) }
            writeNewline(STDOUT_FILENO)  // echo was off: end the prompt's line
        }
        writeAll(STDOUT_FILENO, prompt)  // only now: nothing typed after the prompt is echoed
        var ended = false  // a terminal's end of input is not sticky
        return read(terminal, &hiddenInputDecoder, ended: &ended).input
    }

    func readToEnd(maximumBytes: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        while true {
            let count = readBytes(STDIN_FILENO, buffer)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
            if bytes.count > maximumBytes { return nil }
        }
    }

    /// Reads until the decoder has a line; returns it and whether a line break ended it.
    private func read(
        _ descriptor: Int32, _ decoder: inout LineDecoder, ended: inout Bool
    ) -> (input: LineInput, echoedNewline: Bool) {
        while true {
            if let input = decoder.nextLine(atEndOfInput: false) { return (input, true) }
            if ended { return (decoder.nextLine(atEndOfInput: true) ?? .endOfInput, false) }
            let count = readBytes(descriptor, buffer)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                decoder.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}

/// read(2) into a buffer.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

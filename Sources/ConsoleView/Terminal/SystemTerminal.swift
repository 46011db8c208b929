// The one file of ConsoleView that talks to the operating system about the terminal: file descriptors, isatty,
// /dev/tty, termios and signals. SecretText.swift locks and overwrites a secret's memory; everything else in the
// module is platform-independent.

internal import CSignalSafe
internal import Dispatch
internal import PureMVVM

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
/// - The terminal is restored on every path: after Enter, at the end of input, after a timeout, and on every
///   signal that ends the process and can be caught. SIGINT (Ctrl-C) restores it, prints a newline and exits with
///   status 130. Any other such signal (SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGALRM, SIGXCPU, …, and the
///   crash signals SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) restores it, then gets back the action it had before
///   (the default one, or the Swift runtime's crash reporter) and is raised again, so the shell sees it. A signal
///   the parent set to be ignored stays ignored.
/// - With a ``promptTimeout``, a read that gets no line in time answers ``LineInput/timedOut`` (echo restored).
/// - Reads happen on a background thread, so the main actor keeps running while the user types.
/// - A standard stream that was closed when the program started is held open on `/dev/null` the wrong way round
///   (so no file the program opens takes its number and receives its output), and every read or write error is
///   kept in ``streamErrors`` for the program to report: an output that could not be written is never a success.
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

    /// How long a prompt (``readLine(prompt:hidden:)``) and ``readStandardInputToEnd(maximumBytes:)`` wait for
    /// their input; `nil` (the default) waits for ever.
    public var promptTimeout: Duration? {
        didSet { timeoutNanoseconds = promptTimeout.map(nanoseconds) }
    }
    /// ``promptTimeout`` in nanoseconds, converted once rather than on every read.
    private var timeoutNanoseconds: UInt64?

    /// The read and write errors met on the standard streams so far: the first of each stream, in the order they
    /// happened. Empty when every byte was read and written.
    public var streamErrors: [StreamError] {
        streamFailures.all
    }

    private let reader: Reader
    private let queue = DispatchQueue(label: "ConsoleView.SystemTerminal.input")
    private let pendingRead: PendingRead
    /// Serves ``pendingRead`` on ``queue``: one work item for the process, sent again for each read, so a line
    /// costs no closure and no block copy, which a closure of its own for each read would allocate.
    private let readWork: DispatchWorkItem

    /// Connects to the process's standard input and output and installs the signal handlers.
    ///
    /// - Parameter environment: The environment that decides colour; `nil` (the default) for the process's.
    public init(environment: [String: String]? = nil) {
        reserveClosedStandardStreams()  // first: before anything opens a file that could take their numbers
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
            pendingRead.request = .line(prompt: prompt, hidden: hidden, timeout: timeoutNanoseconds, continuation)
            queue.async(execute: readWork)
        }
    }

    /// Reads standard input to its end, as `--password-stdin` needs, within ``promptTimeout``.
    ///
    /// - Parameter maximumBytes: The most bytes accepted.
    /// - Returns: The bytes; or more than `maximumBytes`, a timeout, or a read error (never taken for an empty
    ///   input).
    public func readStandardInputToEnd(maximumBytes: Int) async -> StandardInputContents {
        await withUnsafeContinuation { continuation in
            pendingRead.request = .toEnd(maximumBytes: maximumBytes, timeout: timeoutNanoseconds, continuation)
            queue.async(execute: readWork)
        }
    }

    // MARK: Deadlines

    /// Ends the process if `duration` passes before ``cancelDeadline()``: the terminal is restored, `output` is
    /// written to standard output and `errors` to standard error, and the process exits with `status`, from a
    /// signal handler (SIGALRM, from `setitimer`), which needs no thread, no memory and no lock.
    ///
    /// For waits that other threads must end: a sign-in's work, a prompt's read. When the system refuses a thread
    /// or memory (a low `ulimit -v`), such a wait never ends by itself, and nothing else can run to end it: the main
    /// queue itself waits for a thread. One deadline at a time: setting one replaces the last. A SIGALRM another
    /// process sends, or one that comes while no deadline is set, ends the process as before (the terminal
    /// restored, the signal raised again). On Linux only: elsewhere a deadline ends the process by SIGALRM.
    ///
    /// - Parameters:
    ///   - duration: How long the wait may last.
    ///   - output: What to write to standard output then (each text at most 4 KiB; the rest is cut).
    ///   - errors: What to write to standard error then.
    ///   - status: The exit status.
    public func setDeadline(after duration: Duration, output: String, errors: String, status: Int32) {
        cancelDeadline()
        Self.catchAlarmsEvenIfIgnored()
        deadlineOutput.set(output)
        deadlineErrors.set(errors)
        csignalsafe_store_releasing(deadlineStatus, status)
        let microseconds = min(max(nanoseconds(duration) / 1_000, 1), UInt64(Int32.max) * 1_000_000)
        var timer = itimerval(
            it_interval: timeval(),
            it_value: timeval(tv_sec: Int(microseconds / 1_000_000), tv_usec: Int(microseconds % 1_000_000)))
        setTimer(&timer)
    }

    /// Cancels the deadline ``setDeadline(after:output:errors:status:)`` set, if any.
    public func cancelDeadline() {
        var none = itimerval()
        setTimer(&none)
        csignalsafe_store_releasing(deadlineStatus, -1)
    }

    /// Sets the process's real-time interval timer, whose end is SIGALRM.
    private func setTimer(_ timer: inout itimerval) {
        #if canImport(Glibc)
            setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        #else
            setitimer(ITIMER_REAL, &timer, nil)
        #endif
    }

    // MARK: Signals

    /// Installs the handler for SIGALRM when the parent left it ignored, which would ignore a deadline too; its
    /// action, to ignore, is kept as the one to give back, so a SIGALRM from outside is still ignored in effect.
    private static func catchAlarmsEvenIfIgnored() {
        var current = sigaction()
        guard sigaction(SIGALRM, nil, &current) == 0, isIgnored(current) else { return }
        previousActions[Int(SIGALRM)] = current
        var action = handlerAction(for: SIGALRM)
        sigaction(SIGALRM, &action, nil)
    }

    private static func installSignalHandlers() {
        // Initialise the globals before a handler can read them.
        _ = restoreDescriptor
        _ = restoreSettings
        _ = previousActions
        _ = deadlineStatus
        _ = deadlineOutput
        _ = deadlineErrors
        for signal in endingSignals {
            var action = handlerAction(for: signal)
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, !isIgnored(previous) else { continue }
            previousActions[Int(signal)] = previous
            sigaction(signal, &action, nil)
        }
    }

    /// The action that runs this terminal's handler for a signal: ``handleSignal``, or for SIGALRM on Linux
    /// ``handleAlarm``, which tells a deadline's timer from a SIGALRM sent from outside.
    private static func handlerAction(for signal: Int32) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
            if signal == SIGALRM {
                action.__sigaction_handler.sa_sigaction = handleAlarm
                action.sa_flags = SA_SIGINFO
            } else {
                action.__sigaction_handler.sa_handler = handleSignal
                action.sa_flags = 0
            }
        #else
            action.__sigaction_u.__sa_handler = handleSignal
            action.sa_flags = 0
        #endif
        sigemptyset(&action.sa_mask)
        return action
    }

    /// Every signal whose default action ends the process and that a handler can catch: all but SIGKILL and
    /// SIGSTOP, the ones ignored by default (SIGCHLD, SIGURG, SIGWINCH, SIGCONT), and the terminal's stop signals,
    /// which are ignored while echo is off. On Linux that includes the real-time signals; the two glibc keeps for
    /// itself refuse a handler and are skipped.
    static var endingSignals: [Int32] {
        #if os(Linux)
            let count: Int32 = 65  // _NSIG: 64 signals, numbered from 1
        #else
            let count = NSIG
        #endif
        var notEnding: Set<Int32> = [SIGKILL, SIGSTOP, SIGCHLD, SIGURG, SIGWINCH, SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU]
        #if canImport(Darwin)
            notEnding.insert(SIGINFO)
        #endif
        return (1..<count).filter { !notEnding.contains($0) }
    }
}

/// Whether an action is "ignore".
private func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    #else
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    #endif
}

/// Standard error as a ``ConsoleOutput``.
@MainActor
private final class StandardError: ConsoleOutput {
    func write(_ text: String) {
        writeAll(STDERR_FILENO, text)
    }
}

// MARK: - The standard streams

/// Which of the standard streams were closed when the program started (bit N for descriptor N).
private let closedAtStart = Locked<UInt8>(0)

/// Holds each standard stream that is closed on `/dev/null`, opened the other way round (standard input
/// write-only, the outputs read-only): the descriptor is taken, so no file opened later gets number 0, 1 or 2
/// (and a password is never read from, nor output written into, an account file), and every read or write on it
/// still fails, as on a closed stream. Runs once per process.
private func reserveClosedStandardStreams() {
    guard closedAtStart.withLock({ $0 }) == 0 else { return }
    var closed: UInt8 = 0
    for descriptor: Int32 in 0...2 {  // in order: each open below takes the lowest free number, this one
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
        closed |= 1 << descriptor
        let reserved = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        if reserved >= 0, reserved != descriptor {
            _ = dup2(reserved, descriptor)
            close(reserved)
        }
    }
    closedAtStart.withLock { $0 = closed | 0x80 }  // 0x80: checked
}

/// The first read or write error of each standard stream, in the order they happened; recorded from any thread.
private final class StreamFailures: Sendable {
    private let failures = Locked<[StreamError]>([])

    var all: [StreamError] {
        failures.withLock { $0 }
    }

    /// Records an error of a standard stream, unless the stream already has one.
    func record(_ descriptor: Int32, errorNumber: Int32) {
        let error = streamError(descriptor, errorNumber: errorNumber)
        failures.withLock { failures in
            if !failures.contains(where: { $0.stream == error.stream }) { failures.append(error) }
        }
    }
}

/// The error of a standard stream (standard error for any descriptor above 1), with the system's reason, or
/// ``StreamError/Reason/closedAtStart`` for a stream ``reserveClosedStandardStreams()`` holds.
private func streamError(_ descriptor: Int32, errorNumber: Int32) -> StreamError {
    let stream: StreamError.Stream =
        switch descriptor {
        case STDIN_FILENO: .standardInput
        case STDOUT_FILENO: .standardOutput
        default: .standardError
        }
    let wasClosed =
        (0...2).contains(descriptor) && closedAtStart.withLock({ $0 }) & (1 << UInt8(descriptor)) != 0
    let reason: StreamError.Reason =
        wasClosed && errorNumber == EBADF ? .closedAtStart : .system(String(cString: strerror(errorNumber)))
    return StreamError(stream, reason: reason)
}

private let streamFailures = StreamFailures()

// MARK: - Restoring the terminal from a signal handler

/// The terminal to restore and its settings; `restoreDescriptor` is -1 when echo is on. Written by the thread that
/// reads a hidden line (settings first, then the descriptor, released) and read by the signal handler on another
/// thread (the descriptor acquired, then the settings): an atomic, as ThreadSanitizer requires, where C programs use
/// `volatile sig_atomic_t`. A lock-free atomic is safe in a signal handler; the standard library's `Atomic` needs
/// macOS 15 and iOS 18, so CSignalSafe's built-ins read and write it, on the heap (never moved).
nonisolated(unsafe) private let restoreDescriptor: UnsafeMutablePointer<Int32> = {
    let descriptor = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    descriptor.initialize(to: -1)
    return descriptor
}()
/// The settings live on the heap, in memory of `termios`'s full size: a global `termios` variable gets 57 bytes of
/// storage from Swift 6.3 on Linux while the struct and every copy of it are 60, so saving the settings wrote 3
/// bytes past it (found by AddressSanitizer, scripts/sanitize.sh).
nonisolated(unsafe) private let restoreSettings: UnsafeMutablePointer<termios> = {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
}()

/// The action each signal had before ``SystemTerminal`` installed its handler, by signal number, given back before
/// the signal is raised again. Written before the handlers are installed, read only by them.
nonisolated(unsafe) private let previousActions: UnsafeMutableBufferPointer<sigaction> = {
    let actions = UnsafeMutableBufferPointer<sigaction>.allocate(capacity: 128)
    actions.initialize(repeating: sigaction())  // zeroed: SIG_DFL, no flags
    return actions
}()

/// Restores the terminal, then exits 130 after a newline on SIGINT, or gives any other signal back its previous
/// action and raises it again. Calls only async-signal-safe functions.
private func handleSignal(_ signal: Int32) {
    let descriptor = csignalsafe_load_acquiring(restoreDescriptor)
    if descriptor >= 0 {
        _ = tcsetattr(descriptor, TCSAFLUSH, restoreSettings)
    }
    if signal == SIGINT {
        var newline = UInt8(ascii: "\n")
        _ = write(STDOUT_FILENO, &newline, 1)
        _exit(130)
    }
    raiseWithPreviousAction(signal)
}

/// SIGALRM's handler: the deadline's, when its timer (`setitimer`, whose signal the kernel sends: `SI_KERNEL`) ends
/// while a deadline is set; otherwise, as for a SIGALRM sent by a process (`kill`), every ending signal's. The
/// deadline's restores the terminal, writes its texts and exits with its status. Async-signal-safe.
#if canImport(Glibc)
    private func handleAlarm(
        _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        let status = csignalsafe_load_acquiring(deadlineStatus)
        guard status >= 0, let info, info.pointee.si_code == 0x80 else { return handleSignal(signal) }  // SI_KERNEL
        let descriptor = csignalsafe_load_acquiring(restoreDescriptor)
        if descriptor >= 0 {
            _ = tcsetattr(descriptor, TCSAFLUSH, restoreSettings)
            var newline = UInt8(ascii: "\n")  // a hidden prompt's line, which Enter did not end
            _ = write(STDOUT_FILENO, &newline, 1)
        }
        deadlineOutput.writeAll(to: STDOUT_FILENO)
        deadlineErrors.writeAll(to: STDERR_FILENO)
        _exit(status)
    }
#endif

/// The exit status of the deadline ``SystemTerminal/setDeadline(after:output:errors:status:)`` set, or -1 for none:
/// written on the main actor, read by the signal handler (an atomic, as ``restoreDescriptor``).
nonisolated(unsafe) private let deadlineStatus: UnsafeMutablePointer<Int32> = {
    let status = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    status.initialize(to: -1)
    return status
}()
/// What a deadline writes to standard output, and to standard error.
private let deadlineOutput = DeadlineText()
private let deadlineErrors = DeadlineText()

/// A text a signal handler writes: bytes in memory allocated once, and their count, an atomic the handler reads
/// (set while no deadline is set, so never while the handler could be writing them).
private final class DeadlineText: @unchecked Sendable {
    static let capacity = 4096
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    private let count: UnsafeMutablePointer<Int32> = {
        let count = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        count.initialize(to: 0)
        return count
    }()

    /// Keeps a text's first 4 KiB.
    func set(_ text: String) {
        var text = text
        let kept = text.withUTF8 { utf8 in
            let kept = min(utf8.count, Self.capacity)
            if let base = utf8.baseAddress { bytes.update(from: base, count: kept) }
            return kept
        }
        csignalsafe_store_releasing(count, Int32(kept))
    }

    /// Writes the text. Async-signal-safe.
    func writeAll(to descriptor: Int32) {
        let kept = Int(csignalsafe_load_acquiring(count))
        var offset = 0
        while offset < kept {
            let written = write(descriptor, bytes + offset, kept - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Gives a signal back the action it had before (the default one, or the Swift runtime's crash reporter) and
/// raises it again: delivered once this handler returns, so the process ends as the signal says (a crash signal
/// caused by a fault would also come again when the faulting instruction runs again). Async-signal-safe.
private func raiseWithPreviousAction(_ number: Int32) {
    if number > 0, Int(number) < previousActions.count, let actions = previousActions.baseAddress {
        sigaction(number, actions + Int(number), nil)
    }
    raise(number)
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

/// Writes every byte, retrying after interruptions; on an error, records it (``SystemTerminal/streamErrors``)
/// and gives up on this text.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            streamFailures.record(descriptor, errorNumber: written < 0 ? errno : EIO)
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
        case line(prompt: String, hidden: Bool, timeout: UInt64?, UnsafeContinuation<LineInput, Never>)
        case toEnd(maximumBytes: Int, timeout: UInt64?, UnsafeContinuation<StandardInputContents, Never>)
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
        case .line(let prompt, let hidden, let timeout, let continuation):
            continuation.resume(returning: reader.readLine(prompt: prompt, hidden: hidden, deadline: deadline(timeout)))
        case .toEnd(let maximumBytes, let timeout, let continuation):
            continuation.resume(returning: reader.readToEnd(maximumBytes: maximumBytes, deadline: deadline(timeout)))
        }
    }
}

/// A duration in nanoseconds, at most `UInt64.max`.
private func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
    return whole.overflow ? .max : whole.partialValue &+ UInt64(clamping: attoseconds / 1_000_000_000)
}

/// The moment a read that starts now and may last `timeout` nanoseconds gives up, in ``monotonicNanoseconds()``;
/// `nil` for no timeout.
private func deadline(_ timeout: UInt64?) -> UInt64? {
    guard let timeout else { return nil }
    let (sum, overflow) = monotonicNanoseconds().addingReportingOverflow(timeout)
    return overflow ? .max : sum
}

/// The monotonic clock, in nanoseconds: two integers per read, where `ContinuousClock` and `Duration` arithmetic
/// would cost more on every typed line (the Performance article keeps a budget per line).
private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(clamping: time.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: time.tv_nsec)
}

/// The input side of ``SystemTerminal``; used only on its serial queue.
private final class Reader: @unchecked Sendable {
    private let isInputTerminal: Bool
    /// Where hidden input is read: /dev/tty, or standard input if it is a terminal; `nil` without a terminal.
    private let hiddenInput: Int32?
    private var standardInput = LineDecoder()
    private var standardInputEnded = false
    /// The hidden prompt's lines: secrets (``LineDecoder/init(holdingSecrets:)``), their bytes overwritten once cut.
    private var hiddenInputDecoder = LineDecoder(holdingSecrets: true)
    /// The one buffer every read(2) fills: allocated once, not per prompt, a page of its own locked in memory
    /// (`mlock`, where the system allows it: a hidden line passes through it), and overwritten after a hidden
    /// line's read; otherwise never zeroed (only the bytes a read returned are looked at).
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 4096)

    init(hiddenInput: Int32?, isInputTerminal: Bool) {
        self.hiddenInput = hiddenInput
        self.isInputTerminal = isInputTerminal
        if let base = buffer.baseAddress { _ = mlock(base, buffer.count) }
    }

    deinit {
        buffer.deallocate()
    }

    func readLine(prompt: String, hidden: Bool, deadline: UInt64?) -> LineInput {
        guard hidden else {
            writeAll(STDOUT_FILENO, prompt)
            let (input, echoedNewline) = read(
                STDIN_FILENO, &standardInput, ended: &standardInputEnded, deadline: deadline)
            if input == .timedOut {
                standardInput = LineDecoder()  // what was typed of the line is dropped, at the terminal too
                if isInputTerminal { _ = tcflush(STDIN_FILENO, TCIFLUSH) }
            }
            // A terminal echoed the Enter key; otherwise end the prompt's line ourselves.
            if !(isInputTerminal && echoedNewline) { writeNewline(STDOUT_FILENO) }
            return input
        }
        guard let terminal = hiddenInput else { return .rejected(.noTerminal) }
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { return .rejected(.noTerminal) }
        restoreSettings.pointee = settings
        csignalsafe_store_releasing(restoreDescriptor, terminal)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
        _ = tcsetattr(terminal, TCSAFLUSH, &silent)
        let stopSignals = [SIGTSTP, SIGTTIN, SIGTTOU]
        let previous = stopSignals.map { ($0, signal($0, SIG_IGN)) }
        defer {
            // TCSAFLUSH also drops what was typed of a line that timed out.
            _ = tcsetattr(terminal, TCSAFLUSH, &settings)
            csignalsafe_store_releasing(restoreDescriptor, -1)
            for (number, handler) in previous { signal(number, handler) }
            writeNewline(STDOUT_FILENO)  // echo was off: end the prompt's line
        }
        writeAll(STDOUT_FILENO, prompt)  // only now: nothing typed after the prompt is echoed
        var ended = false  // a terminal's end of input is not sticky
        let input = read(terminal, &hiddenInputDecoder, ended: &ended, deadline: deadline, isSecret: true).input
        if input == .timedOut { hiddenInputDecoder.wipe() }  // never keep part of a secret
        return input
    }

    /// Standard input to its end, for `--password-stdin`: a secret, so the buffer has room for all of it from the
    /// start (growing would leave a copy behind) and the read buffer is overwritten after each read.
    func readToEnd(maximumBytes: Int, deadline: UInt64?) -> StandardInputContents {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(maximumBytes, 1 << 20) + buffer.count)
        while true {
            switch waitForInput(STDIN_FILENO, until: deadline) {
            case .ready: break
            case .timedOut: return .timedOut
            case .failed(let error): return .unreadable(error)
            }
            let count = readBytes(STDIN_FILENO, buffer)
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                let error = errno
                streamFailures.record(STDIN_FILENO, errorNumber: error)
                return .unreadable(streamError(STDIN_FILENO, errorNumber: error))
            }
            if count == 0 { return .bytes(bytes) }
            bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
            SecretText.overwrite(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
            if bytes.count > maximumBytes {
                bytes.withUnsafeMutableBytes { SecretText.overwrite($0) }
                return .tooLong
            }
        }
    }

    /// Reads until the decoder has a line; returns it and whether a line break ended it. A read error ends the
    /// input, and is recorded for the program to report.
    private func read(
        _ descriptor: Int32, _ decoder: inout LineDecoder, ended: inout Bool, deadline: UInt64?,
        isSecret: Bool = false
    ) -> (input: LineInput, echoedNewline: Bool) {
        while true {
            if let input = decoder.nextLine(atEndOfInput: false) { return (input, true) }
            if ended { return (decoder.nextLine(atEndOfInput: true) ?? .endOfInput, false) }
            switch waitForInput(descriptor, until: deadline) {
            case .ready: break
            case .timedOut: return (.timedOut, false)
            case .failed:
                ended = true
                continue
            }
            let count = readBytes(descriptor, buffer)
            if count < 0, errno == EINTR { continue }
            // An error on standard input is the program's to report; on the terminal it is a hang-up, as its end.
            if count < 0, descriptor == STDIN_FILENO { streamFailures.record(STDIN_FILENO, errorNumber: errno) }
            if count <= 0 {
                ended = true
            } else {
                decoder.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                if isSecret { SecretText.overwrite(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])) }
            }
        }
    }

    /// What waiting for input found.
    private enum Readiness {
        case ready
        case timedOut
        case failed(StreamError)
    }

    /// Waits until a descriptor has input (or its end, or an error, which the read then tells), or the deadline
    /// passes; at once without a deadline.
    private func waitForInput(_ descriptor: Int32, until deadline: UInt64?) -> Readiness {
        guard let deadline else { return .ready }
        while true {
            let now = monotonicNanoseconds()
            if now >= deadline { return .timedOut }
            let milliseconds = (deadline - now) / 1_000_000 + 1  // rounded up, without overflow
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let result = poll(&waiting, 1, Int32(clamping: milliseconds))
            if result > 0 { return .ready }  // input, its end, or an error the read will report
            if result == 0 { continue }  // the loop checks the deadline again
            if errno == EINTR { continue }
            let error = errno
            if descriptor == STDIN_FILENO { streamFailures.record(STDIN_FILENO, errorNumber: error) }
            return .failed(streamError(descriptor, errorNumber: error))
        }
    }
}

/// read(2) into a buffer.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `login` at a terminal (a pseudo-terminal it takes as its controlling terminal): the password is never
/// echoed, echo is back on after Enter, Ctrl-C, Ctrl-D and signals, and the exit statuses are the documented ones.
final class TerminalTests: GuardedTestCase {
    /// A copy of the tool-made accounts: signing in writes the failure tally beside the file.
    private var toolMade: String {
        get throws { try Paths.fixtureCopy("accounts/interop/tool-made.accounts", for: self) }
    }
    /// A local profile for the tool-made user, so the home screen shows at once, not after the simulated
    /// server's one-second answer (the home screen is not what these tests are about): imported by the binary
    /// itself into a database of the test's own.
    private func toolMadeProfiles() throws -> String {
        let database = try Paths.temporaryFolder(for: self).appendingPathComponent("profiles.sqlite").path
        let json = Paths.fixtures.appendingPathComponent("profiles/tool-made.json").path
        let imported = try PipedProcess.run(try LoginBinary.path(), ["import-profiles", "--profiles", database, json])
        guard imported.status == .exited(0) else {
            throw TestSetupError("import-profiles failed with \(imported.status): \(imported.errors)")
        }
        return database
    }
    private let password = "correct horse battery staple"

    private func start(
        _ arguments: [String], colour: Bool = false, standardInput: Int32? = nil
    ) throws -> PseudoTerminalProcess {
        var environment = ["TERM": "xterm-256color"]
        if !colour { environment["NO_COLOR"] = "1" }
        return try PseudoTerminalProcess(
            try LoginBinary.path(), arguments, environment: Spawn.environment(environment), standardInput: standardInput
        )
    }

    /// Starts a session on the tool-made accounts and stops at the password prompt, with echo off.
    private func atPasswordPrompt() throws -> PseudoTerminalProcess {
        let session = try start(["--accounts", try toolMade, "--profiles", toolMadeProfiles()])
        try session.waitFor("Username: ")
        XCTAssertTrue(session.isEchoOn)
        session.type("openssl.sha512crypt\r")
        try session.waitFor("Password: ")
        XCTAssertFalse(session.isEchoOn, "echo is off while the password is typed")
        return session
    }

    func testThePasswordIsNotEchoedAndTheUserSignsIn() throws {
        let session = try atPasswordPrompt()

        session.type(password + "\r")
        let shown = try session.waitFor("Welcome, openssl.sha512crypt!")
        try session.waitFor("Home: ")
        session.type("quit\r")

        XCTAssertEqual(try session.waitForExit(), .exited(0))
        XCTAssertTrue(session.screen.contains("Username: openssl.sha512crypt\n"), "the username is echoed")
        XCTAssertFalse(session.screen.contains("correct horse"), "the password is not:\n\(session.screen)")
        XCTAssertTrue(shown.hasPrefix("\n  ✓ Password\n"), "a newline after the hidden line:\n\(shown)")
        XCTAssertTrue(session.isEchoOn, "echo is back on")
    }

    func testCtrlCAtThePasswordPromptRestoresEchoAndExits130() throws {
        let session = try atPasswordPrompt()

        session.type("\u{3}")

        XCTAssertEqual(try session.waitForExit(), .exited(130))
        XCTAssertTrue(session.isEchoOn, "echo is back on after Ctrl-C")
        XCTAssertEqual(session.rest, "\n", "a newline, so the shell prompt starts on its own line")
    }

    func testCtrlDAtThePasswordPromptRestoresEchoAndExits1() throws {
        let session = try atPasswordPrompt()

        session.type("\u{4}")

        XCTAssertEqual(try session.waitForExit(), .exited(1))
        XCTAssertTrue(session.isEchoOn, "echo is back on after Ctrl-D")
        XCTAssertEqual(session.rest, "\n")
    }

    func testCtrlCAndCtrlDAtTheUsernamePrompt() throws {
        for (key, status) in [("\u{3}", ExitStatus.exited(130)), ("\u{4}", .exited(1))] {
            let session = try start([])
            try session.waitFor("Username: ")
            session.type(key)
            XCTAssertEqual(try session.waitForExit(), status, key.debugDescription)
            XCTAssertTrue(session.isEchoOn)
        }
    }

    /// Issue 31, F5: text typed without Enter and left with Ctrl-D is never used. At a real terminal the first
    /// Ctrl-D hands the text over without a line break and the second ends the input: the name was taken, and the
    /// right password, so left, signed in. Now either ends the session, as Ctrl-D at an empty prompt (exit 1).
    func testTextLeftWithCtrlDIsNeverUsedAtTheNameOrThePasswordPrompt() throws {
        let atName = try start([])
        try atName.waitFor("Username: ")
        atName.type("dimsky\u{4}\u{4}")
        XCTAssertEqual(try atName.waitForExit(), .exited(1))
        XCTAssertFalse(atName.screen.contains("Password"), "the name was not taken:\n\(atName.screen)")
        XCTAssertTrue(
            atName.screen.hasSuffix("Username: dimsky\n"),
            "no Enter was echoed, so the program ends the prompt's line itself: \(atName.screen.debugDescription)")

        let atPassword = try start([])
        try atPassword.waitFor("Username: ")
        atPassword.type("dimsky\r")
        try atPassword.waitFor("Password: ")
        atPassword.type("balabala\u{4}\u{4}")
        XCTAssertEqual(try atPassword.waitForExit(), .exited(1))
        XCTAssertFalse(atPassword.screen.contains("Welcome"), "the password was not used:\n\(atPassword.screen)")
        XCTAssertTrue(atPassword.isEchoOn)
    }

    func testSIGTERMAndSIGHUPAtThePasswordPromptRestoreEchoThenEndTheProgram() throws {
        for signal in [SIGTERM, SIGHUP] {
            let session = try atPasswordPrompt()

            kill(session.pid, signal)

            XCTAssertEqual(try session.waitForExit(), .signalled(signal), "signal \(signal)")
            XCTAssertTrue(session.isEchoOn, "echo is back on after signal \(signal)")
        }
    }

    /// A signal the program was started with ignored (as `nohup` or a shell's `trap '' SIGNAL` leave it) stays
    /// ignored: it neither ends the sign-in nor is caught to restore echo.
    func testASignalIgnoredAtStartStaysIgnoredAtThePasswordPrompt() throws {
        let session = try PseudoTerminalProcess(
            "/bin/sh",
            [
                "-c", "trap '' USR1; exec \"$0\" \"$@\"", try LoginBinary.path(), "--accounts", try toolMade,
                "--profiles",
                try toolMadeProfiles(),
            ],
            environment: Spawn.environment(["TERM": "xterm-256color", "NO_COLOR": "1"]))
        try session.waitFor("Username: ")
        session.type("openssl.sha512crypt\r")
        try session.waitFor("Password: ")
        #if os(Linux)
            // The handlers are installed before the first prompt, so this reads what a signal would meet: a
            // check that needs no race with the signal's delivery (what follows may run before it is handled).
            let usr1 = UInt64(1) << (SIGUSR1 - 1)
            let masks = try signalMasks(of: session.pid)
            XCTAssertEqual(masks.ignored & usr1, usr1, "SIGUSR1 is still ignored")
            XCTAssertEqual(masks.caught & usr1, 0, "no handler was installed for SIGUSR1")
        #endif

        kill(session.pid, SIGUSR1)
        XCTAssertFalse(session.isEchoOn, "still at the hidden prompt")
        session.type(password + "\r")
        try session.waitFor("Welcome, openssl.sha512crypt!")
        try session.waitFor("Home: ")
        session.type("quit\r")
        XCTAssertEqual(try session.waitForExit(), .exited(0))
    }

    #if os(Linux)
        /// The signals a process ignores and those it catches (has a handler for), as masks with bit N - 1 for
        /// signal N, from `/proc/PID/status`.
        private func signalMasks(of pid: pid_t) throws -> (ignored: UInt64, caught: UInt64) {
            let lines = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8).split(separator: "\n")
            func mask(_ key: String) throws -> UInt64 {
                let line = try XCTUnwrap(lines.first { $0.hasPrefix(key + ":") }, "no \(key) in /proc/\(pid)/status")
                let digits = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
                return try XCTUnwrap(UInt64(digits, radix: 16), "\(key) is not hexadecimal: \(line)")
            }
            return (try mask("SigIgn"), try mask("SigCgt"))
        }
    #endif

    /// Issue 21, point 5: echo stayed off after SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGPROF and SIGABRT at
    /// the hidden prompt. Every signal that ends the process and can be caught now restores it first; a crash
    /// signal is then raised again, so the program still ends by it (no core file: RLIMIT_CORE is 0 here).
    func testEverySignalThatEndsTheProgramAtTheHiddenPromptRestoresEchoFirst() throws {
        var signals = [
            SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPROF, SIGIO, SIGSYS, SIGQUIT, SIGPIPE,
            SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
        ]
        #if os(Linux)
            signals += [SIGPWR, SIGSTKFLT, 34, 50, 64]  // and real-time signals, from SIGRTMIN to SIGRTMAX
        #endif
        #if os(Linux)
            let core = __rlimit_resource_t(RLIMIT_CORE.rawValue)
        #else
            let core = RLIMIT_CORE
        #endif
        var previous = rlimit(rlim_cur: 0, rlim_max: 0)
        getrlimit(core, &previous)
        var limit = rlimit(rlim_cur: 0, rlim_max: previous.rlim_max)
        setrlimit(core, &limit)  // children inherit it
        defer { setrlimit(core, &previous) }
        let outcomes = concurrently(signals) { signal in
            Result { () throws -> (ExitStatus, Bool, Bool) in
                let session = try PseudoTerminalProcess(
                    try LoginBinary.path(), [], environment: Spawn.environment(["NO_COLOR": "1"]))
                try session.waitFor("Username: ")
                session.type("dimsky\r")
                try session.waitFor("Password: ")
                let wasOff = !session.isEchoOn
                kill(session.pid, signal)
                return (try session.waitForExit(), wasOff, session.isEchoOn)
            }
        }
        // Under scripts/sanitize.sh the sanitizer's own crash handler is the action a crash signal gets back: it
        // reports and exits with a status instead of ending by the signal.
        let environment = ProcessInfo.processInfo.environment
        let isSanitized = environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
        let crashes: Set<Int32> = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP]
        for (signal, outcome) in zip(signals, outcomes) {
            let (status, wasOff, isOn) = try outcome.get()
            XCTAssertTrue(wasOff, "echo off before signal \(signal)")
            if isSanitized && crashes.contains(signal) {
                XCTAssertNotEqual(status, .exited(0), "signal \(signal) ends the program with a failure")
            } else {
                XCTAssertEqual(status, .signalled(signal), "signal \(signal) ends the program, as the shell sees")
            }
            XCTAssertTrue(isOn, "echo is back on after signal \(signal)")
        }
    }

    /// Issue 21, point 8: `--timeout` (login.defs' LOGIN_TIMEOUT): a prompt with no answer ends the program with
    /// echo restored and exit status 1.
    func testAHiddenPromptThatTimesOutRestoresEchoAndExits1() throws {
        let session = try start(["--timeout", "0.1"])
        try session.waitFor("Username: ")
        session.type("dimsky\r")
        try session.waitFor("Password: ")
        XCTAssertFalse(session.isEchoOn)

        XCTAssertEqual(try session.waitForExit(), .exited(1))
        XCTAssertTrue(session.isEchoOn, "echo is back on after the timeout")
        XCTAssertEqual(session.rest, "\nlogin: timed out after 0.1 seconds with no answer; nothing was changed.\n")
    }

    /// Issue 21, point 6: `--password-stdin` at a terminal echoed the password as it was typed.
    func testPasswordStandardInputRefusesATerminal() throws {
        let session = try start(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(try session.waitForExit(), .exited(2))
        XCTAssertTrue(
            session.screen.contains("--password-stdin reads the password from standard input, which is a terminal"))
        XCTAssertTrue(session.isEchoOn)
    }

    func testCtrlZIsIgnoredWhileEchoIsOff() throws {
        let session = try atPasswordPrompt()

        session.type("\u{1A}")
        session.type(password + "\r")

        try session.waitFor("Welcome, openssl.sha512crypt!")
        try session.waitFor("Home: ")
        session.type("\u{4}")
        XCTAssertEqual(try session.waitForExit(), .exited(0), "never stopped with echo off; Ctrl-D at home, signed in")
        XCTAssertTrue(session.isEchoOn)
    }

    func testEveryPatternSignsInShowsTheHomeScreenAndLogsOut() throws {
        let patterns = ["mvc", "mvc-variant", "mvp", "mvvm", "mvvm-io", "mvi", "viper"]
        // Each pattern's session is its own process on its own terminal: they run side by side.
        let problems = concurrently(patterns) { pattern in
            Result { try Self.signInLogOutAndLeave(with: pattern) }
        }
        for (pattern, outcome) in zip(patterns, problems) {
            XCTAssertEqual(try outcome.get(), [], pattern)
        }
    }

    /// One pattern's session: signs in, opens a menu item, logs out, and leaves the new login screen with Ctrl-D.
    /// Returns what went wrong, for the test to assert on its own thread. (Each sign-in costs a real yescrypt
    /// check; signing in again after logging out, and quitting signed in, are in the transcripts for every
    /// pattern, in process, and `testThePasswordIsNotEchoedAndTheUserSignsIn` quits signed in on the binary.)
    private static func signInLogOutAndLeave(with pattern: String) throws -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: String) {
            if !condition { problems.append(problem) }
        }
        let session = try PseudoTerminalProcess(
            try LoginBinary.path(), ["--pattern", pattern, "--language", "en"],
            environment: Spawn.environment(["TERM": "xterm-256color", "NO_COLOR": "1"]))
        try session.waitFor("Username: ")
        session.type("dimsky\r")
        try session.waitFor("Password: ")
        check(!session.isEchoOn, "echo is off at the password prompt")
        session.type("balabala\r")
        try session.waitFor("Welcome, dimsky!")
        try session.waitFor("Hello, dimsky\n")
        try session.waitFor("  Balance: 100 yuan\n  Red packets: 3\n")
        try session.waitFor("Home: ")
        check(session.isEchoOn, "commands are echoed")
        session.type("2\r")
        try session.waitFor("→ Settings: not part of this demo.\n")
        try session.waitFor("Home: ")
        session.type("logout\r")
        try session.waitFor("Signed out.\n")
        try session.waitFor("Username: ")
        session.type("\u{4}")
        let status = try session.waitForExit()
        check(status == .exited(1), "Ctrl-D at the login screen after logging out: exit status \(status), not 1")
        let shown = session.screen.components(separatedBy: "balabala").count - 1
        check(shown == 1, "only the banner shows the demo password; typed, it is not echoed (shown \(shown) times)")
        check(session.isEchoOn, "echo is on at the end")
        return problems
    }

    func testColourOnATerminalUnlessNoColorIsSet() throws {
        for colour in [true, false] {
            let session = try start([], colour: colour)
            try session.waitFor("Username: ")
            session.type("dimsky\r")
            try session.waitFor("Password: ")
            session.type("\u{4}")
            _ = try session.waitForExit()
            XCTAssertEqual(session.screen.contains("\u{1B}[32m✓\u{1B}[0m Username"), colour, "colour: \(colour)")
            XCTAssertEqual(session.screen.contains("\u{1B}"), colour, "NO_COLOR=1 means no escape at all")
        }
    }

    func testWithInputFromAPipeThePasswordIsStillReadHiddenFromTheTerminal() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        // Only the pipe's read end reaches the program (as its standard input), so closing ours ends its input.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let session = try start([], standardInput: ends[0])
        close(ends[0])
        _ = "dimsky\n".withCString { write(ends[1], $0, 7) }
        close(ends[1])

        try session.waitFor("Username: \n  ✓ Username \"dimsky\"\n")  // read from the pipe: no echo, our newline
        try session.waitFor("Password: ")
        XCTAssertFalse(session.isEchoOn)
        session.type("balabala\r")
        let shown = try session.waitFor("Welcome, dimsky!")
        try session.waitFor("Home: \n")  // the end of the pipe at the home prompt: signed in

        XCTAssertEqual(try session.waitForExit(), .exited(0))
        XCTAssertFalse(shown.contains("balabala"))
        XCTAssertTrue(session.isEchoOn)
    }

    func testAStandardInputThatCannotBeReadIsAnErrorNotAnEnd() throws {
        let folder = open("/", O_RDONLY | O_CLOEXEC)  // reading a folder fails with EISDIR
        XCTAssertGreaterThanOrEqual(folder, 0)
        let session = try start([], standardInput: folder)
        close(folder)

        let status = try session.waitForExit()
        XCTAssertTrue(session.screen.contains("cannot read standard input: Is a directory"), session.screen)
        XCTAssertEqual(status, .exited(2))
    }

    func testAddUserAsksTwiceWithEchoOff() throws {
        let accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path
        let session = try start(["add-user", "--accounts", accounts, "new.member"])
        for prompt in ["New password for new.member: ", "Repeat the password: "] {
            try session.waitFor(prompt)
            XCTAssertFalse(session.isEchoOn, prompt)
            session.type("s3cret pass\r")
        }
        try session.waitFor("Added \"new.member\" to \(accounts).")
        XCTAssertEqual(try session.waitForExit(), .exited(0))
        XCTAssertFalse(session.screen.contains("s3cret"))
        XCTAssertTrue(session.isEchoOn)
        let signIn = try PipedProcess.run(
            try LoginBinary.path(), ["--accounts", accounts, "--username", "new.member", "--password-stdin"],
            input: Array("s3cret pass\n".utf8))
        XCTAssertEqual(signIn.status, .exited(0))
    }
}

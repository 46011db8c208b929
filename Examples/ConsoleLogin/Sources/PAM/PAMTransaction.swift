// The one file of PAM that calls Linux-PAM and the C library: the transaction on its own thread, and the
// conversation function PAM calls back. Everything else in the module is platform-independent.

internal import CSystemLibraries
internal import Dispatch
internal import LoginFeature

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// One sign-in through PAM: `pam_start`, `pam_authenticate`, `pam_acct_mgmt` and `pam_end`, run on a thread of its
/// own since each call may block (a directory server, a delay after a failure), reported once to the waiting
/// caller, or `cancelled` at once when the caller gives up.
///
/// The password is copied into memory of the transaction's own, handed to PAM (as a `malloc` copy PAM frees) the
/// one time a module asks for it, and wiped as soon as `pam_authenticate` returns or the caller cancels. The
/// conversation answers one prompt with it: the first one with echo off that asks for a password
/// (``isPasswordPrompt(_:username:)``). Any other prompt (echo on, a one-time code, the password a second time)
/// ends the conversation with `PAM_CONV_ERR`, and a sign-in that then fails is unavailable, whatever PAM answers:
/// the form has the password only, and login(1), sshd and sudo send each prompt only what was typed for it.
final class PAMTransaction: @unchecked Sendable {
    /// Linux-PAM's functions (`csystem_open_pam`), opened once per process when the first authenticator is made.
    private static let library: Result<LinuxPAM, PAMError> = {
        #if os(Linux)
            guard let functions = csystem_open_pam()?.pointee else {
                let reason = String(cString: csystem_open_error())
                return .failure(.libraryMissing(SystemLibraryError(library: .linuxPAM, reason: reason)))
            }
            return .success(LinuxPAM(functions: functions))
        #else
            return .failure(.unavailable)
        #endif
    }()

    /// Why Linux-PAM cannot be used; `nil` when it was opened.
    static var openingError: PAMError? {
        if case .failure(let error) = library { return error }
        return nil
    }

    /// Whether Linux-PAM could be opened.
    static var isAvailable: Bool { openingError == nil }

    /// Whether Linux-PAM can read service files from another folder (`pam_start_confdir`, Linux-PAM 1.4).
    static var canReadOtherDirectories: Bool {
        (try? library.get())?.functions.pam_start_confdir != nil
    }

    private let service: String
    private let username: String
    private let configurationDirectory: String?
    private let events: (@Sendable (PAMAuthenticator.Event) -> Void)?

    /// Guards everything below: the caller's thread (start, cancel) and the transaction's thread share them.
    private let lock = TransactionLock()
    private var continuation: CheckedContinuation<PAMOutcome, Never>?
    private var isReported = false
    private var isCancelled = false
    /// The password, NUL-terminated, until it is wiped.
    private var password: UnsafeMutableBufferPointer<CChar>?
    private var messages = PAMMessages()
    /// A prompt the conversation could not answer (the form has a name and a password only).
    private var unansweredPrompt: String?
    /// Whether the password answered a prompt already: it answers one.
    private var isPasswordAnswered = false

    init(
        service: String, username: String, password: String, configurationDirectory: String?,
        events: (@Sendable (PAMAuthenticator.Event) -> Void)?
    ) {
        self.service = service
        self.username = username
        self.configurationDirectory = configurationDirectory
        self.events = events
        // Byte by byte from the string's storage: no intermediate array holds the password unwiped.
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: password.utf8.count + 1)
        var end = 0
        for byte in password.utf8 {
            copy[end] = CChar(bitPattern: byte)
            end += 1
        }
        copy[end] = 0
        self.password = copy
    }

    deinit {
        wipePassword()
    }

    /// Starts the transaction on its thread; `continuation` gets the outcome once, or `cancelled`.
    func start(reportingTo continuation: CheckedContinuation<PAMOutcome, Never>) {
        lock.lock()
        self.continuation = continuation
        let cancelledAlready = isCancelled
        lock.unlock()
        if cancelledAlready { return report(.cancelled) }
        // PAM may block (a directory server, a delay after a failure): a worker thread of its own waits for it.
        DispatchQueue.global(qos: .userInitiated).async { [self] in report(run()) }
    }

    /// The caller gave up: reports `cancelled` now, wipes the password, and makes the conversation refuse what
    /// PAM still asks; the thread finishes on its own and ends the handle.
    func cancel() {
        lock.lock()
        isCancelled = true
        lock.unlock()
        wipePassword()
        report(.cancelled)
    }

    /// Resumes the caller once; later outcomes (the thread's after a cancel) are dropped.
    private func report(_ outcome: PAMOutcome) {
        lock.lock()
        guard !isReported, let continuation else { return lock.unlock() }
        isReported = true
        self.continuation = nil
        lock.unlock()
        continuation.resume(returning: outcome)
    }

    private var wasCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }

    /// Overwrites the password and frees it.
    private func wipePassword() {
        lock.lock()
        defer { lock.unlock() }
        guard let password else { return }
        #if canImport(Glibc)
            if let bytes = password.baseAddress { explicit_bzero(bytes, password.count) }
        #else
            for index in password.indices { password[index] = 0 }
        #endif
        password.deallocate()
        self.password = nil
    }

    /// The messages so far, which are then forgotten.
    private func takeMessages() -> [AccountServiceMessage] {
        lock.lock()
        defer { lock.unlock() }
        let taken = messages.all
        messages = PAMMessages()
        return taken
    }

    #if os(Linux)

        /// The transaction, on its thread: always ends the handle it started.
        private func run() -> PAMOutcome {
            let pam: csystem_pam
            switch Self.library {
            case .success(let library): pam = library.functions
            case .failure(let error): return .unavailable(reason: error.description)
            }
            var conversation = pam_conv(
                conv: pamConversation, appdata_ptr: Unmanaged.passUnretained(self).toOpaque())
            var handle: OpaquePointer?
            let status: Int32
            if let configurationDirectory, let startWithDirectory = pam.pam_start_confdir {
                status = startWithDirectory(service, username, &conversation, configurationDirectory, &handle)
            } else {
                status = pam.pam_start(service, username, &conversation, &handle)
            }
            guard status == PAM_SUCCESS, let handle else {
                return .unavailable(reason: "pam_start: \(String(cString: pam.pam_strerror(nil, status)))")
            }
            events?(.started)
            var last = PAM_SUCCESS
            let outcome = transact(handle, pam, last: &last)
            _ = pam.pam_end(handle, last)
            events?(.ended)
            return outcome
        }

        /// Authenticates and checks the account on an open handle; `last` is the last PAM result, for `pam_end`.
        private func transact(_ handle: OpaquePointer, _ pam: csystem_pam, last: inout Int32) -> PAMOutcome {
            if let terminal = Self.terminalName() {
                _ = pam.pam_set_item(handle, PAM_TTY, terminal)
            }
            let flags = Int32(PAM_DISALLOW_NULL_AUTHTOK)
            guard !wasCancelled else { return .cancelled }
            last = pam.pam_authenticate(handle, flags)
            wipePassword()  // no module asks for it after pam_authenticate
            let authenticationMessages = takeMessages()
            guard last == PAM_SUCCESS else {
                // A prompt the form could not answer makes a failure unavailable, whatever the module made of the
                // refusal (many answer PAM_AUTH_ERR): it is not a wrong password.
                if Self.meansUnavailable(last) || hasUnansweredPrompt {
                    return .unavailable(reason: describe(last, handle, pam))
                }
                return .rejected  // and whatever PAM said is dropped: it could tell which names exist
            }
            guard !wasCancelled else { return .cancelled }
            last = pam.pam_acct_mgmt(handle, flags)
            let accountMessages = takeMessages()
            guard last == PAM_SUCCESS else {
                if Self.meansUnavailable(last) { return .unavailable(reason: describe(last, handle, pam)) }
                let reason = PAMMessages.refusalReason(
                    messages: accountMessages, description: String(cString: pam.pam_strerror(handle, last)))
                // login(1) would call pam_chauthtok here and ask for a new password; the form has no field for one.
                if last == PAM_NEW_AUTHTOK_REQD { return .passwordChangeRequired(reason: reason) }
                return .refused(reason: reason)
            }
            var item: UnsafeRawPointer?
            var name = username
            if pam.pam_get_item(handle, PAM_USER, &item) == PAM_SUCCESS, let item {
                name = String(cString: item.assumingMemoryBound(to: CChar.self))
            }
            return .signedIn(
                name: name, fullName: Self.fullName(of: name), messages: authenticationMessages + accountMessages)
        }

        /// The full name the system's account database gives for a user (`getpwnam_r`, through NSS: /etc/passwd,
        /// or a directory through nss-pam-ldapd or sssd), from its GECOS field; `nil` when the user has no entry
        /// or the entry no full name. Blocks while NSS asks a directory: it runs on the transaction's thread.
        static func fullName(of name: String) -> String? {
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            var size = max(sysconf(Int32(_SC_GETPW_R_SIZE_MAX)), 1024)
            while size <= 1 << 20 {
                // The entry's strings live in this buffer: read them before it is freed.
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
                defer { buffer.deallocate() }
                let status = getpwnam_r(name, &entry, buffer, size, &found)
                if status == ERANGE {
                    size *= 2  // an entry larger than the buffer: try again with twice the room
                    continue
                }
                guard status == 0, found != nil, let gecos = entry.pw_gecos else { return nil }
                return GECOSField.fullName(in: String(cString: gecos), accountName: name)
            }
            return nil
        }

        /// Results that say PAM could not do its work, rather than that the user may not sign in.
        private static func meansUnavailable(_ status: Int32) -> Bool {
            [PAM_ABORT, PAM_BUF_ERR, PAM_SYSTEM_ERR, PAM_AUTHINFO_UNAVAIL, PAM_CONV_ERR].contains(status)
        }

        private var hasUnansweredPrompt: Bool {
            lock.lock()
            defer { lock.unlock() }
            return unansweredPrompt != nil
        }

        private func describe(_ status: Int32, _ handle: OpaquePointer, _ pam: csystem_pam) -> String {
            lock.lock()
            let prompt = unansweredPrompt
            lock.unlock()
            if let prompt {
                return "the PAM service \(service) asks for more than a password (\"\(prompt)\")"
            }
            return String(cString: pam.pam_strerror(handle, status))
        }

        /// The controlling terminal's name, for `PAM_TTY` (pam_securetty and pam_access read it).
        private static func terminalName() -> String? {
            guard isatty(STDIN_FILENO) == 1 else { return nil }
            var buffer = [CChar](repeating: 0, count: 256)
            guard ttyname_r(STDIN_FILENO, &buffer, buffer.count) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// Answers one call of the conversation: the first echo-off prompt that asks for a password
        /// (``isPasswordPrompt(_:username:)``) with the password; information and error messages kept; any other
        /// prompt refused (`PAM_CONV_ERR`, the prompt kept for the reason), as is everything after a cancel.
        fileprivate func answer(
            _ count: Int,
            _ prompts: UnsafeMutablePointer<UnsafePointer<pam_message>?>,
            _ responses: UnsafeMutablePointer<UnsafeMutablePointer<pam_response>?>
        ) -> Int32 {
            responses.pointee = nil
            guard
                let replies = calloc(count, MemoryLayout<pam_response>.stride)?
                    .assumingMemoryBound(to: pam_response.self)
            else { return PAM_BUF_ERR }
            lock.lock()
            defer { lock.unlock() }
            var failed = isCancelled
            for index in 0..<count where !failed {
                guard let prompt = prompts[index] else {
                    failed = true
                    break
                }
                let text = prompt.pointee.msg.map { String(cString: $0) } ?? ""
                switch prompt.pointee.msg_style {
                case PAM_PROMPT_ECHO_OFF:
                    guard !isPasswordAnswered, Self.isPasswordPrompt(text, username: username) else {
                        unansweredPrompt = text
                        failed = true
                        break
                    }
                    guard let secret = password?.baseAddress, let copy = strdup(secret) else {
                        failed = true
                        break
                    }
                    isPasswordAnswered = true
                    replies[index].resp = copy
                case PAM_TEXT_INFO: messages.append(.info, text)
                case PAM_ERROR_MSG: messages.append(.error, text)
                default:
                    unansweredPrompt = text
                    failed = true
                }
            }
            guard failed else {
                responses.pointee = replies
                return PAM_SUCCESS
            }
            for index in 0..<count {
                if let reply = replies[index].resp {
                    explicit_bzero(reply, strlen(reply))
                    free(reply)
                }
            }
            free(replies)
            return PAM_CONV_ERR
        }

    #endif

    /// Whether a prompt asks for the password: it names a password or passphrase (in English, as modules ask in
    /// the C locale `login` runs them in, or in Chinese), and not a one-time one: no word of it is `otp`, `oath`,
    /// `code`, `token`, `pin` or `verification`, nor does it say `one-time` (`One-time password (OATH) for ...`,
    /// `Password + token code`), which the password must never answer. The name signing in may be part of a prompt
    /// (`Password for code@EXAMPLE.COM: `): its own words are not looked at.
    ///
    /// - Parameters:
    ///   - prompt: The prompt's text, such as `Password: `.
    ///   - username: The name signing in.
    /// - Returns: `true` for a password's prompt.
    static func isPasswordPrompt(_ prompt: String, username: String) -> Bool {
        let text = prompt.lowercased()
        let asksForPassword = ["password", "passphrase", "密码", "口令", "密碼"].contains { text.contains($0) }
        guard asksForPassword else { return false }
        let namesWords = Set(words(of: username.lowercased()))
        let otherWords: Set<String> = ["otp", "oath", "code", "token", "pin", "verification"]
        let promptWords = words(of: text)
        if promptWords.contains(where: { otherWords.contains($0) && !namesWords.contains($0) }) { return false }
        for (first, second) in zip(promptWords, promptWords.dropFirst()) where first == "one" && second == "time" {
            if !namesWords.contains("one") || !namesWords.contains("time") { return false }
        }
        return !["验证码", "动态", "一次性"].contains { text.contains($0) }
    }

    /// The words of a text: its runs of letters and digits.
    private static func words(of text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    #if !os(Linux)

        private func run() -> PAMOutcome {
            .unavailable(reason: "this platform has no Linux-PAM")
        }

    #endif
}

#if os(Linux)
    /// The conversation function handed to PAM: finds the transaction from `appdata_ptr` and lets it answer.
    private func pamConversation(
        count: Int32,
        prompts: UnsafeMutablePointer<UnsafePointer<pam_message>?>?,
        responses: UnsafeMutablePointer<UnsafeMutablePointer<pam_response>?>?,
        context: UnsafeMutableRawPointer?
    ) -> Int32 {
        guard let prompts, let responses, let context, count > 0, count <= PAM_MAX_NUM_MSG else {
            return PAM_CONV_ERR
        }
        let transaction = Unmanaged<PAMTransaction>.fromOpaque(context).takeUnretainedValue()
        return transaction.answer(Int(count), prompts, responses)
    }
#endif

/// Linux-PAM's table of functions, as `csystem_open_pam` filled it: read-only once opened.
private struct LinuxPAM: @unchecked Sendable {
    let functions: csystem_pam
}

/// The lock around a transaction's fields: a POSIX mutex, so the module needs no Foundation.
private final class TransactionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

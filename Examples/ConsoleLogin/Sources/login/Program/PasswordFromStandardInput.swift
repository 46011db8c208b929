internal import ConsoleView
internal import LoginFeature

extension LoginProgram {
    /// A password read from standard input, or the exit status after the message that says why there is none.
    enum PasswordFromStandardInput {
        case read(String)
        case failed(ExitCode)
    }

    /// Reads a password from standard input for `--password-stdin`: UTF-8, at most ``maximumPasswordBytes``,
    /// exactly one trailing newline removed. Refused with a message (exit status 2): standard input at a terminal,
    /// where the password would be echoed; a read error (a closed or unreadable input is never an empty password);
    /// too many bytes; text that is not UTF-8. An input that does not end within the prompt timeout ends the
    /// program with status 1, as a prompt that times out.
    ///
    /// - Parameter timeout: The prompt timeout, for its message.
    /// - Returns: The password, or the exit status.
    func readPasswordFromStandardInput(timeout: PromptTimeout) async -> PasswordFromStandardInput {
        let safety = safetyWords
        guard !environment.isInputTerminal else {
            fail(safety.passwordStandardInputIsTerminal)
            return .failed(.usage)
        }
        let bytes: [UInt8]
        switch await environment.readStandardInput(Self.maximumPasswordBytes + 1) {
        case .bytes(let read): bytes = read
        case .tooLong:
            fail(words.passwordTooLong(maximumBytes: Self.maximumPasswordBytes))
            return .failed(.usage)
        case .timedOut:
            fail(safety.passwordInputTimedOut(after: timeout.duration ?? .zero))
            return .failed(.notSignedIn)
        case .unreadable(let error):
            fail(safety.passwordUnreadable(error))
            return .failed(.usage)
        }
        // Read in place, without a copy: the bytes are overwritten once the password is made of them.
        defer { if let secrets = environment.secrets { Self.overwrite(bytes, keptBy: secrets) } }
        let count = bytes.last == UInt8(ascii: "\n") ? bytes.count - 1 : bytes.count
        guard count <= Self.maximumPasswordBytes else {
            fail(words.passwordTooLong(maximumBytes: Self.maximumPasswordBytes))
            return .failed(.usage)
        }
        return bytes.withUnsafeBufferPointer { all in
            let line = UnsafeBufferPointer(rebasing: all[..<count])
            guard UTF8Text.isValid(line) else {
                fail(words.passwordNotUTF8)
                return .failed(.usage)
            }
            // A secret string (one buffer every copy shares) when the program keeps secrets: overwritten at its end.
            guard let secrets = environment.secrets else { return .read(String(decoding: line, as: UTF8.self)) }
            let password = SecretText.make(utf8: line)
            secrets.keep(password)
            return .read(password)
        }
    }

    /// Overwrites the bytes read from standard input, in the array's own storage (not a copy of it).
    private static func overwrite(_ bytes: [UInt8], keptBy secrets: SecretLines) {
        bytes.withUnsafeBufferPointer { buffer in
            SecretText.overwrite(UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer(buffer)))
        }
    }
}

internal import Foundation
internal import Gallery

/// The text of `login --help` and `login add-user --help`.
enum HelpText {
    static var signIn: String {
        let patterns = LoginPattern.allCases.map { pattern in
            let name = pattern.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            return "                       \(name) \(pattern.summary)"
        }
        return """
            USAGE: login [--accounts FILE] [--pattern PATTERN]
                         [--profiles FILE] [--language LANG] [--remote STATE]
                   login [--accounts FILE] [--pattern PATTERN] --username NAME --password-stdin
                   login add-user --accounts FILE [--password-stdin] [--method METHOD] NAME

            Signs in at the console: asks for the username, then the password (hidden), like login(1), and then
            shows the home screen. Without --accounts, the built-in demo account dimsky / balabala is used.

            OPTIONS:
              --accounts FILE    Sign in against an account file: one name:hash line per account (a crypt(3)
                                 hash: yescrypt, sha512crypt or bcrypt), '#' comments and blank lines.
              --pattern PATTERN  How the login screen is written (the pattern gallery; all behave alike):
            \(patterns.joined(separator: "\n"))
                                 The default is mvvm.
              --username NAME    With --password-stdin: sign in once without prompts, for scripts (no home
                                 screen).
              --password-stdin   Read the password from standard input (one trailing newline is removed).
              -h, --help         Show this help.

            HOME SCREEN OPTIONS:
              --profiles FILE    The local profile store, a JSON file (by default the repository's
                                 Fixtures/profiles/profiles.json); a missing file holds no profiles.
              --language LANG    zh (the default: 余额 100元, 红包 3个) or en (Balance 100 yuan, 3 red packets).
              --remote STATE     The simulated profile server, asked when the local store has no profile or
                                 fails: up (the default), down, or flaky (the first request fails). It answers
                                 after 1 second.

            At the login prompts, type :help for commands (:back, :next, :quit). Three failed attempts end the
            session. At the home screen, type a menu number, retry, logout, quit or help.

            EXIT STATUS:
              0    signed in: quit or end of input (Ctrl-D) at the home screen, or a script signed in
              1    not signed in: wrong username or password, no attempts left, :quit or end of input (Ctrl-D)
                   at the login prompts
              2    usage error, unusable account file, or no terminal to ask for the password
              130  interrupted (Ctrl-C)

            """
    }

    static let addUser = """
        USAGE: login add-user --accounts FILE [--password-stdin] [--method METHOD] NAME

        Adds the account NAME to FILE, or gives it a new password. The password is asked twice at the terminal
        (hidden), or read from standard input with --password-stdin (one trailing newline is removed). The file
        is created if missing and always written whole and atomically, with mode 0600, while holding FILE.lock;
        every other line is kept. A malformed file is reported and left untouched.

        OPTIONS:
          --accounts FILE    The account file.
          --password-stdin   Read the password from standard input.
          --method METHOD    yescrypt (the default), sha512crypt or bcrypt.
          -h, --help         Show this help.

        NAME and the password must pass the login form's rules: a name of 6 to 32 letters, digits, '.', '_'
        or '-'; a password of at least 6 characters, at most 72 bytes, without control characters.

        EXIT STATUS:
          0    the account was added or its password replaced
          1    cancelled: end of input (Ctrl-D) at a password prompt
          2    usage error, unusable name or password, passwords that differ, or an unusable account file
          130  interrupted (Ctrl-C)

        """
}

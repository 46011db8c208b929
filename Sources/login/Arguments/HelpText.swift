internal import Gallery

/// The text of `login --help` and `login add-user --help`.
enum HelpText {
    static var signIn: String {
        let patterns = LoginPattern.allCases.map { pattern in
            let name = pattern.rawValue + String(repeating: " ", count: max(0, 12 - pattern.rawValue.count))
            return "                       \(name) \(pattern.summary)"
        }
        return """
            USAGE: login [--accounts FILE [--deny N] [--unlock-time SECONDS] | --pam [SERVICE]]
                         [--pattern PATTERN] [--trace] [--timeout SECONDS]
                         [--profiles FILE] [--language LANG] [--remote STATE]
                   login [--accounts FILE | --pam [SERVICE]] [--pattern PATTERN] --username NAME --password-stdin
                   login add-user --accounts FILE [--password-stdin] [--method METHOD] NAME
                   login signup --accounts FILE [--language LANG] [HOME SCREEN OPTIONS]
                   login import-profiles [--profiles FILE] JSON-FILE

            Signs in at the console: asks for the username, then the password (hidden), like login(1), and then
            shows the home screen. Without --accounts or --pam, the built-in demo account dimsky / balabala is used.

            OPTIONS:
              --accounts FILE    Sign in against an account file: one name:hash line per account (a crypt(3)
                                 hash: yescrypt, sha512crypt or bcrypt), '#' comments and blank lines.
              --pam [SERVICE]    Sign in with the system's accounts through PAM, with the service SERVICE
                                 (default: puremvvm-login, read from /etc/pam.d/puremvvm-login, or from
                                 /etc/pam.d/other when that file is missing).
              --pattern PATTERN  How the login screen is written (the pattern gallery; all behave alike):
            \(patterns.joined(separator: "\n"))
                                 The default is mvvm.
              --trace            Print each message between the login screen's roles as it is sent, a
                                 line-mode sequence diagram (View → Presenter  usernameDidEnter("dim")),
                                 to see how the pattern works. Passwords are masked. Works with every
                                 other option.
              --username NAME    With --password-stdin: sign in once without prompts, for scripts (no home
                                 screen).
              --password-stdin   Read the password from standard input (one trailing newline is removed); never
                                 from a terminal, where it would be echoed.
              --timeout SECONDS  How long each prompt waits for an answer before login gives up (exit status
                                 1), as login.defs' LOGIN_TIMEOUT: 60 by default, 0 for no limit.
              --deny N           With --accounts: failed sign-ins in a row (within 15 minutes, in any session)
                                 that lock a name, as pam_faillock's deny: 3 by default, 0 for no count. The
                                 count is FILE.faillock.
              --unlock-time SECONDS
                                 With --accounts: how long a locked name stays locked, as pam_faillock's
                                 unlock_time: 600 by default, 0 until 'login add-user' gives it a new password.
              -h, --help         Show this help.

            HOME SCREEN OPTIONS:
              --profiles FILE    The local profile database (SQLite), created with its schema if missing; it
                                 keeps what the server returns. :memory: keeps it in memory. By default
                                 $XDG_DATA_HOME/puremvvm/profiles.sqlite (or ~/.local/share/puremvvm/...),
                                 created with the demo's profiles.
              --language LANG    The language of the form's messages and the home screen: zh (the default, as
                                 in the seed: 余额 100元, 红包 3个) or en (Balance 100 yuan, 3 red packets).
                                 Prompts and commands stay English.
              --remote STATE     The simulated profile server, asked when the local store has no profile or
                                 fails: up (the default), down, or flaky (the first request fails). It answers
                                 after 1 second.

            At the login prompts, type :help for commands (:back, :next, :quit). At the hidden password prompt
            every line is the password, even one that starts with ':'; Ctrl-D leaves it. Three failed attempts end
            the session. At the home screen, type a menu number, retry, logout, quit or help.

            EXIT STATUS:
              0    signed in: quit or end of input (Ctrl-D) at the home screen, or a script signed in
              1    not signed in: wrong username or password, an account PAM refuses (expired, locked) or a name
                   locked after failed sign-ins, no attempts left, :quit or end of input (Ctrl-D) at the login
                   prompts, or a prompt that timed out
              2    usage error, unusable account file, --pam without PAM in this build, no terminal to ask for
                   the password, --password-stdin at a terminal, an argument that is not UTF-8, or standard
                   input that could not be read or an output that could not be written
              130  interrupted (Ctrl-C)

            """
    }

    static let importProfiles = """
        USAGE: login import-profiles [--profiles FILE] JSON-FILE

        Imports the profiles of JSON-FILE, an object keyed by username such as
        {"dimsky": {"balance": "100", "redPacket": "3"}}, into the home screen's database, in one transaction:
        each replaces the profile stored for its user. The database is created with its schema if missing.

        OPTIONS:
          --profiles FILE    The database (SQLite); by default $XDG_DATA_HOME/puremvvm/profiles.sqlite (or
                             ~/.local/share/puremvvm/profiles.sqlite).
          -h, --help         Show this help.

        EXIT STATUS:
          0    imported
          2    usage error, a missing or malformed JSON file, or a database that cannot be opened or written

        """

    static let addUser = """
        USAGE: login add-user --accounts FILE [--password-stdin] [--method METHOD] [--timeout SECONDS] NAME

        Adds the account NAME to FILE, or gives it a new password. The password is asked twice at the terminal
        (hidden), or read from standard input with --password-stdin (one trailing newline is removed). The file
        is created if missing and always written whole and atomically, with mode 0600, while holding FILE.lock
        (waiting at most 5 seconds for another writer); every other line is kept, and NAME's failed sign-ins are
        forgotten. A malformed file is reported and left untouched.

        OPTIONS:
          --accounts FILE    The account file.
          --password-stdin   Read the password from standard input.
          --method METHOD    yescrypt (the default), sha512crypt or bcrypt.
          --timeout SECONDS  How long each password prompt waits: 60 by default, 0 for no limit.
          -h, --help         Show this help.

        NAME and the password must pass the login form's rules: a name of 6 to 32 letters, digits, '.', '_'
        or '-', or an email address; a password of at least 6 characters, at most 72 bytes, without control
        characters. A NAME that is another entry's name in other letter case or Unicode form is refused.

        EXIT STATUS:
          0    the account was added or its password replaced
          1    cancelled: end of input (Ctrl-D) at a password prompt, or a prompt that timed out
          2    usage error, unusable name or password, passwords that differ, an unusable account file, a file
               that would pass 16 MiB, a lock held by another writer for more than 5 seconds, or standard input
               that could not be read or an output that could not be written
          130  interrupted (Ctrl-C)

        """

    static let signUp = """
        USAGE: login signup --accounts FILE [--language LANG] [--pattern PATTERN] [--trace] [--timeout SECONDS]
                            [--deny N] [--unlock-time SECONDS] [--profiles FILE] [--remote STATE]

        Creates an account at the console: asks for an email address, a password and its confirmation (hidden),
        and whether you accept the terms, checking each as it is entered. The email becomes the account name in
        FILE, added while holding FILE.lock and written atomically, like add-user, but an existing account is
        never replaced: an email that has one is shown as taken. Then the new account is signed in and the home
        screen follows; logout leads to the login screen (of PATTERN, traced with --trace) against FILE.

        OPTIONS:
          --accounts FILE    The account file; created if missing.
          --language LANG    zh (the default) or en: the messages of the form and the home screen.
          --timeout SECONDS  How long each prompt waits for an answer: 60 by default, 0 for no limit.
          -h, --help         Show this help.
        The home screen options, --deny and --unlock-time are those of 'login --help'. An email that is an
        existing name in other letter case or Unicode form is taken.

        EXIT STATUS:
          0    the account was created, and the session ended signed in (quit or end of input at the home screen)
          1    no account was created: :quit or end of input (Ctrl-D) at the prompts, or a prompt that timed
               out; or signed out at the end
          2    usage error, unusable account file, no terminal to ask for the password, an account file that
               could not be written (such as a lock held for more than 5 seconds), or an output that could not
               be written
          130  interrupted (Ctrl-C)

        """
}

internal import LoginFeature

/// The built-in account `swift run login` signs in to when no account file is given: the seed article's test
/// user, dimsky / balabala, which the banner prints.
enum DemoAccount {
    /// The name.
    static let name = "dimsky"
    /// The password, public by design: the banner shows it.
    static let password = "balabala"
    /// A yescrypt hash of the password (made with `mkpasswd -m yescrypt balabala`), checked like any account's.
    static let passwordHash = "$y$j9T$G5YZ5GPa1dxSA6XwpzeyL0$bvFurcaqEBQhA.qhGuMBHMGagOZmxorliUIFVg2tSz7"

    /// The account.
    static var account: Account { Account(name: name, passwordHash: passwordHash) }
}

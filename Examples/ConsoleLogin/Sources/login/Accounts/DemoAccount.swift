internal import LoginFeature

/// The built-in account `swift run login` signs in to when no account file is given: the seed article's test
/// user, dimsky / balabala, which the banner prints.
enum DemoAccount {
    /// The name.
    static let name = "dimsky"
    /// The password, public by design: the banner shows it.
    static let password = "balabala"
    /// A yescrypt hash of the password, checked like any account's, at yescrypt's lowest cost (`$y$j75$`, made
    /// with `crypt_gensalt("$y$", 1, …)`; `mkpasswd -m yescrypt -R 1` makes the same kind): the password is
    /// public, so a costly hash would protect nothing, and would only make each sign-in to the demo spend longer
    /// in crypt(3). An unknown name is checked against this same hash, so it still fails in the same time as a
    /// wrong password.
    static let passwordHash = "$y$j75$2XOl0IWqT45hVR8GIGi57.$DWwCV2V4O1nNkkv0jxI9vi3mkhZ5msLj.7TtOCEb0k6"

    /// The account.
    static var account: Account { Account(name: name, passwordHash: passwordHash) }
}

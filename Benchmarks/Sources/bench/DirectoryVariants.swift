internal import BenchKit
internal import Foundation

/// Part 4's directory row (issue 33): `login --pam` signing in against an LDAP directory (slapd with ppolicy,
/// nss-pam-ldapd's nslcd and pam_ldap, through pam_wrapper), from its start to its end, by wall time: most of the
/// work is in slapd and nslcd, which no callgrind run of `login` sees.
///
/// The directory is scripts/directory-check.sh's: `scripts/directory-check.sh --bench` starts it, runs this row in
/// its first machine's mount namespace and stops it again (`--bench-quick`, in CI, checks the row). It tells the row
/// where things are through two variables: `PUREMVVM_BENCH_DIRECTORY`, a folder with `pam.d/` (the service
/// `puremvvm-login-ldap`) and `account` (a name and its password, one a line), and `PUREMVVM_BENCH_PAM_WRAPPER`,
/// pam_wrapper's library. Without them (a plain `bench` run) the row is not measured, and says so.
enum DirectoryVariants {
    static let all: [Variant] = [
        Variant(
            id: "console.login.directory",
            group: "4. Console",
            title:
                "`login --pam` signing in against an LDAP directory (slapd, nslcd, pam_ldap) with `--password-stdin`, "
                + "from its start to its end (wall time, median of 20)",
            baseline: nil,
            measurement: .wallTime(WallTime(unit: "sign-in", runs: 20) { try signIn() })
        )
    ]

    /// The sign-in, or why it cannot run here.
    static func signIn() throws -> WallTime.Run {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["PUREMVVM_BENCH_DIRECTORY"],
            let pamWrapper = environment["PUREMVVM_BENCH_PAM_WRAPPER"]
        else {
            throw BenchUnavailable(
                "no directory is running for it; scripts/directory-check.sh --bench starts one, measures this row "
                    + "and stops it")
        }
        let account = try String(contentsOfFile: folder + "/account", encoding: .utf8).split(separator: "\n")
        guard account.count == 2 else { throw BenchFailure("\(folder)/account: expected a name and a password") }
        let name = String(account[0])
        return WallTime.Run(
            arguments: [
                try Startup.releaseProduct("login"), "--pam", "puremvvm-login-ldap", "--username", name,
                "--password-stdin",
            ] + ConsoleVariants.language,
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LD_PRELOAD": pamWrapper, "PAM_WRAPPER": "1",
                "PAM_WRAPPER_SERVICE_DIR": folder + "/pam.d",
            ],
            input: Array((account[1] + "\n").utf8),
            outputSuffix: "Welcome, \(name)!\n"
        )
    }
}

import Foundation
import TestSupport
import XCTest

/// Runs the built `login` against real Linux-PAM without root, through pam_wrapper: `libpam_wrapper.so` is
/// preloaded and reads service files from a temporary folder (`PAM_WRAPPER_SERVICE_DIR`), made from
/// Fixtures/pam/services with their placeholders filled in (see Fixtures/pam/README.md). pam_wrapper's trace
/// (`PAM_WRAPPER_DEBUGLEVEL=3`) goes to standard error, where ``Output`` separates it from `login`'s own and
/// counts the handles PAM started and ended.
///
/// pam_wrapper comes from Debian's `libpam-wrapper` (.ci/run installs it). Where it is missing, the tests say
/// so: they fail when `CI` is set, and are reported as skipped, with the reason, otherwise.
struct PAMWrapper {
    /// The environment that runs `login` under pam_wrapper.
    let environment: [String: String]

    /// pam_wrapper's library, such as /usr/lib/x86_64-linux-gnu/libpam_wrapper.so, with its modules in the
    /// `pam_wrapper` folder beside it.
    static let library: URL? = {
        var folders = ["/usr/lib64", "/usr/lib", "/usr/local/lib"]
        if let architectures = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib") {
            folders = architectures.sorted().map { "/usr/lib/\($0)" } + folders
        }
        return folders.map(URL.init(fileURLWithPath:)).map { $0.appendingPathComponent("libpam_wrapper.so") }.first {
            FileManager.default.fileExists(atPath: $0.path)
                && FileManager.default.fileExists(
                    atPath: $0.deletingLastPathComponent().appendingPathComponent("pam_wrapper/pam_matrix.so").path)
        }
    }()

    /// The environment for one test: the services set up once per process (removed by ``removeShared()``),
    /// and `extra` variables.
    static func make(_ extra: [String: String] = [:]) throws -> PAMWrapper {
        var environment = try made.get()
        environment.merge(extra) { _, new in new }
        return PAMWrapper(environment: Spawn.environment(environment))
    }

    /// Removes the shared service folder.
    static func removeShared() {
        if case .success(let environment) = made, let services = environment["PAM_WRAPPER_SERVICE_DIR"] {
            try? FileManager.default.removeItem(atPath: services)
        }
        if case .success(let environment) = made, let modules = environment[builtModulesVariable] {
            for module in modules.split(separator: ":") {
                try? FileManager.default.removeItem(
                    at: URL(fileURLWithPath: String(module)).deletingLastPathComponent())
            }
        }
    }

    private static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()

    private static let made = Result { () throws -> [String: String] in
        guard isLinux else { throw XCTSkip("Linux-PAM is used on Linux only") }
        guard let library else {
            let reason = "pam_wrapper is not installed (apt-get install libpam-wrapper)"
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw TestSetupError("\(reason): the PAM end-to-end tests cannot run, and CI needs them")
            }
            throw XCTSkip("\(reason): the PAM end-to-end tests did not run")
        }
        let modules = library.deletingLastPathComponent().appendingPathComponent("pam_wrapper")
        let expired: URL
        let code: URL
        do {
            expired = try TestPAMModules.build("pam_expired")
            code = try TestPAMModules.build("pam_code")
        } catch {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw TestSetupError("\(error): the PAM end-to-end tests cannot run, and CI needs them")
            }
            throw XCTSkip("\(error): the PAM end-to-end tests did not run")
        }
        let services = try TemporaryFolder.make(prefix: "puremvvm-pam-e2e")
        let templates = Paths.fixtures.appendingPathComponent("pam/services")
        for name in try FileManager.default.contentsOfDirectory(atPath: templates.path) {
            let text = try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "{pam_matrix}", with: modules.appendingPathComponent("pam_matrix.so").path)
                .replacingOccurrences(of: "{pam_chatty}", with: modules.appendingPathComponent("pam_chatty.so").path)
                .replacingOccurrences(of: "{pam_expired}", with: expired.path)
                .replacingOccurrences(of: "{pam_code}", with: code.path)
                .replacingOccurrences(of: "{Fixtures}", with: Paths.fixtures.path)
                .replacingOccurrences(of: "{fifos}", with: services.path)
            try text.write(to: services.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        return [
            "LD_PRELOAD": library.path, "PAM_WRAPPER": "1", "PAM_WRAPPER_SERVICE_DIR": services.path,
            "PAM_WRAPPER_DEBUGLEVEL": "3", "TERM": "xterm-256color",
            builtModulesVariable: [expired.path, code.path].joined(separator: ":"),
        ]
    }

    /// Where ``made`` keeps the built modules' paths (`:` between them), for ``removeShared()`` (never read by
    /// `login`).
    private static let builtModulesVariable = "PUREMVVM_TEST_PAM_MODULES"

    /// nss_wrapper's library, beside pam_wrapper's (Debian's `libnss-wrapper`).
    static let nssLibrary: URL? = library.map {
        $0.deletingLastPathComponent().appendingPathComponent("libnss_wrapper.so")
    }.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    /// The environment for one test whose `login` also reads the system's accounts from Fixtures/pam/passwd and
    /// Fixtures/pam/group, through nss_wrapper (`getpwnam_r` finds them there, and only there), with `extra`
    /// variables.
    static func makeWithAccounts(_ extra: [String: String] = [:]) throws -> PAMWrapper {
        guard let nssLibrary else {
            let reason = "nss_wrapper is not installed (apt-get install libnss-wrapper)"
            if ProcessInfo.processInfo.environment["CI"] != nil {
                throw TestSetupError("\(reason): the PAM end-to-end tests of full names cannot run, and CI needs them")
            }
            throw XCTSkip("\(reason): the PAM end-to-end tests of full names did not run")
        }
        var environment = try made.get()
        environment["LD_PRELOAD"] = [environment["LD_PRELOAD"] ?? "", nssLibrary.path].joined(separator: " ")
        environment["NSS_WRAPPER_PASSWD"] = Paths.fixtures.appendingPathComponent("pam/passwd").path
        environment["NSS_WRAPPER_GROUP"] = Paths.fixtures.appendingPathComponent("pam/group").path
        environment.merge(extra) { _, new in new }
        return PAMWrapper(environment: Spawn.environment(environment))
    }

    /// Standard error split into pam_wrapper's trace and `login`'s own lines.
    struct Output {
        /// `login`'s own standard error.
        let errors: String
        /// How many handles `pam_start` returned, and how many `pam_end` released.
        let started: Int
        let ended: Int

        init(standardError: String) {
            var own: [Substring] = []
            var trace: [Substring] = []
            for line in standardError.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("PWRAP_") { trace.append(line) } else { own.append(line) }
            }
            errors = own.filter { !$0.isEmpty }.joined(separator: "\n")  // the trace has blank lines of its own
            started = trace.filter { $0.hasSuffix("pam_start rc=0") }.count
            ended = trace.filter { $0.contains("pam_end status=") }.count
        }
    }
}

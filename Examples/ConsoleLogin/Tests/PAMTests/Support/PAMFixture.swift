import Foundation
import PAM
import TestSupport
import XCTest

/// The PAM services of Fixtures/pam/services, copied once per test process into a temporary folder with their
/// placeholders filled in: `{pam_matrix}` and `{pam_chatty}` (pam_wrapper's test modules, found on this machine),
/// `{pam_expired}` and `{pam_code}` (Fixtures/pam/modules, compiled by ``TestPAMModules``), `{Fixtures}` (this
/// repository's folder) and `{fifos}` (a temporary folder for the tests' FIFOs).
///
/// The modules come from Debian's `libpam-wrapper` (.ci/run installs it). Where they are missing, the tests say so:
/// they fail when `CI` is set, and are reported as skipped, with the reason, otherwise.
struct PAMFixture {
    /// The folder of service files, for `pam_start_confdir`.
    let services: URL
    /// A folder for FIFOs the `{fifos}` placeholder names.
    let fifos: URL
    /// The folders of the modules the tests built (`{pam_expired}`, `{pam_code}`).
    let builtModules: [URL]

    /// The repository's Fixtures folder (found from TestSupport's source file's path).
    static let fixtures = Paths.fixtures

    /// pam_wrapper's module folder, such as /usr/lib/x86_64-linux-gnu/pam_wrapper.
    static let moduleFolder: URL? = {
        var candidates = ["/usr/lib64/pam_wrapper", "/usr/lib/pam_wrapper", "/usr/local/lib/pam_wrapper"]
        if let architectures = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib") {
            candidates = architectures.sorted().map { "/usr/lib/\($0)/pam_wrapper" } + candidates
        }
        return candidates.map(URL.init(fileURLWithPath:)).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("pam_matrix.so").path)
        }
    }()

    /// The services, set up once per process (removed by ``removeShared()``), or why they cannot be.
    static func shared() throws -> PAMFixture {
        try made.get()
    }

    /// Removes the shared services' folder; the next ``shared()`` in this process fails.
    static func removeShared() {
        if case .success(let fixture) = made {
            try? FileManager.default.removeItem(at: fixture.services.deletingLastPathComponent())
            for folder in fixture.builtModules { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// An authenticator for one of the services, reporting its handles to `events`.
    func authenticator(
        _ service: String, events: @escaping @Sendable (PAMAuthenticator.Event) -> Void
    ) throws -> PAMAuthenticator {
        do {
            return try PAMAuthenticator(service: service, configurationDirectory: services.path, events: events)
        } catch .unavailable {
            throw Self.missing("this Linux-PAM has no pam_start_confdir (it came with Linux-PAM 1.4)")
        }
    }

    /// What a test throws when the machine lacks what it needs: a failure when `CI` is set, a skip that says
    /// why otherwise.
    static func missing(_ reason: String) -> any Error {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            return TestSetupError("\(reason): the PAM tests cannot run, and CI needs them")
        }
        return XCTSkip("\(reason): the PAM tests did not run")
    }

    private static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()

    private static let made = Result { () throws -> PAMFixture in
        guard isLinux else { throw XCTSkip("Linux-PAM is used on Linux only") }
        guard let modules = moduleFolder else {
            throw missing("pam_wrapper's pam_matrix.so is not installed (apt-get install libpam-wrapper)")
        }
        let root = try TemporaryFolder.make(prefix: "puremvvm-pam")
        let services = root.appendingPathComponent("services")
        let fifos = root.appendingPathComponent("fifos")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fifos, withIntermediateDirectories: true)
        let expired: URL
        let code: URL
        do {
            expired = try TestPAMModules.build("pam_expired")
            code = try TestPAMModules.build("pam_code")
        } catch {
            throw missing("\(error)")
        }
        let templates = fixtures.appendingPathComponent("pam/services")
        for name in try FileManager.default.contentsOfDirectory(atPath: templates.path) {
            let text = try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "{pam_matrix}", with: modules.appendingPathComponent("pam_matrix.so").path)
                .replacingOccurrences(of: "{pam_chatty}", with: modules.appendingPathComponent("pam_chatty.so").path)
                .replacingOccurrences(of: "{pam_expired}", with: expired.path)
                .replacingOccurrences(of: "{pam_code}", with: code.path)
                .replacingOccurrences(of: "{Fixtures}", with: fixtures.path)
                .replacingOccurrences(of: "{fifos}", with: fifos.path)
            try text.write(to: services.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        return PAMFixture(
            services: services, fifos: fifos,
            builtModules: [expired, code].map { $0.deletingLastPathComponent() })
    }
}

/// A problem in a test's set-up: thrown, it fails the test with its message.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

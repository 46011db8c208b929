import Crypt
import Gallery
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// The hand-written argument parser: every form it accepts, and a clear message for everything it refuses.
final class ArgumentParserTests: GuardedTestCase {
    func testSignInForms() throws {
        let cases: [([String], LoginCommand)] = [
            ([], .signIn(SignInOptions())),
            (["--accounts", "team.accounts"], .signIn(SignInOptions(accountsPath: "team.accounts"))),
            (["--accounts=team.accounts"], .signIn(SignInOptions(accountsPath: "team.accounts"))),
            (["--accounts=-odd"], .signIn(SignInOptions(accountsPath: "-odd"))),
            (
                ["--username", "dimsky", "--password-stdin"],
                .signIn(SignInOptions(accountsPath: nil, scriptedUsername: "dimsky"))
            ),
            (
                ["--password-stdin", "--accounts", "a", "--username=dimsky"],
                .signIn(SignInOptions(accountsPath: "a", scriptedUsername: "dimsky"))
            ),
            (["--pattern", "viper"], .signIn(SignInOptions(pattern: .viper))),
            (["--pattern=mvc-variant"], .signIn(SignInOptions(pattern: .mvcVariant))),
            (["--pattern", "mvvm-io"], .signIn(SignInOptions(pattern: .mvvmInputOutput))),
            (
                ["--pattern", "mvp", "--username", "dimsky", "--password-stdin"],
                .signIn(SignInOptions(scriptedUsername: "dimsky", pattern: .mvp))
            ),
            (
                ["--profiles", "p.json", "--language", "en", "--remote=flaky"],
                .signIn(SignInOptions(profilesPath: "p.json", language: .english, server: .flaky))
            ),
            (["--language", "zh", "--remote", "down"], .signIn(SignInOptions(language: .chinese, server: .down))),
            (["--trace"], .signIn(SignInOptions(trace: true))),
            (
                ["--trace", "--pattern", "mvp", "--accounts", "a", "--language", "en"],
                .signIn(SignInOptions(accountsPath: "a", pattern: .mvp, language: .english, trace: true))
            ),
            (
                ["--pam", "--trace", "--username", "dimsky", "--password-stdin"],
                .signIn(SignInOptions(pamService: "puremvvm-login", scriptedUsername: "dimsky", trace: true))
            ),
            (
                ["signup", "--accounts", "a", "--trace", "--pattern", "viper"],
                .signUp(SignInOptions(accountsPath: "a", pattern: .viper, trace: true))
            ),
            (["--help"], .help(.signIn)),
            (["-h"], .help(.signIn)),
            (["--pattern", "nonsense", "--help"], .help(.signIn)),
            (["--accounts", "a", "--bogus", "--help"], .help(.signIn)),
        ]
        for (arguments, expected) in cases {
            XCTAssertEqual(try ArgumentParser.parse(arguments), expected, "\(arguments)")
        }
    }

    func testAddUserForms() throws {
        let cases: [([String], LoginCommand)] = [
            (
                ["add-user", "--accounts", "a", "dimsky"],
                .addUser(AddUserOptions(accountsPath: "a", name: "dimsky"))
            ),
            (
                ["add-user", "dimsky", "--password-stdin", "--accounts=a", "--method", "bcrypt"],
                .addUser(
                    AddUserOptions(accountsPath: "a", name: "dimsky", passwordFromStandardInput: true, method: .bcrypt))
            ),
            (
                ["add-user", "--accounts", "a", "--", "-dash"],
                .addUser(AddUserOptions(accountsPath: "a", name: "-dash"))
            ),
            (["add-user", "--help"], .help(.addUser)),
            (["add-user", "-h", "--accounts"], .help(.addUser)),
        ]
        for (arguments, expected) in cases {
            XCTAssertEqual(try ArgumentParser.parse(arguments), expected, "\(arguments)")
        }
    }

    func testEveryMistakeIsNamed() {
        let cases: [([String], String)] = [
            (["--acounts", "a"], "unknown option '--acounts'"),
            (["-x"], "unknown option '-x'"),
            (["dimsky"], "unexpected argument 'dimsky'"),
            (["--accounts"], "--accounts needs a value (for one that starts with '-', write --accounts=VALUE)"),
            (
                ["--accounts", "--username"],
                "--accounts needs a value (for one that starts with '-', write --accounts=VALUE)"
            ),
            (["--accounts="], "--accounts needs a value"),
            (["--accounts", "a", "--accounts", "b"], "--accounts is given twice"),
            (["--accounts=a", "--accounts", "b"], "--accounts is given twice"),
            (["--password-stdin"], "--password-stdin needs --username NAME"),
            (["--username", "dimsky"], "--username needs --password-stdin (the password is read from standard input)"),
            (["--username", "d", "--password-stdin=yes"], "--password-stdin takes no value"),
            (["add-user", "dimsky"], "add-user needs --accounts FILE"),
            (["add-user", "--accounts", "a"], "add-user needs the account NAME"),
            (["add-user", "--accounts", "a", "one", "two"], "add-user takes one NAME"),
            (["add-user", "--accounts", "a", "--username", "x", "n"], "unknown option '--username' for add-user"),
            (
                ["add-user", "--accounts", "a", "--method", "md5crypt", "n"],
                "unknown method 'md5crypt' for --method; use one of yescrypt, sha512crypt, bcrypt"
            ),
            (["--", "--help"], "unexpected argument '--help'"),
            (
                ["--pattern", "mvvc"],
                "unknown pattern 'mvvc' for --pattern; use one of mvc, mvc-variant, mvp, mvvm, mvvm-io, mvi, viper"
            ),
            (
                ["--pattern", "MVC"],
                "unknown pattern 'MVC' for --pattern; use one of mvc, mvc-variant, mvp, mvvm, mvvm-io, mvi, viper"
            ),
            (["--pattern"], "--pattern needs a value (for one that starts with '-', write --pattern=VALUE)"),
            (["--pattern", "mvc", "--pattern", "mvp"], "--pattern is given twice"),
            (["--language", "fr"], "unknown language 'fr' for --language; use one of zh, en"),
            (["--remote", "sometimes"], "unknown server state 'sometimes' for --remote; use one of up, down, flaky"),
            (["--profiles="], "--profiles needs a value"),
            (["--pam="], "--pam needs a value after '='"),
            (["--pam", ""], "--pam needs a value"),  // as --pam= is; found by ArgumentsFuzz
            (["--trace=yes"], "--trace takes no value"),
            (["--trace", "--trace"], "--trace is given twice"),
            (["add-user", "--accounts", "a", "--trace", "n"], "unknown option '--trace' for add-user"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
    }
}

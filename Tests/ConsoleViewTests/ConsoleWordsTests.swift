import ConsoleView
import PureMVVM
import TestSupport
import XCTest

/// The form's own words come from the table its caller passes: every word of a session in that table's
/// language, around the caller's labels and messages, and English by default.
@MainActor
final class ConsoleWordsTests: GuardedTestCase {
    private var screens: [TestScreen] = []

    private func run(_ script: [ScriptedTerminal.Keystrokes], words: ConsoleWords?) async -> String {
        let terminal = ScriptedTerminal(typing: script)
        let form =
            if let words {
                ConsoleForm<TestField>(
                    actionTitle: "前往", output: terminal, words: words, label: { $0 == .name ? "名字" : "口令" })
            } else {
                ConsoleForm<TestField>(actionTitle: "Go", output: terminal)
            }
        let screen = TestScreen()
        screen.onSubmit = { form in
            form.update {
                form.showAlert(AlertContent(title: form.words.enabled, message: form.words.disabled))
                form.setBorder(.invalid(["A.", "B."]), of: .name)
            }
            form.close()
        }
        form.delegate = screen
        screens.append(screen)
        _ = await form.run(reading: terminal)
        return terminal.screen
    }

    private let script: [ScriptedTerminal.Keystrokes] = [
        .line(":help"), .line(":what"), .bytes([0xFF]), .line("ab"), .line("abc"), .line("abc"),
    ]

    func testEveryWordOfTheFormComesFromTheTable() async {
        let screen = await run(script, words: .chinese)
        XCTAssertEqual(
            screen,
            """
            名字：:help
            输入字段的内容后按回车；所有字段都有效时，执行“前往”。
            除隐藏提示外，任何提示下都可用的命令：
              :back   回到上一个字段
              :next   前往下一个字段
              :help   显示此帮助
              :quit   不执行“前往”就离开（Ctrl-D 同样）
            要输入以 ':' 开头的文字，请改为输入 '::'。Ctrl-C 中断程序。
            在隐藏提示（密码）下，每一行都是密码，即使以 ':' 开头；要离开，请按 Ctrl-D（或按 Ctrl-C 中断）。
            名字：:what
            ! 未知命令 ":what"。输入 :help 查看命令列表。
            名字：\u{FFFD}
            ! 这一行不是有效的 UTF-8 文本，整行都未被使用。
            名字：ab
              ✗ 名字 "ab"：Needs 3 characters.
            名字：abc
              ✓ 名字 "abc"
            口令：
              ✓ 口令
              → 前往：可用
              ✗ 名字 "abc"：A.B.
            ! 可用：不可用

            """)
    }

    /// A stream error says its stream and its reason in the table's language; the system's reason stays as it came.
    func testAStreamErrorIsSaidInTheTablesLanguage() async {
        let closed = StreamError(.standardOutput, reason: .closedAtStart)
        XCTAssertEqual(closed.description, "cannot write to standard output: it was closed when the program started")
        XCTAssertEqual(closed.description(in: .chinese), "无法写入标准输出：程序启动时它已被关闭")
        let full = StreamError(.standardInput, reason: .system("Input/output error"))
        XCTAssertEqual(full.description(in: .english), "cannot read standard input: Input/output error")
        XCTAssertEqual(full.description(in: .chinese), "无法读取标准输入：Input/output error")
        XCTAssertEqual(
            StreamError(.standardError, reason: .system("Broken pipe")).description(in: .chinese),
            "无法写入标准错误：Broken pipe")
        XCTAssertEqual(
            StreamError(.standardError, reason: .system("Broken pipe")).description(in: .english),
            "cannot write to standard error: Broken pipe")
    }

    func testEnglishIsTheDefault() async {
        let screen = await run(script, words: nil)
        XCTAssertTrue(screen.contains("Name: :what\n! Unknown command \":what\". Type :help for the list.\n"), screen)
        XCTAssertTrue(screen.contains("  ✗ Name \"abc\": A. B.\n! enabled: disabled\n"), screen)
        XCTAssertTrue(screen.contains("! The line is not valid UTF-8 text; nothing of it was used.\n"), screen)
        XCTAssertEqual(LineRejection.noTerminal.description, ConsoleWords.english.sentence(for: .noTerminal))
    }

    /// Each table says every entry in its own language: no Chinese in the English one, no English word in the
    /// Chinese one (the commands and keys it names, such as `:help` and `Ctrl-D`, aside).
    func testEachTableIsInOneLanguage() async {
        func entries(_ words: ConsoleWords) -> [String] {
            [
                words.separator, words.sentenceSeparator, words.enabled, words.disabled, words.actionNotEnabled("X"),
                words.unknownCommand(":x"), words.unknownCommandHint, words.help("X"), words.lineTooLong(9),
                words.lineNotUTF8, words.noTerminal, words.streamClosedAtStart,
            ] + [StreamError.Stream.standardInput, .standardOutput, .standardError].map { words.streamError($0, "X") }
        }
        for entry in entries(.english) {
            XCTAssertFalse(entry.unicodeScalars.contains { $0.value >= 0x3000 }, entry)
        }
        for entry in entries(.chinese) {
            let prose = entry.replacing(/:[a-z]+|'::?'|Ctrl-[CD]|UTF-8|X|"[^"]*"/, with: "")
            XCTAssertNil(prose.firstMatch(of: /[A-Za-z]/), entry)
        }
    }
}

internal import Gallery
internal import LoginFeature

/// The text of `login --help` and of each command's `--help`, in one language. Options, commands, placeholders
/// (FILE, NAME) and values are the same in both.
struct HelpText {
    /// The language of the text.
    let language: Language

    /// `login --help`.
    var signIn: String {
        let patterns = LoginPattern.allCases.map { pattern in
            let name = pattern.rawValue + String(repeating: " ", count: max(0, 12 - pattern.rawValue.count))
            return "                       \(name) \(pattern.summary(in: language))"
        }
        switch language {
        case .english:
            return """
                USAGE: login [--accounts FILE [--deny N] [--unlock-time SECONDS] | --pam [SERVICE]]
                             [--pattern PATTERN] [--trace] [--timeout SECONDS] [--language LANG]
                             [--profiles FILE] [--remote STATE]
                       login [--accounts FILE | --pam [SERVICE]] [--pattern PATTERN] --username NAME --password-stdin
                       login add-user --accounts FILE [--password-stdin] [--method METHOD] NAME
                       login signup --accounts FILE [HOME SCREEN OPTIONS]
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
                  --language LANG    The language of everything login says: en (English) or zh (Simplified
                                     Chinese, as in the seed article). Without it, the POSIX locale's: the first
                                     of LC_ALL, LC_MESSAGES and LANG that is set and not empty; zh... is Chinese,
                                     anything else (C, POSIX, en_US.UTF-8) English. Every command takes it.
                  -h, --help         Show this help.

                HOME SCREEN OPTIONS:
                  --profiles FILE    The local profile database (SQLite), created with its schema if missing; it
                                     keeps what the server returns. :memory: keeps it in memory. By default
                                     $XDG_DATA_HOME/puremvvm/profiles.sqlite (or ~/.local/share/puremvvm/...),
                                     created with the demo's profiles.
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
                       prompts, a prompt that timed out, or a sign-in that did not finish within --timeout
                  2    usage error, unusable account file, a system library the command needs that cannot be loaded
                       (Linux-PAM for --pam, libxcrypt for account files, SQLite for the home screen), no terminal
                       to ask for the password, --password-stdin at a terminal, an argument that is not UTF-8, limits
                       too low for a sign-in (ulimit -n, ulimit -v), or standard input that could not be read or an
                       output that could not be written
                  130  interrupted (Ctrl-C)

                """
        case .chinese:
            return """
                用法：login [--accounts FILE [--deny N] [--unlock-time SECONDS] | --pam [SERVICE]]
                            [--pattern PATTERN] [--trace] [--timeout SECONDS] [--language LANG]
                            [--profiles FILE] [--remote STATE]
                      login [--accounts FILE | --pam [SERVICE]] [--pattern PATTERN] --username NAME --password-stdin
                      login add-user --accounts FILE [--password-stdin] [--method METHOD] NAME
                      login signup --accounts FILE [首页选项]
                      login import-profiles [--profiles FILE] JSON-FILE

                在控制台登录：像 login(1) 一样先询问用户名，再询问密码（不回显），然后显示首页。
                不给 --accounts 或 --pam 时，使用内置的演示账户 dimsky / balabala。

                选项：
                  --accounts FILE    用账户文件登录：每个账户一行 name:hash（crypt(3) 哈希：yescrypt、
                                     sha512crypt 或 bcrypt），可有 '#' 注释和空行。
                  --pam [SERVICE]    经由 PAM 的服务 SERVICE 用系统账户登录（默认：puremvvm-login，
                                     读取 /etc/pam.d/puremvvm-login，该文件不存在时读取 /etc/pam.d/other）。
                  --pattern PATTERN  登录界面的写法（模式画廊；行为完全相同）：
                \(patterns.joined(separator: "\n"))
                                     默认为 mvvm。
                  --trace            在登录界面的各个角色之间发送消息时逐条打印，形成一张按行的时序图
                                     （View → Presenter  usernameDidEnter("dim")），便于看清模式如何工作。
                                     密码会被遮住。可与其他任何选项同用。
                  --username NAME    与 --password-stdin 同用：不提示，登录一次，供脚本使用（不显示首页）。
                  --password-stdin   从标准输入读取密码（去掉末尾的一个换行符）；从不从终端读取，因为那样
                                     输入的密码会显示出来。
                  --timeout SECONDS  每个提示等待回答的秒数，超时后 login 放弃（退出状态 1），同 login.defs
                                     的 LOGIN_TIMEOUT：默认 60，0 表示不限时。
                  --deny N           与 --accounts 同用：连续登录失败多少次（15 分钟内，不论在哪个会话中）
                                     就锁定该名称，同 pam_faillock 的 deny：默认 3，0 表示不计数。计数保存在
                                     FILE.faillock 中。
                  --unlock-time SECONDS
                                     与 --accounts 同用：被锁定的名称保持锁定的秒数，同 pam_faillock 的
                                     unlock_time：默认 600，0 表示一直锁定，直到 'login add-user' 给它设置新密码。
                  --language LANG    login 所说一切的语言：en（英语）或 zh（简体中文，与种子文章相同）。
                                     不给时按 POSIX 区域设置：LC_ALL、LC_MESSAGES、LANG 中第一个已设置且
                                     非空的变量；以 zh 开头为中文，其他（C、POSIX、en_US.UTF-8）为英语。
                                     所有命令都接受此选项。
                  -h, --help         显示此帮助。

                首页选项：
                  --profiles FILE    本地资料数据库（SQLite），不存在时按其结构创建；服务器返回的资料保存在
                                     这里。:memory: 表示保存在内存中。默认为
                                     $XDG_DATA_HOME/puremvvm/profiles.sqlite（或 ~/.local/share/puremvvm/...），
                                     创建时带有演示资料。
                  --remote STATE     模拟的资料服务器，本地没有资料或读取失败时询问它：up（默认）、down，
                                     或 flaky（第一次请求失败）。它在 1 秒后应答。

                在登录提示处输入 :help 查看命令（:back、:next、:quit）。在隐藏的密码提示处，每一行都是密码，
                即使以 ':' 开头；按 Ctrl-D 离开。失败三次后会话结束。
                在首页输入菜单编号、retry、logout、quit 或 help。

                退出状态：
                  0    已登录：在首页输入 quit 或结束输入（Ctrl-D），或脚本登录成功
                  1    未登录：用户名或密码错误、PAM 拒绝的账户（已过期、已锁定）或因登录失败而被锁定的名称、
                       尝试次数用完、在登录提示处输入 :quit 或结束输入（Ctrl-D）、提示等待超时，
                       或登录未在 --timeout 内完成
                  2    用法错误、账户文件不可用、命令所需的系统库无法加载（--pam 需要 Linux-PAM，账户文件需要
                       libxcrypt，主页需要 SQLite）、没有终端可以询问密码、在终端上使用 --password-stdin、
                       参数不是 UTF-8 文本、资源上限不够登录使用（ulimit -n、ulimit -v），或标准输入无法读取、
                       输出无法写入
                  130  被中断（Ctrl-C）

                """
        }
    }

    /// `login import-profiles --help`.
    var importProfiles: String {
        switch language {
        case .english:
            """
            USAGE: login import-profiles [--profiles FILE] [--language LANG] JSON-FILE

            Imports the profiles of JSON-FILE, an object keyed by username such as
            {"dimsky": {"balance": "100", "redPacket": "3"}}, into the home screen's database, in one transaction:
            each replaces the profile stored for its user. The database is created with its schema if missing.

            OPTIONS:
              --profiles FILE    The database (SQLite); by default $XDG_DATA_HOME/puremvvm/profiles.sqlite (or
                                 ~/.local/share/puremvvm/profiles.sqlite).
              --language LANG    en or zh: the language of the messages (as for 'login --help').
              -h, --help         Show this help.

            EXIT STATUS:
              0    imported
              2    usage error, a missing or malformed JSON file, a database that cannot be opened or written, or
                   limits too low (ulimit -n, ulimit -v)

            """
        case .chinese:
            """
            用法：login import-profiles [--profiles FILE] [--language LANG] JSON-FILE

            把 JSON-FILE 中的资料导入首页的数据库，在一个事务中完成。JSON-FILE 是以用户名为键的对象，例如
            {"dimsky": {"balance": "100", "redPacket": "3"}}；每一项替换该用户已保存的资料。
            数据库不存在时按其结构创建。

            选项：
              --profiles FILE    数据库（SQLite）；默认为 $XDG_DATA_HOME/puremvvm/profiles.sqlite（或
                                 ~/.local/share/puremvvm/profiles.sqlite）。
              --language LANG    en 或 zh：消息的语言（同 'login --help'）。
              -h, --help         显示此帮助。

            退出状态：
              0    已导入
              2    用法错误、JSON 文件不存在或格式错误、数据库无法打开或写入，或资源上限太低（ulimit -n、ulimit -v）

            """
        }
    }

    /// `login add-user --help`.
    var addUser: String {
        switch language {
        case .english:
            """
            USAGE: login add-user --accounts FILE [--password-stdin] [--method METHOD] [--timeout SECONDS]
                                  [--language LANG] NAME

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
              --language LANG    en or zh: the language of the prompts and messages (as for 'login --help').
              -h, --help         Show this help.

            NAME and the password must pass the login form's rules: a name of 6 to 32 letters, digits, '.', '_'
            or '-', or an email address; a password of at least 6 characters, at most 72 bytes, without control
            characters. A NAME that is another entry's name in other letter case or Unicode form is refused.

            EXIT STATUS:
              0    the account was added or its password replaced
              1    cancelled: end of input (Ctrl-D) at a password prompt, or a prompt that timed out
              2    usage error, unusable name or password, passwords that differ, an unusable account file, a file
                   that would pass 16 MiB, a lock held by another writer for more than 5 seconds, limits too low
                   (ulimit -n, ulimit -v), or standard input that could not be read or an output that could not be
                   written
              130  interrupted (Ctrl-C)

            """
        case .chinese:
            """
            用法：login add-user --accounts FILE [--password-stdin] [--method METHOD] [--timeout SECONDS]
                                 [--language LANG] NAME

            把账户 NAME 添加到 FILE，或给它设置新密码。密码在终端中询问两次（不回显），或用 --password-stdin
            从标准输入读取（去掉末尾的一个换行符）。文件不存在时会被创建；持有 FILE.lock 时整体、原子地写入，
            权限为 0600（最多等待另一个写入者 5 秒）；其他各行都保留，NAME 的登录失败次数被清除。
            格式错误的文件会被报告，且不被改动。

            选项：
              --accounts FILE    账户文件。
              --password-stdin   从标准输入读取密码。
              --method METHOD    yescrypt（默认）、sha512crypt 或 bcrypt。
              --timeout SECONDS  每个密码提示等待的秒数：默认 60，0 表示不限时。
              --language LANG    en 或 zh：提示和消息的语言（同 'login --help'）。
              -h, --help         显示此帮助。

            NAME 和密码必须符合登录表单的规则：名称为 6 到 32 个字母、数字、'.'、'_' 或 '-'，或是电子邮件地址；
            密码至少 6 个字符、最多 72 字节，不含控制字符。与另一条目的名称只差大小写或 Unicode 形式的 NAME
            会被拒绝。

            退出状态：
              0    账户已添加，或其密码已替换
              1    已取消：在密码提示处结束输入（Ctrl-D），或提示等待超时
              2    用法错误、名称或密码不可用、两次密码不一致、账户文件不可用、文件将超过 16 MiB、
                   锁被另一个写入者持有超过 5 秒、资源上限太低（ulimit -n、ulimit -v），或标准输入无法读取、
                   输出无法写入
              130  被中断（Ctrl-C）

            """
        }
    }

    /// `login signup --help`.
    var signUp: String {
        switch language {
        case .english:
            """
            USAGE: login signup --accounts FILE [--language LANG] [--pattern PATTERN] [--trace] [--timeout SECONDS]
                                [--deny N] [--unlock-time SECONDS] [--profiles FILE] [--remote STATE]

            Creates an account at the console: asks for an email address, a password and its confirmation (hidden),
            and whether you accept the terms, checking each as it is entered. The email becomes the account name in
            FILE, added while holding FILE.lock and written atomically, like add-user, but an existing account is
            never replaced: an email that has one is shown as taken. Then the new account is signed in and the home
            screen follows; logout leads to the login screen (of PATTERN, traced with --trace) against FILE.

            OPTIONS:
              --accounts FILE    The account file; created if missing.
              --language LANG    en or zh: the language of everything it says (as for 'login --help').
              --timeout SECONDS  How long each prompt waits for an answer: 60 by default, 0 for no limit.
              -h, --help         Show this help.
            The home screen options, --deny and --unlock-time are those of 'login --help'. An email that is an
            existing name in other letter case or Unicode form is taken.

            EXIT STATUS:
              0    the account was created, and the session ended signed in (quit or end of input at the home screen)
              1    no account was created: :quit or end of input (Ctrl-D) at the prompts, or a prompt that timed
                   out; or signed out at the end
              2    usage error, unusable account file, no terminal to ask for the password, an account file that
                   could not be written (such as a lock held for more than 5 seconds), limits too low (ulimit -n,
                   ulimit -v), or an output that could not be written
              130  interrupted (Ctrl-C)

            """
        case .chinese:
            """
            用法：login signup --accounts FILE [--language LANG] [--pattern PATTERN] [--trace] [--timeout SECONDS]
                              [--deny N] [--unlock-time SECONDS] [--profiles FILE] [--remote STATE]

            在控制台创建账户：询问电子邮件地址、密码及其确认（不回显），以及是否接受服务条款，每输入一项就检查
            一项。电子邮件地址成为 FILE 中的账户名，像 add-user 一样在持有 FILE.lock 时原子地写入，但从不替换
            已有账户：已有账户的电子邮件地址会显示为已注册。随后新账户自动登录并显示首页；logout 之后是针对
            FILE 的登录界面（PATTERN 的写法，给了 --trace 时带跟踪）。

            选项：
              --accounts FILE    账户文件；不存在时创建。
              --language LANG    en 或 zh：它所说一切的语言（同 'login --help'）。
              --timeout SECONDS  每个提示等待回答的秒数：默认 60，0 表示不限时。
              -h, --help         显示此帮助。
            首页选项、--deny 和 --unlock-time 与 'login --help' 中的相同。与已有名称只差大小写或 Unicode 形式的
            电子邮件地址视为已注册。

            退出状态：
              0    账户已创建，会话结束时仍已登录（在首页输入 quit 或结束输入）
              1    没有创建账户：在提示处输入 :quit 或结束输入（Ctrl-D），或提示等待超时；或最后已退出登录
              2    用法错误、账户文件不可用、没有终端可以询问密码、账户文件无法写入（例如锁被持有超过 5 秒）、
                   资源上限太低（ulimit -n、ulimit -v），或输出无法写入
              130  被中断（Ctrl-C）

            """
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process's peak resident set size, read in a way that is not inflated by the process that started it.
///
/// On Linux, `wait4`'s and `getrusage`'s `ru_maxrss` keep the high-water mark of the memory a process had before
/// its `exec`; `posix_spawn` runs the child in its parent's memory until then, so the child would report the
/// harness's own size. `VmHWM` in `/proc/PID/status` belongs to the memory the program itself mapped.
enum PeakMemory {
    /// The peak resident set size of a running process, in bytes.
    ///
    /// - Parameter pid: The process, or `nil` for this one.
    /// - Returns: `VmHWM` on Linux; `nil` when it cannot be read (another system, or the process has ended).
    static func of(_ pid: pid_t? = nil) -> Int? {
        #if os(Linux)
            let path = "/proc/\(pid.map(String.init) ?? "self")/status"
            guard let file = fopen(path, "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix("VmHWM:") else { continue }
                let digits = text.dropFirst("VmHWM:".count).filter(\.isNumber)
                return Int(digits).map { $0 * 1024 }
            }
            return nil
        #else
            guard pid == nil else { return nil }
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }

    /// The line a child writes so its parent can read its peak memory: `peak-rss=BYTES`.
    static func line() -> String? {
        of().map { "peak-rss=\($0)" }
    }

    /// Reads the peak memory a child wrote with ``line()``.
    ///
    /// - Parameter output: The child's standard output.
    /// - Returns: The bytes, or `nil` when no line has that form.
    static func parse(_ output: String) -> Int? {
        for line in output.split(separator: "\n") where line.hasPrefix("peak-rss=") {
            return Int(line.dropFirst("peak-rss=".count))
        }
        return nil
    }
}

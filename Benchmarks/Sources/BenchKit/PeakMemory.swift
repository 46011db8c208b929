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
            return field("VmHWM:", of: pid)
        #else
            guard pid == nil else { return nil }
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }

    #if os(Linux)
        /// A size field of `/proc/PID/status`, such as `VmHWM:`, in bytes.
        private static func field(_ name: String, of pid: pid_t? = nil) -> Int? {
            let path = "/proc/\(pid.map(String.init) ?? "self")/status"
            guard let file = fopen(path, "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix(name) else { continue }
                let digits = text.dropFirst(name.count).filter(\.isNumber)
                return Int(digits).map { $0 * 1024 }
            }
            return nil
        }
    #endif

    /// The line a child writes so its parent can read its peak memory: `peak-rss=BYTES`.
    ///
    /// - Parameter earlier: A peak read before ``startWorking()`` reset it; the larger of the two is the process's.
    static func line(earlier: Int? = nil) -> String? {
        of().map { "peak-rss=\(max($0, earlier ?? 0))" }
    }

    /// Starts measuring the memory the events need: hands the allocator's free memory back to the system, then
    /// resets this process's high-water mark to its resident set size (Linux's `clear_refs`, value 5).
    ///
    /// - Returns: The peak before the reset and the resident set size the new peak starts from, in bytes; `nil`
    ///   where the mark cannot be reset.
    static func startWorking() -> (earlierPeak: Int, resident: Int)? {
        #if os(Linux)
            guard let earlier = of() else { return nil }
            // glibc's malloc_trim, from malloc.h, which the Glibc module leaves out.
            if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
            }
            guard let file = fopen("/proc/self/clear_refs", "w") else { return nil }
            let written = fputs("5", file)
            guard fclose(file) == 0, written >= 0, let resident = field("VmRSS:") else { return nil }
            return (earlier, resident)
        #else
            return nil
        #endif
    }

    /// The line a child writes after its events when ``startWorking()`` worked: `working-rss=BYTES`, how far the
    /// events raised the resident set size above where they started.
    static func workingLine(from start: (earlierPeak: Int, resident: Int)) -> String? {
        of().map { "working-rss=\(max($0 - start.resident, 0))" }
    }

    /// Reads the memory the events needed from a child's ``workingLine(from:)``.
    ///
    /// - Parameter output: The child's standard output.
    /// - Returns: The bytes, or `nil` when no line has that form.
    static func parseWorking(_ output: String) -> Int? {
        for line in output.split(separator: "\n") where line.hasPrefix("working-rss=") {
            return Int(line.dropFirst("working-rss=".count))
        }
        return nil
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

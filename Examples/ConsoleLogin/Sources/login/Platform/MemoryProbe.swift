// A test hook of debug builds: the process looks through its own memory for secrets a test typed, so the test can
// prove that a password's bytes are gone once its attempt has ended (issue 40, F1). `login` is not dumpable
// (POSIXFiles.forbidCoreFiles), so no other process of the user can read its memory: it looks itself, through
// /proc/self/mem, which a process may always read.

#if DEBUG && os(Linux)
    internal import Glibc
    internal import ConsoleView

    /// With `PUREMVVM_TEST_MEMORY_PROBE` in the environment (debug builds only), ``report()`` writes to standard
    /// error how many copies of each secret the process's readable memory holds: `memory probe: 0 0` for two
    /// secrets. The variable holds each secret's bytes in hexadecimal, each byte exclusive-ored with 0x5A (so the
    /// environment holds no copy), the secrets separated by `,`.
    ///
    /// Every readable mapping of at most 1 GiB is read through /proc/self/mem (heap, thread arenas and stacks,
    /// anonymous and file mappings), in chunks that overlap by a secret's length less one, so a copy across two
    /// chunks is found once.
    /// The secrets are decoded into a mapping of the probe's own, and its chunk into another, both left out of the
    /// search, overwritten and unmapped when it ends.
    enum MemoryProbe {
        /// The variable's value, read once.
        private static let encoded: [UInt8]? = getenv("PUREMVVM_TEST_MEMORY_PROBE").map { value in
            Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
        }

        /// Writes `memory probe: N …` to standard error, one count per secret; nothing without the variable.
        ///
        /// The search runs on a thread of its own, whose stack is a mapping of the probe's (left out of the search):
        /// the secrets it decodes never touch the stacks it searches.
        static func report() {
            guard let encoded, let counts = onItsOwnThread({ count(encoded, ownStack: $0) }) else { return }
            var line = Array("memory probe:".utf8)
            for count in counts { line += Array(" \(count)".utf8) }
            line.append(UInt8(ascii: "\n"))
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }

        /// Runs `body` on a new thread whose stack is a private mapping, and waits for it; `body` gets the stack's
        /// range.
        private static func onItsOwnThread(_ body: @escaping ((UInt, UInt)) -> [Int]?) -> [Int]? {
            let stackSize = 1 << 20
            guard let stack = map(bytes: stackSize) else { return nil }
            defer { munmap(stack, stackSize) }
            final class Job {
                let body: ((UInt, UInt)) -> [Int]?
                let stack: (UInt, UInt)
                var result: [Int]?
                init(body: @escaping ((UInt, UInt)) -> [Int]?, stack: (UInt, UInt)) {
                    self.body = body
                    self.stack = stack
                }
            }
            let job = Job(body: body, stack: (UInt(bitPattern: stack), UInt(bitPattern: stack) + UInt(stackSize)))
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstack(&attributes, stack, stackSize)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job).toOpaque()
            let started = pthread_create(
                &thread, &attributes,
                { context in
                    guard let context else { return nil }
                    let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
                    job.result = job.body(job.stack)
                    return nil
                }, context)
            guard started == 0 else {
                Unmanaged<Job>.fromOpaque(context).release()
                return nil
            }
            pthread_join(thread, nil)
            return job.result
        }

        /// The number of copies of each secret; `nil` when the variable cannot be decoded or memory not read.
        private static func count(_ encoded: [UInt8], ownStack: (UInt, UInt)) -> [Int]? {
            let pieces = encoded.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            let lengths = pieces.map { $0.count / 2 }
            guard !pieces.isEmpty, pieces.allSatisfy({ $0.count % 2 == 0 && !$0.isEmpty }) else { return nil }
            let total = lengths.reduce(0, +)
            let chunkSize = 1 << 20
            guard let secrets = map(bytes: total), let chunk = map(bytes: chunkSize + total) else { return nil }
            defer {
                SecretText.overwrite(UnsafeMutableRawBufferPointer(start: secrets, count: total))
                munmap(secrets, total)
                munmap(chunk, chunkSize + total)
            }
            var offset = 0
            var needles: [(start: UnsafeMutableRawPointer, count: Int)] = []
            for piece in pieces {
                let start = secrets + offset
                var index = piece.startIndex
                while index < piece.endIndex {
                    guard let high = hexValue(piece[index]), let low = hexValue(piece[index + 1]) else { return nil }
                    secrets.storeBytes(of: (high << 4 | low) ^ 0x5A, toByteOffset: offset, as: UInt8.self)
                    offset += 1
                    index += 2
                }
                needles.append((start, piece.count / 2))
            }
            let ownRanges = [
                (UInt(bitPattern: secrets), UInt(bitPattern: secrets) + UInt(total)),
                (UInt(bitPattern: chunk), UInt(bitPattern: chunk) + UInt(chunkSize + total)), ownStack,
            ]
            let memory = open("/proc/self/mem", O_RDONLY | O_CLOEXEC)
            guard memory >= 0, let regions = readableRegions() else { return nil }
            defer { close(memory) }
            var counts = [Int](repeating: 0, count: needles.count)
            let overlap = max(needles.map(\.count).max() ?? 1, 1) - 1
            // A mapping over 1 GiB is no heap, arena or stack of this program's: a sanitizer's shadow memory, which
            // would take hours to read, is left out.
            for (start, end) in regions
            where end - start <= 1 << 30 && !ownRanges.contains(where: { $0.0 < end && start < $0.1 }) {
                var position = start
                while position < end {
                    let length = Int(min(UInt(chunkSize + overlap), end - position))
                    let read = pread(memory, chunk, length, off_t(bitPattern: position))
                    guard read > 0 else { break }
                    // A copy that starts in the overlap is counted with the next chunk.
                    let starts = read < length ? read : chunkSize
                    for (index, needle) in needles.enumerated() {
                        counts[index] += occurrences(of: needle, in: chunk, count: read, startingBefore: starts)
                    }
                    if read < length { break }
                    position += UInt(chunkSize)
                }
            }
            return counts
        }

        /// How many times a needle starts before `limit` in the chunk's `count` bytes.
        private static func occurrences(
            of needle: (start: UnsafeMutableRawPointer, count: Int), in chunk: UnsafeMutableRawPointer, count: Int,
            startingBefore limit: Int
        ) -> Int {
            var found = 0
            var from = 0
            let first = Int32(needle.start.load(as: UInt8.self))
            while from < limit, from + needle.count <= count {
                guard let hit = memchr(chunk + from, first, limit - from) else { break }
                let at = chunk.distance(to: hit)
                if at + needle.count <= count, memcmp(hit, needle.start, needle.count) == 0 { found += 1 }
                from = at + 1
            }
            return found
        }

        /// The readable mappings of the process, from /proc/self/maps, but the kernel's own ([vvar], [vsyscall]).
        private static func readableRegions() -> [(UInt, UInt)]? {
            let maps = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
            guard maps >= 0 else { return nil }
            defer { close(maps) }
            var text: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc.read(maps, $0.baseAddress, $0.count) }
                if read <= 0 { break }
                text += buffer[..<read]
            }
            var regions: [(UInt, UInt)] = []
            for line in text.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
                guard fields.count >= 2, fields[1].first == UInt8(ascii: "r") else { continue }
                if let name = fields.last,
                    name.starts(with: Array("[vvar".utf8)) || name.elementsEqual("[vsyscall]".utf8)
                {
                    continue
                }
                let range = fields[0].split(separator: UInt8(ascii: "-"))
                guard range.count == 2, let start = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
                    let end = UInt(String(decoding: range[1], as: UTF8.self), radix: 16)
                else { continue }
                regions.append((start, end))
            }
            return regions
        }

        /// A private anonymous mapping of its own, so the probe's buffers are not in the memory it searches.
        private static func map(bytes: Int) -> UnsafeMutableRawPointer? {
            let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            return address == MAP_FAILED ? nil : address
        }

        private static func hexValue(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
#else
    /// The memory probe of debug builds (see the debug version); here it does nothing.
    enum MemoryProbe {
        @inline(__always)
        static func report() {}
    }
#endif

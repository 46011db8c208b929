/*
 * The C reference for `login --accounts` (issue 32): a lean reader of the same account file, doing the work
 * `login` does with it before its first prompt, and no more: the file read whole; each line split at its `:` and
 * `\n`; the name checked (printable ASCII, no `:`), hashed with SipHash-1-3 (the function `login` uses, and
 * Swift's `Hasher`) and put in an open-addressing index that refuses a name twice; the hash checked as `login`
 * checks a yescrypt hash whose settings it has seen: the settings (`$y$j9T$`) compared with the last ones, no
 * byte libxcrypt refuses in a setting, a salt without `$`, a `$`, and a 43-character checksum in crypt's base-64
 * alphabet. No error is reported, only counted; comments and other methods are not read (the benchmark's file
 * has neither but its first line).
 *
 *     cc -O3 -o /tmp/accounts-reference Benchmarks/Scripts/accounts-reference.c   # GCC vectorises at -O3
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/accounts-reference FILE
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/accounts-reference /dev/null
 *
 * Per entry: (the first run's instructions - the second's) / the file's entries. Built with -DPARSE_ONLY it
 * leaves the hashes unchecked: the floor of reading and indexing the file. FILE is the benchmark's
 * 100,000-entry file, which `bench report --only console.login.accounts100k` writes to
 * $TMPDIR/puremvvm-bench-accounts/100000.accounts.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define ROUND                                                                                                 \
    do {                                                                                                      \
        v0 += v1; v1 = ROTL(v1, 13) ^ v0; v0 = ROTL(v0, 32);                                                  \
        v2 += v3; v3 = ROTL(v3, 16) ^ v2;                                                                     \
        v0 += v3; v3 = ROTL(v3, 21) ^ v0;                                                                     \
        v2 += v1; v1 = ROTL(v1, 17) ^ v2; v2 = ROTL(v2, 32);                                                  \
    } while (0)

static uint64_t siphash13(const unsigned char *bytes, size_t count, uint64_t k0, uint64_t k1) {
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    size_t whole = count & ~(size_t)7, position = 0;
    for (; position < whole; position += 8) {
        uint64_t word;
        memcpy(&word, bytes + position, 8);
        v3 ^= word; ROUND; v0 ^= word;
    }
    uint64_t last = (uint64_t)count << 56;
    for (int shift = 0; position < count; position++, shift += 8) last |= (uint64_t)bytes[position] << shift;
    v3 ^= last; ROUND; v0 ^= last;
    v2 ^= 0xff; ROUND; ROUND; ROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

/* Without branches, so that the loops over a hash's bytes become vector instructions. */
static unsigned refused(unsigned char byte) {
    return (unsigned char)(byte - 0x22) > 0x7e - 0x22 | byte == '*' | (byte & 0xfe) == ':' | byte == '\\';
}

static unsigned outside_base64(unsigned char byte) {
    return !((unsigned char)(byte - '.') < 12 | (unsigned char)(byte - 'A') < 26 | (unsigned char)(byte - 'a') < 26);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    int file = open(argv[1], O_RDONLY);
    struct stat status;
    if (file < 0 || fstat(file, &status) != 0) return 2;
    size_t size = (size_t)status.st_size;
    unsigned char *bytes = malloc(size + 1);
    size_t read_so_far = 0;
    while (read_so_far < size) {
        ssize_t got = read(file, bytes + read_so_far, size - read_so_far);
        if (got <= 0) break;
        read_so_far += (size_t)got;
    }
    size = read_so_far;
    close(file);

    size_t capacity = 16;
    while (capacity < size / 40 + 16) capacity *= 2;  // at least twice the entries of 80-byte lines
    uint32_t *slots = calloc(capacity, sizeof *slots);  // entry number + 1
    uint32_t *starts = malloc((size / 4 + 1) * sizeof *starts), *colons = malloc((size / 4 + 1) * sizeof *colons);
    const unsigned char *settings = NULL;
    size_t settings_length = 0, entries = 0, problems = 0;
    uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0f0e0d0c0b0a0908ULL;

    for (size_t start = 0; start < size;) {
        const unsigned char *newline = memchr(bytes + start, '\n', size - start);
        size_t end = newline ? (size_t)(newline - bytes) : size;
        if (bytes[start] == '#') { start = end + 1; continue; }
        const unsigned char *colon_at = memchr(bytes + start, ':', end - start);
        if (!colon_at) { problems++; start = end + 1; continue; }
        size_t colon = (size_t)(colon_at - bytes);
        for (size_t i = start; i < colon; i++) if (bytes[i] < 0x21 || bytes[i] > 0x7e) { problems++; break; }
        uint64_t hash = siphash13(bytes + start, colon - start, k0, k1);
        size_t slot = hash & (capacity - 1);
        int twice = 0;
        while (slots[slot]) {
            uint32_t other = slots[slot] - 1;
            if (colons[other] - starts[other] == colon - start &&
                memcmp(bytes + starts[other], bytes + start, colon - start) == 0) { twice = 1; break; }
            slot = (slot + 1) & (capacity - 1);
        }
        if (twice) { problems++; start = end + 1; continue; }
        slots[slot] = (uint32_t)entries + 1;
        starts[entries] = (uint32_t)start;
        colons[entries] = (uint32_t)colon;
        entries++;

#ifndef PARSE_ONLY
        const unsigned char *crypted = bytes + colon + 1;
        size_t length = end - colon - 1;
        if (!settings) {  // the first hash's settings: `$y$` and the parameters up to their `$`
            const unsigned char *dollar = length > 3 ? memchr(crypted + 3, '$', length - 3) : NULL;
            if (length < 3 || memcmp(crypted, "$y$", 3) != 0 || !dollar) { problems++; start = end + 1; continue; }
            settings = crypted;
            settings_length = (size_t)(dollar - crypted) + 1;
        }
        if (length < settings_length + 44 || memcmp(crypted, settings, settings_length) != 0 ||
            crypted[length - 44] != '$') { problems++; start = end + 1; continue; }
        unsigned bad = 0;
        for (size_t i = settings_length; i < length - 44; i++) bad |= (crypted[i] == '$') | refused(crypted[i]);
        for (size_t i = length - 43; i < length; i++) bad |= outside_base64(crypted[i]);
        if (bad) problems++;
#endif
        start = end + 1;
    }
    printf("%zu entries, %zu problems\n", entries, problems);
    return 0;
}

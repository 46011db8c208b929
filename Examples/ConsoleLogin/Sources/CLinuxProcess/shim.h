// prctl(2), which Swift cannot call: it is variadic. The C library's own header (glibc; no package to install).
// Used on Linux only (see Package.swift).
#include <sys/prctl.h>

// Makes the process not dumpable: no core file is written for it, whatever RLIMIT_CORE and the core pattern say,
// and other processes of the same user can no longer attach to it or read its memory. Returns 0 on success.
static inline int clinuxprocess_forbid_dumping(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

// Whether the process is dumpable: 0 when not, 1 or 2 when it is, -1 on an error.
static inline int clinuxprocess_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}

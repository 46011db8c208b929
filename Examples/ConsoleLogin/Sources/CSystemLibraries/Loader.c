// Opening a library by its soname, for the three openers, and the error csystem_open_error() returns.
#include "Loader.h"
#include "SystemLibrary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__) || defined(__APPLE__)
#include <dlfcn.h>
#endif

static _Thread_local const char *last_error = "";

const char *csystem_open_error(void) {
    return last_error;
}

void csystem_set_error(const char *message) {
    last_error = message;
}

#if DEBUG
// Whether a comma-separated list names a soname.
static int lists(const char *list, const char *soname) {
    size_t length = strlen(soname);
    for (const char *entry = list; *entry != '\0';) {
        const char *end = strchr(entry, ',');
        size_t entry_length = end ? (size_t)(end - entry) : strlen(entry);
        if (entry_length == length && strncmp(entry, soname, length) == 0) return 1;
        if (!end) break;
        entry = end + 1;
    }
    return 0;
}
#endif

void *csystem_dlopen(const char *soname, int mode, char *error, size_t size) {
#if defined(__linux__) || defined(__APPLE__)
    const char *name = soname;
#if DEBUG
    // Test hook, in debug builds only: PUREMVVM_TEST_MISSING_LIBRARIES, a comma-separated list of sonames, makes
    // this process open a name that does not exist instead of each listed one, so tests see the loader's own
    // failure for a library that is not installed.
    char missing[256];
    const char *listed = getenv("PUREMVVM_TEST_MISSING_LIBRARIES");
    if (listed && lists(listed, soname)) {
        snprintf(missing, sizeof missing, "puremvvm-not-installed/%s", soname);
        name = missing;
    }
#endif
    void *handle = dlopen(name, mode);
    if (!handle) {
        const char *said = dlerror();
        snprintf(error, size, "%s", said ? said : soname);
    }
    return handle;
#else
    (void)mode;
    snprintf(error, size, "%s: this platform cannot open libraries at run time", soname);
    return NULL;
#endif
}

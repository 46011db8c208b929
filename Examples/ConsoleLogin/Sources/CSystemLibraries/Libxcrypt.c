// Opens libxcrypt (libcrypt.so.1) at run time: see Libxcrypt.h.
#include "Libxcrypt.h"
#include "Loader.h"
#include "SystemLibrary.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct csystem_crypt table;
static const struct csystem_crypt *opened;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_once(void) {
    // The library's own functions, not the global scope's: a sanitizer's interceptor of crypt_r there would call
    // a libcrypt it found before this one was opened.
    void *library = csystem_dlopen("libcrypt.so.1", RTLD_NOW | RTLD_LOCAL, error, sizeof error);
    if (!library) return;
#define REQUIRE(function)                                                                                        \
    if (!(table.function = (__typeof__(table.function))dlsym(library, #function))) {                             \
        snprintf(error, sizeof error, "libcrypt.so.1 has no function %s (libxcrypt 4.3 or later has it)",         \
            #function);                                                                                          \
        dlclose(library);                                                                                        \
        return;                                                                                                  \
    }
    REQUIRE(crypt_r)
    REQUIRE(crypt_gensalt_rn)
    REQUIRE(crypt_checksalt)
#undef REQUIRE
    opened = &table;
}

const struct csystem_crypt *csystem_open_crypt(void) {
    pthread_once(&once, open_once);
    if (!opened) csystem_set_error(error);
    return opened;
}

#else

const struct csystem_crypt *csystem_open_crypt(void) {
    csystem_set_error("libxcrypt is used on Linux only");
    return 0;
}

#endif

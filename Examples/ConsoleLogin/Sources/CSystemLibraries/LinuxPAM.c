// Opens Linux-PAM (libpam.so.0) at run time: see LinuxPAM.h.
#define _GNU_SOURCE  // RTLD_DEFAULT
#include "LinuxPAM.h"
#include "Loader.h"
#include "SystemLibrary.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct csystem_pam table;
static const struct csystem_pam *opened;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

// A function as the dynamic loader binds it for a program linked against libpam: the global scope first (the
// library was opened with RTLD_GLOBAL, after any preloaded library), then the library itself.
static void *find(void *library, const char *name) {
    void *found = dlsym(RTLD_DEFAULT, name);
    return found ? found : dlsym(library, name);
}

static void open_once(void) {
    void *library = csystem_dlopen("libpam.so.0", RTLD_NOW | RTLD_GLOBAL, error, sizeof error);
    if (!library) return;
#define REQUIRE(function)                                                                                        \
    if (!(table.function = (__typeof__(table.function))find(library, #function))) {                              \
        snprintf(error, sizeof error, "libpam.so.0 has no function %s", #function);                             \
        dlclose(library);                                                                                        \
        return;                                                                                                  \
    }
    REQUIRE(pam_start)
    REQUIRE(pam_end)
    REQUIRE(pam_authenticate)
    REQUIRE(pam_acct_mgmt)
    REQUIRE(pam_set_item)
    REQUIRE(pam_get_item)
    REQUIRE(pam_strerror)
#undef REQUIRE
    table.pam_start_confdir = (__typeof__(table.pam_start_confdir))find(library, "pam_start_confdir");
    opened = &table;
}

const struct csystem_pam *csystem_open_pam(void) {
    pthread_once(&once, open_once);
    if (!opened) csystem_set_error(error);
    return opened;
}

#else

const struct csystem_pam *csystem_open_pam(void) {
    csystem_set_error("Linux-PAM is used on Linux only");
    return 0;
}

#endif

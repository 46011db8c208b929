// What the three openers share (Loader.c): opening a library by its soname, and the error of the last failed open.
#ifndef CSYSTEMLIBRARIES_LOADER_H
#define CSYSTEMLIBRARIES_LOADER_H

#include <stddef.h>

// Opens a library by its soname with dlopen's `mode`; NULL on failure, with the loader's message in `error`.
void *csystem_dlopen(const char *soname, int mode, char *error, size_t size);

// Makes `message` (which must outlive the process's use of it) what csystem_open_error() returns on this thread.
void csystem_set_error(const char *message);

#endif

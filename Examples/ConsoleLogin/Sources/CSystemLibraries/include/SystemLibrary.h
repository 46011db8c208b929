// How `login` reaches the three system libraries it uses (Linux-PAM, SQLite, libxcrypt): it carries the few
// declarations it needs (LinuxPAM.h, SQLite.h, Libxcrypt.h, written by this project from each library's documented
// interface) and opens each library by its soname when a command first needs it. So the package builds where only
// the libraries are installed, without their development packages, and a missing library turns off only what
// needs it. scripts/bare-machine-check.sh compares these declarations with the libraries' own headers.
#ifndef CSYSTEMLIBRARIES_SYSTEMLIBRARY_H
#define CSYSTEMLIBRARIES_SYSTEMLIBRARY_H

// Why the last csystem_open_* call of this thread returned NULL: the dynamic loader's message, such as
// "libpam.so.0: cannot open shared object file: No such file or directory", or a missing function's name.
const char *csystem_open_error(void);

#endif

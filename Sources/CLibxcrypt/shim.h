// libxcrypt's crypt(3) family: crypt_r, crypt_gensalt_rn, crypt_checksalt.
// Debian and Ubuntu: apt-get install libcrypt-dev. Used on Linux only (see Package.swift).
#include <crypt.h>

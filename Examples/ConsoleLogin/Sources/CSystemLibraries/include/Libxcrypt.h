// libxcrypt's crypt(3) family, the part account files use: crypt_r(3), crypt_gensalt_rn(3) and
// crypt_checksalt(3), from libcrypt.so.1 (Debian's package libcrypt1, libxcrypt 4.3 or later).
#ifndef CSYSTEMLIBRARIES_LIBXCRYPT_H
#define CSYSTEMLIBRARIES_LIBXCRYPT_H

// Pointers are as unannotated as in the library's own header, so Swift sees the same types; only the table's
// entries, and results the library documents as never NULL, say whether they can be NULL.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

// The size of struct crypt_data, the scratch memory crypt_r works in (32,768 bytes in every libxcrypt 4 release);
// this package never reads its fields, only the hash crypt_r returns.
#define CRYPT_DATA_SIZE 32768
#define CRYPT_OUTPUT_SIZE 384
#define CRYPT_GENSALT_OUTPUT_SIZE 192

// crypt_checksalt's answers.
#define CRYPT_SALT_OK 0
#define CRYPT_SALT_INVALID 1
#define CRYPT_SALT_METHOD_DISABLED 2
#define CRYPT_SALT_METHOD_LEGACY 3
#define CRYPT_SALT_TOO_CHEAP 4

struct csystem_crypt {
    // `data` is CRYPT_DATA_SIZE bytes, zeroed before the first call.
    char *(*_Nonnull crypt_r)(const char *phrase, const char *setting, void *data);
    char *(*_Nonnull crypt_gensalt_rn)(
        const char *prefix, unsigned long count, const char *random, int random_size, char *output,
        int output_size);
    int (*_Nonnull crypt_checksalt)(const char *setting);
};

// Opens libcrypt.so.1 once per process and returns its functions; later calls return the same table. NULL when
// the library or one of the functions is missing (a libcrypt older than libxcrypt 4.3), or outside Linux:
// csystem_open_error() says why.
const struct csystem_crypt *_Nullable csystem_open_crypt(void);

#pragma clang diagnostic pop

#endif

// The values and layouts that `login` carries for Linux-PAM, SQLite and libxcrypt
// (Examples/ConsoleLogin/Sources/CSystemLibraries/include), printed one per line: built with -DREAL_HEADERS against
// the libraries' own headers, and without it against the carried ones, by scripts/bare-machine-check.sh, which
// compares the two outputs. It cannot compare the functions' prototypes (the carried ones are the entries of a
// table, not declarations of the functions), only what a wrong value or layout would break silently.
#include <stddef.h>
#include <stdio.h>

#if defined(REAL_HEADERS)
#include <crypt.h>
#include <security/pam_appl.h>
#include <sqlite3.h>
#define CARRIED_CRYPT_DATA_SIZE sizeof(struct crypt_data)
#else
#include "Libxcrypt.h"
#include "LinuxPAM.h"
#include "SQLite.h"
#define CARRIED_CRYPT_DATA_SIZE CRYPT_DATA_SIZE
#endif

#define VALUE(name) printf("%s = %lld\n", #name, (long long)(name))
#define LAYOUT(type, field) printf("%s.%s at %zu of %zu\n", #type, #field, offsetof(type, field), sizeof(type))

int main(void) {
    // Linux-PAM
    VALUE(PAM_SUCCESS);
    VALUE(PAM_OPEN_ERR);
    VALUE(PAM_SYMBOL_ERR);
    VALUE(PAM_SERVICE_ERR);
    VALUE(PAM_SYSTEM_ERR);
    VALUE(PAM_BUF_ERR);
    VALUE(PAM_PERM_DENIED);
    VALUE(PAM_AUTH_ERR);
    VALUE(PAM_CRED_INSUFFICIENT);
    VALUE(PAM_AUTHINFO_UNAVAIL);
    VALUE(PAM_USER_UNKNOWN);
    VALUE(PAM_MAXTRIES);
    VALUE(PAM_NEW_AUTHTOK_REQD);
    VALUE(PAM_ACCT_EXPIRED);
    VALUE(PAM_CONV_ERR);
    VALUE(PAM_ABORT);
    VALUE(PAM_SILENT);
    VALUE(PAM_DISALLOW_NULL_AUTHTOK);
    VALUE(PAM_SERVICE);
    VALUE(PAM_USER);
    VALUE(PAM_TTY);
    VALUE(PAM_PROMPT_ECHO_OFF);
    VALUE(PAM_PROMPT_ECHO_ON);
    VALUE(PAM_ERROR_MSG);
    VALUE(PAM_TEXT_INFO);
    VALUE(PAM_MAX_NUM_MSG);
    VALUE(PAM_MAX_MSG_SIZE);
    VALUE(PAM_MAX_RESP_SIZE);
    LAYOUT(struct pam_message, msg_style);
    LAYOUT(struct pam_message, msg);
    LAYOUT(struct pam_response, resp);
    LAYOUT(struct pam_response, resp_retcode);
    LAYOUT(struct pam_conv, conv);
    LAYOUT(struct pam_conv, appdata_ptr);
    // SQLite
    VALUE(SQLITE_OK);
    VALUE(SQLITE_ERROR);
    VALUE(SQLITE_BUSY);
    VALUE(SQLITE_LOCKED);
    VALUE(SQLITE_READONLY);
    VALUE(SQLITE_CORRUPT);
    VALUE(SQLITE_CANTOPEN);
    VALUE(SQLITE_MISUSE);
    VALUE(SQLITE_NOTADB);
    VALUE(SQLITE_ROW);
    VALUE(SQLITE_DONE);
    VALUE(SQLITE_OPEN_READWRITE);
    VALUE(SQLITE_OPEN_CREATE);
    VALUE(SQLITE_OPEN_NOMUTEX);
    VALUE(SQLITE_OPEN_NOFOLLOW);
    VALUE(sizeof(sqlite3_int64));
    // libxcrypt
    VALUE(CARRIED_CRYPT_DATA_SIZE);
    VALUE(CRYPT_OUTPUT_SIZE);
    VALUE(CRYPT_GENSALT_OUTPUT_SIZE);
    VALUE(CRYPT_SALT_OK);
    VALUE(CRYPT_SALT_INVALID);
    VALUE(CRYPT_SALT_METHOD_DISABLED);
    VALUE(CRYPT_SALT_METHOD_LEGACY);
    VALUE(CRYPT_SALT_TOO_CHEAP);
    return 0;
}

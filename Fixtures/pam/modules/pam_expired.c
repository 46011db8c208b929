/* A PAM module for the tests, compiled by them (Tests/TestSupport/TestPAMModules.swift): it accepts the password
 * "balabala" for any name, and account management then says the password must be changed (PAM_NEW_AUTHTOK_REQD),
 * with the error message pam_unix gives for an expired password; with the argument "silent", without a message.
 * No module of Linux-PAM or pam_wrapper answers PAM_NEW_AUTHTOK_REQD without a shadow entry, which a test cannot
 * write. */
#include <security/pam_ext.h>
#include <security/pam_modules.h>
#include <string.h>

static int has_argument(int argc, const char **argv, const char *argument) {
    for (int index = 0; index < argc; index++) {
        if (strcmp(argv[index], argument) == 0) return 1;
    }
    return 0;
}

PAM_EXTERN int pam_sm_authenticate(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)flags, (void)argc, (void)argv;
    const char *password = NULL;
    if (pam_get_authtok(pamh, PAM_AUTHTOK, &password, NULL) != PAM_SUCCESS || password == NULL) return PAM_AUTH_ERR;
    return strcmp(password, "balabala") == 0 ? PAM_SUCCESS : PAM_AUTH_ERR;
}

PAM_EXTERN int pam_sm_setcred(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)pamh, (void)flags, (void)argc, (void)argv;
    return PAM_SUCCESS;
}

PAM_EXTERN int pam_sm_acct_mgmt(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)flags;
    if (!has_argument(argc, argv, "silent")) {
        pam_error(pamh, "%s", "You are required to change your password immediately (password expired)");
    }
    return PAM_NEW_AUTHTOK_REQD;
}

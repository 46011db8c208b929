/* A PAM module for the tests, compiled by them (Tests/TestSupport/TestPAMModules.swift): a second factor, as
 * pam_google_authenticator asks for one. It asks for the password ("Password: ", with echo off, through
 * pam_get_authtok) and accepts "balabala", then asks "Verification code: " with echo off and accepts "123456".
 * With the argument "first" it asks for the code alone; with "again" it asks for the password a second time
 * ("Password again: ") instead of a code. As many modules do, a conversation that fails is PAM_AUTH_ERR here, not
 * PAM_CONV_ERR: what `login` reports must not depend on it. */
#include <security/pam_ext.h>
#include <security/pam_modules.h>
#include <stdlib.h>
#include <string.h>

static int has_argument(int argc, const char **argv, const char *argument) {
    for (int index = 0; index < argc; index++) {
        if (strcmp(argv[index], argument) == 0) return 1;
    }
    return 0;
}

/* Asks one question with echo off; 1 when the answer is `expected`. The answer is overwritten and freed. */
static int ask(pam_handle_t *pamh, const char *question, const char *expected) {
    char *answer = NULL;
    if (pam_prompt(pamh, PAM_PROMPT_ECHO_OFF, &answer, "%s", question) != PAM_SUCCESS || answer == NULL) return 0;
    int matches = strcmp(answer, expected) == 0;
    memset(answer, 0, strlen(answer));
    free(answer);
    return matches;
}

PAM_EXTERN int pam_sm_authenticate(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)flags;
    if (!has_argument(argc, argv, "first")) {
        const char *password = NULL;
        if (pam_get_authtok(pamh, PAM_AUTHTOK, &password, NULL) != PAM_SUCCESS || password == NULL) {
            return PAM_AUTH_ERR;
        }
        if (strcmp(password, "balabala") != 0) return PAM_AUTH_ERR;
    }
    if (has_argument(argc, argv, "again")) {
        return ask(pamh, "Password again: ", "balabala") ? PAM_SUCCESS : PAM_AUTH_ERR;
    }
    return ask(pamh, "Verification code: ", "123456") ? PAM_SUCCESS : PAM_AUTH_ERR;
}

PAM_EXTERN int pam_sm_setcred(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)pamh, (void)flags, (void)argc, (void)argv;
    return PAM_SUCCESS;
}

PAM_EXTERN int pam_sm_acct_mgmt(pam_handle_t *pamh, int flags, int argc, const char **argv) {
    (void)pamh, (void)flags, (void)argc, (void)argv;
    return PAM_SUCCESS;
}

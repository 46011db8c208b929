// Linux-PAM's application interface, the part `login --pam` uses: the types and values of <security/_pam_types.h>
// and the functions pam_start(3), pam_start_confdir(3), pam_authenticate(3), pam_acct_mgmt(3), pam_end(3),
// pam_set_item(3), pam_get_item(3) and pam_strerror(3), from libpam.so.0 (Debian's package libpam0g).
#ifndef CSYSTEMLIBRARIES_LINUXPAM_H
#define CSYSTEMLIBRARIES_LINUXPAM_H

// Pointers are as unannotated as in the library's own header, so Swift sees the same types; only the table's
// entries, and results the library documents as never NULL, say whether they can be NULL.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

typedef struct pam_handle pam_handle_t;

// One message of the conversation: a prompt (msg_style PAM_PROMPT_ECHO_OFF or _ON) or a text to show.
struct pam_message {
    int msg_style;
    const char *msg;
};

// The application's answer to one message; resp is malloc'd, and PAM frees it.
struct pam_response {
    char *resp;
    int resp_retcode;
};

// The conversation function PAM calls with its messages, and the pointer it hands back to it.
struct pam_conv {
    int (*conv)(int num_msg, const struct pam_message **msg, struct pam_response **resp, void *appdata_ptr);
    void *appdata_ptr;
};

// Results.
#define PAM_SUCCESS 0
#define PAM_OPEN_ERR 1
#define PAM_SYMBOL_ERR 2
#define PAM_SERVICE_ERR 3
#define PAM_SYSTEM_ERR 4
#define PAM_BUF_ERR 5
#define PAM_PERM_DENIED 6
#define PAM_AUTH_ERR 7
#define PAM_CRED_INSUFFICIENT 8
#define PAM_AUTHINFO_UNAVAIL 9
#define PAM_USER_UNKNOWN 10
#define PAM_MAXTRIES 11
#define PAM_NEW_AUTHTOK_REQD 12
#define PAM_ACCT_EXPIRED 13
#define PAM_CONV_ERR 19
#define PAM_ABORT 26

// Flags of pam_authenticate and pam_acct_mgmt.
#define PAM_SILENT 0x8000U
#define PAM_DISALLOW_NULL_AUTHTOK 0x0001U

// Items of pam_set_item and pam_get_item.
#define PAM_SERVICE 1
#define PAM_USER 2
#define PAM_TTY 3

// Message styles, and the conversation's limits.
#define PAM_PROMPT_ECHO_OFF 1
#define PAM_PROMPT_ECHO_ON 2
#define PAM_ERROR_MSG 3
#define PAM_TEXT_INFO 4
#define PAM_MAX_NUM_MSG 32
#define PAM_MAX_MSG_SIZE 512
#define PAM_MAX_RESP_SIZE 512

// The functions, found in libpam.so.0.
struct csystem_pam {
    int (*_Nonnull pam_start)(
        const char *service_name, const char *user, const struct pam_conv *conversation, pam_handle_t **handle);
    // Linux-PAM 1.4 and later (service files from another folder); NULL before.
    int (*_Nullable pam_start_confdir)(
        const char *service_name, const char *user, const struct pam_conv *conversation, const char *confdir,
        pam_handle_t **handle);
    int (*_Nonnull pam_end)(pam_handle_t *handle, int status);
    int (*_Nonnull pam_authenticate)(pam_handle_t *handle, int flags);
    int (*_Nonnull pam_acct_mgmt)(pam_handle_t *handle, int flags);
    int (*_Nonnull pam_set_item)(pam_handle_t *handle, int item_type, const void *item);
    int (*_Nonnull pam_get_item)(const pam_handle_t *handle, int item_type, const void **item);
    const char *_Nonnull (*_Nonnull pam_strerror)(pam_handle_t *handle, int error_number);
};

// Opens libpam.so.0 once per process and returns its functions; later calls return the same table. NULL when the
// library or one of its required functions is missing, or outside Linux: csystem_open_error() says why.
//
// Each function is looked up as a program linked against libpam would bind it, in the process's global scope
// first: a library preloaded in front of libpam (pam_wrapper, in the tests) stands in for it.
const struct csystem_pam *_Nullable csystem_open_pam(void);

#pragma clang diagnostic pop

#endif

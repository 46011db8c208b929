// Linux-PAM's application interface: pam_start, pam_authenticate, pam_acct_mgmt, pam_end, the conversation.
// Debian and Ubuntu: apt-get install libpam0g-dev. Used on Linux only (see Package.swift).
#include <security/pam_appl.h>

#!/bin/sh
# Run by pam_exec while PAM authenticates (the service puremvvm-hold). pam_exec starts it in a session of its own,
# without a controlling terminal, so it writes to the terminal login names in PAM_TTY: a line saying the sign-in
# is held, and then it waits for a line there that the test never types. Ctrl-C ends login; this script ends
# when the test closes the terminal. Without PAM_TTY it fails, and so does the sign-in.
[ -n "$PAM_TTY" ] || exit 1
printf 'pam_exec: holding the sign-in\n' > "$PAM_TTY"
read -r line < "$PAM_TTY"

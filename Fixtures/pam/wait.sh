#!/bin/sh
# Run by pam_exec while PAM authenticates (the service puremvvm-wait, in-process tests): writes a line to the
# FIFO "$1/started", then waits for a line on the FIFO "$1/release". Both FIFOs are the test's; opening one
# blocks until the test opens the other end.
echo started > "$1/started"
read -r line < "$1/release"

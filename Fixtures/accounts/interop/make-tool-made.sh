#!/usr/bin/env bash
# Re-creates tool-made.accounts: account lines made by standard tools, which `login` must accept.
# Needs mkpasswd (Debian package whois), openssl and htpasswd (apache2-utils); `swift test` needs none of them.
set -euo pipefail
cd "$(dirname "$0")"
password='correct horse battery staple'
{
    echo "# Made by make-tool-made.sh with standard tools; every password is \"$password\"."
    echo "# $(mkpasswd --version | head -1): mkpasswd -m yescrypt"
    echo "mkpasswd.yescrypt:$(mkpasswd -m yescrypt "$password")"
    echo "# $(openssl version): openssl passwd -6"
    echo "openssl.sha512crypt:$(openssl passwd -6 "$password")"
    echo "# htpasswd (Apache $(dpkg-query -W -f '${Version}' apache2-utils)): htpasswd -nbB, bcrypt \$2y\$"
    echo "htpasswd.bcrypt:$(htpasswd -nbB x "$password" | cut -d: -f2)"
    echo "# mkpasswd -m bcrypt: bcrypt \$2b\$"
    echo "mkpasswd.bcrypt:$(mkpasswd -m bcrypt "$password")"
} > tool-made.accounts

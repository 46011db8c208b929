#!/usr/bin/env bash
# Re-creates login-made.accounts (lines written by `login add-user`) and login-made.verified (what standard
# tools say about them). Needs a built `login` (swift build), mkpasswd (whois), openssl and htpasswd
# (apache2-utils); `swift test` needs none of them: it checks the committed files.
set -euo pipefail
cd "$(dirname "$0")"
login="${LOGIN:-../../../.build/debug/login}"
password='correct horse battery staple'
rm -f login-made.accounts login-made.accounts.lock
for method in yescrypt sha512crypt bcrypt; do
    printf '%s\n' "$password" | "$login" add-user --accounts login-made.accounts --password-stdin \
        --method "$method" "login.$method" >/dev/null
done
rm -f login-made.accounts.lock
hash_of() { grep "^$1:" login-made.accounts | cut -d: -f2-; }
yescrypt=$(hash_of login.yescrypt)
sha512crypt=$(hash_of login.sha512crypt)
bcrypt=$(hash_of login.bcrypt)
{
    echo "# Standard tools recomputing each hash of login-made.accounts from the password \"$password\""
    echo "# and the hash's own settings (made by make-login-made.sh). Equal lines mean the tool verifies it."
    echo "# $(mkpasswd --version | head -1): mkpasswd PASSWORD SETTING"
    echo "login.yescrypt:$(mkpasswd "$password" "${yescrypt%\$*}")"
    echo "# $(openssl version): openssl passwd -6 -salt SALT PASSWORD (OpenSSL's own sha512crypt)"
    salt=${sha512crypt#\$6\$}; salt=${salt%%\$*}
    echo "login.sha512crypt:$(openssl passwd -6 -salt "$salt" "$password")"
    echo "# htpasswd -vb (Apache's own bcrypt) answered:"
    printf 'login.bcrypt:%s\n' "$bcrypt" > /tmp/login-made.htpasswd
    echo "# $(htpasswd -vb /tmp/login-made.htpasswd login.bcrypt "$password" 2>&1)"
    echo "login.bcrypt:$bcrypt"
    rm -f /tmp/login-made.htpasswd
} > login-made.verified

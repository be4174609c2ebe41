# Private apt, for scripts/php/debian and scripts/php/source: Debian's packages and sources of
# any suite and architecture, fetched into a folder of our own without touching the system (its
# own lists, cache and empty dpkg status; nothing is installed).
# shellcheck shell=bash

# The Debian mirror of the system's apt sources, or deb.debian.org (an Ubuntu machine, say).
debian_mirror() {
    local mirror
    mirror=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' \
        | grep -v -e security -e ubuntu | grep '/debian/*$' | head -n 1 || true)
    [ -n "$mirror" ] || mirror=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' \
        | grep -v -e security | grep '/debian/*$' | head -n 1 || true)
    echo "${mirror:-http://deb.debian.org/debian}"
}

# suites_of VERSION: the Debian suites that ship that PHP, newest update first. Debian 12
# (bookworm) has 8.2, Debian 13 (trixie) 8.4, experimental 8.5 (with sid for its libraries).
# `sid` and `experimental` name those suites themselves (scripts/php/libs: Symfony 7.4 and 8.1).
suites_of() {
    case $1 in
        8.2) echo "bookworm-security bookworm" ;;
        8.4) echo "trixie-security trixie" ;;
        8.5 | experimental) echo "experimental sid" ;;
        sid) echo "sid" ;;
        *) echo "no Debian suite ships PHP $1 (known: 8.2, 8.4, 8.5)" >&2; return 1 ;;
    esac
}

# pinned_suite VERSION: the suite whose packages apt must be told to take by name (experimental
# is never a candidate by default).
pinned_suite() {
    [ "$1" = 8.5 ] && echo experimental || true
}

# private_apt DIR ARCH VERSION [deb|deb-src]: sets APT_OPTIONS for apt-get and apt-cache, with
# lists for the suites of that PHP version (or of `sid`, `experimental`) under DIR, updated once
# a day at most.
private_apt() {
    local dir=$1 arch=$2 version=$3 kind=${4:-deb} mirror suite url
    mirror=$(debian_mirror)
    mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
    touch "$dir/status"
    : > "$dir/sources.list.new"
    for suite in $(suites_of "$version"); do
        # The security archive's sources are not served by every mirror (404 here).
        [[ $kind == deb-src && $suite == *-security ]] && continue
        url=$mirror
        [[ $suite == *-security ]] && url=${mirror%/debian*}/debian-security
        echo "$kind [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $url $suite main" \
            >> "$dir/sources.list.new"
    done
    APT_OPTIONS=(-q -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/nonexistent
        -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o "Dir::State::status=$dir/status"
        -o "APT::Architecture=$arch" -o "APT::Architectures::=$arch" -o APT::Sandbox::User=root
        -o Debug::NoLocking=1 -o Acquire::Check-Valid-Until=false)
    # The lists are fetched again when the sources change or are a day old.
    if ! cmp -s "$dir/sources.list.new" "$dir/sources.list" \
        || [ -z "$(find "$dir/updated" -mmin -1440 2>/dev/null)" ]; then
        mv "$dir/sources.list.new" "$dir/sources.list"
        apt-get "${APT_OPTIONS[@]}" update >/dev/null
        touch "$dir/updated"
    fi
    rm -f "$dir/sources.list.new"
}

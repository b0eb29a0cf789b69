#!/usr/bin/env bash
# Installs the system packages WidgetThumbnails builds against, only those that are missing,
# and upgrades nothing unless asked.
#   scripts/install-deps.sh                      install what is missing (asks first on a terminal)
#   UPGRADE=1 scripts/install-deps.sh            also refresh the package lists and upgrade the
#                                                installed image libraries (.ci/run sets it)
#   scripts/install-deps.sh --print-packages [--os-release FILE]
#                                                print the package names for this system (or for
#                                                the os-release text in FILE) and change nothing
# Debian/Ubuntu: the names come from /etc/os-release (packages_for below), each is checked with
# dpkg, and the missing ones go to one `apt-get install` (through sudo when not root). With
# standard input on a terminal it asks first; without one (CI, a script) it installs when CI or
# YES=1 is set, else it prints the command and stops. Elsewhere: checks pkg-config and says what
# to install. Swift itself must already be installed.
set -euo pipefail

say() { printf 'install-deps: %s\n' "$*" >&2; }

# The package names, one a line, for an os-release ID, VERSION_ID and ID_LIKE. Debian calls
# libjpeg-turbo's libjpeg API libjpeg62-turbo-dev, Ubuntu libjpeg-turbo8-dev. libheif 1.15
# (Debian 12) and 1.12 (Ubuntu 22.04) have their AV1 and HEVC codecs built in; from 1.16 on
# (Debian 13, Ubuntu 24.04) each is a plugin package, and apt's recommends, which install the
# decoders, are off here. chromium runs the preview page's browser tests; Ubuntu ships it only
# as a snap, so there those tests skip (scripts cannot install a snap in a container).
packages_for() {
    local id=$1 version=$2 like=$3
    # zsh, fish and groff: the completion scripts' and manual page's checks (GeneratedDocsTests).
    local common=(libturbojpeg0-dev libpng-dev libwebp-dev libheif-dev libde265-dev libssl-dev liblcms2-dev pkg-config make
                  zsh fish groff)
    local plugins=(libheif-plugin-aomenc libheif-plugin-x265 libheif-plugin-dav1d libheif-plugin-libde265)
    local family=$id
    if [[ $id != debian && $id != ubuntu ]]; then
        case " $like " in
            *" ubuntu "*) family=ubuntu ;;
            *" debian "*) family=debian ;;
            *) return 1 ;;
        esac
    fi
    local release="$family $version"
    case $release in
        "debian 12" | "ubuntu 22.04") plugins=() ;;
        "debian 13" | "ubuntu 24.04") ;;
        *) say "$id ${version:-(no VERSION_ID)} is not a release this script knows: using the names of" \
               "$([[ $family == ubuntu ]] && echo 'Ubuntu 24.04' || echo 'Debian 13')" ;;
    esac
    local extra
    if [[ $family == ubuntu ]]; then extra=(libjpeg-turbo8-dev); else extra=(libjpeg62-turbo-dev chromium); fi
    printf '%s\n' "${common[@]}" "${extra[@]}" "${plugins[@]}"
}

# Prints VAR's value from an os-release file (shell syntax, values optionally quoted).
os_release_value() {
    local file=$1 name=$2 line value
    line=$(grep -E "^$name=" "$file" | tail -n 1) || return 0
    value=${line#*=}
    value=${value#\"}; value=${value%\"}
    value=${value#\'}; value=${value%\'}
    printf '%s' "$value"
}

print_only=0
os_release=/etc/os-release
while (($#)); do
    case $1 in
        --print-packages) print_only=1 ;;
        --os-release) os_release=${2:?--os-release needs a file}; shift ;;
        *) say "unknown argument: $1 (usage: install-deps.sh [--print-packages] [--os-release FILE])"; exit 64 ;;
    esac
    shift
done

PACKAGES=()
if [[ -r $os_release ]]; then
    if listed=$(packages_for "$(os_release_value "$os_release" ID)" "$(os_release_value "$os_release" VERSION_ID)" \
                             "$(os_release_value "$os_release" ID_LIKE)"); then
        mapfile -t PACKAGES <<<"$listed"
    fi
fi
if ((print_only)); then
    if ((${#PACKAGES[@]} == 0)); then
        say "$os_release: not Debian or Ubuntu, or unreadable: no package names"
        exit 1
    fi
    printf '%s\n' "${PACKAGES[@]}"
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    say "swift is not on PATH: install the Swift 6 toolchain (https://www.swift.org/install/linux/) first"
    exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1 || ((${#PACKAGES[@]} == 0)); then
    missing_modules=()
    for module in libturbojpeg libjpeg libpng libwebp libwebpdemux libheif libde265 libcrypto lcms2; do
        pkg-config --exists "$module" 2>/dev/null || missing_modules+=("$module")
    done
    if ((${#missing_modules[@]})); then
        say "not Debian or Ubuntu, and pkg-config cannot find: ${missing_modules[*]}"
        say "install the development packages for libjpeg-turbo, libpng, libwebp, libheif, OpenSSL and lcms2"
        exit 1
    fi
    exit 0
fi

missing=()
for package in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
upgrade=${UPGRADE:-0}
if [[ $upgrade == 0 ]] && ((${#missing[@]} == 0)); then exit 0; fi

# How this script becomes root: it already is, sudo without a password, or it cannot.
if [[ $(id -u) -eq 0 ]]; then
    as_root=(env)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n env)
elif ((${#missing[@]})); then
    say "missing ${missing[*]}, and not root with no sudo: run as root:" \
        "apt-get update && apt-get install --no-install-recommends ${missing[*]}"
    exit 1
else
    say "UPGRADE=1 needs root or sudo: nothing upgraded"
    exit 1
fi
apt_get() { "${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get "$@" </dev/null; }

if ((${#missing[@]})); then
    command="apt-get install --no-install-recommends ${missing[*]}"
    if [[ -t 0 && -z ${CI:-} && -z ${YES:-} ]]; then
        read -r -p "install-deps: WidgetThumbnails needs ${missing[*]}: run '$command' now? [Y/n] " answer
        [[ -z $answer || $answer == [Yy]* ]] || { say "nothing installed; run it yourself, or YES=1 make setup"; exit 1; }
    elif [[ ! -t 0 && -z ${CI:-} && -z ${YES:-} ]]; then
        say "missing ${missing[*]}: run '$command' (or YES=1 make setup, which runs it)"
        exit 1
    fi
fi

# The lists are refreshed before an install (a day-old list names versions the archive no
# longer has) and for an upgrade; refreshing them changes no installed package.
apt_get update -q >/dev/null
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    apt_get install -y -q --no-install-recommends "${missing[@]}"
fi

# UPGRADE=1: security updates of these libraries keep coming (a machine image can carry an
# older libpng than the archive), so CI takes the archive's current versions and the tests run
# against what a new user installs. The installed image, colour and crypto libraries (and their
# codecs) the archive has a newer version of, matched by name prefix on every release above.
if [[ $upgrade != 0 ]]; then
    runtime='^(libheif|libde265|libaom|libx265|libdav1d|libwebp|libsharpyuv|libpng16|libpng-dev|libjpeg62-turbo|libjpeg-turbo8|libturbojpeg|liblcms2|libssl)[^/]*'
    behind=$(apt list --upgradable 2>/dev/null | grep -oE "$runtime" | sort -u | tr '\n' ' ' || true)
    if [[ -n "${behind// }" ]]; then
        say "upgrading to the archive's current versions (UPGRADE=1): $behind"
        # shellcheck disable=SC2086
        apt_get install -y -q --only-upgrade --no-install-recommends $behind
    fi
fi

#!/usr/bin/env bash
# Installs the system packages WidgetThumbnails builds against, only those that are missing.
# Debian/Ubuntu: checks each with dpkg, then one `apt-get update && apt-get install` for the
# rest (through sudo when not root). Elsewhere: checks pkg-config and says what to install.
# Needs no input (works with CI=true and no stdin). Swift itself must already be installed.
set -euo pipefail

# chromium: headless, for the preview page's browser tests (Tests/PreviewBrowserTests).
PACKAGES=(libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libheif-dev libde265-dev libssl-dev liblcms2-dev pkg-config make chromium)
PACKAGES+=(zsh fish groff)  # the completion scripts' and manual page's checks (Tests/CLITests/GeneratedDocsTests.swift)
PKG_CONFIG_MODULES=(libturbojpeg libjpeg libpng libwebp libwebpdemux libheif libde265 libcrypto lcms2)
# AVIF and HEIC output: libheif 1.15 (Debian 12) has libaom and x265 built in; from 1.16 on
# (Debian 13) they are plugin packages, taken only where the archive has them.
HEIF_ENCODER_PLUGINS=(libheif-plugin-aomenc libheif-plugin-x265)
# The runtime libraries behind them, by package-name prefix (what `apt list --upgradable` prints).
RUNTIME_LIBRARIES='^(libheif|libde265|libaom|libx265|libdav1d|libwebp|libsharpyuv|libpng16|libpng-dev|libjpeg62-turbo|libturbojpeg|liblcms2|libssl)[^/]*'

say() { printf 'install-deps: %s\n' "$*" >&2; }

if ! command -v swift >/dev/null 2>&1; then
    say "swift is not on PATH: install the Swift 6 toolchain (https://www.swift.org/install/linux/) first"
    exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    missing_modules=()
    for module in "${PKG_CONFIG_MODULES[@]}"; do
        pkg-config --exists "$module" 2>/dev/null || missing_modules+=("$module")
    done
    if ((${#missing_modules[@]})); then
        say "not a Debian system and pkg-config cannot find: ${missing_modules[*]}"
        say "install the development packages for libjpeg-turbo, libpng, libwebp, libheif, OpenSSL and lcms2"
        exit 1
    fi
    exit 0
fi

missing=()
# Adds $1 to missing unless dpkg has it installed.
need() {
    local status
    status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$1")
}
for package in "${PACKAGES[@]}"; do need "$package"; done

# How this script becomes root: it already is, sudo without a password, or it cannot.
if [[ $(id -u) -eq 0 ]]; then
    as_root=(env)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n env)
else
    as_root=(none)
fi
export DEBIAN_FRONTEND=noninteractive
apt_get() { "${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get "$@" </dev/null; }

# Security updates of these libraries keep coming (a machine image can carry an older libpng
# than the archive), and a user who installs today gets the new ones: CI, and anyone whose
# package lists are a day old, refreshes them and takes the archive's current versions, so the
# tests run against what a new user installs. WIDGET_THUMBS_NO_UPGRADE=1 skips this.
lists_are_stale() {
    [[ -n "${CI:-}" ]] && return 0
    [[ -z $(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 -print -quit 2>/dev/null) ]]
}
updated=0
if [[ "${as_root[0]}" != none && -z "${WIDGET_THUMBS_NO_UPGRADE:-}" ]] && lists_are_stale; then
    say "refreshing the package lists (security updates of the image libraries)"
    apt_get update -q >/dev/null && updated=1
fi

# The encoder plugins only where the archive has them (libheif 1.16 and later).
for package in "${HEIF_ENCODER_PLUGINS[@]}"; do
    apt-cache show "$package" >/dev/null 2>&1 && need "$package"
done

if ((${#missing[@]})); then
    if [[ "${as_root[0]}" == none ]]; then
        say "missing ${missing[*]}, and not root with no sudo: run as root: apt-get install ${missing[*]}"
        exit 1
    fi
    say "installing ${missing[*]}"
    ((updated)) || { apt_get update -q >/dev/null && updated=1; }
    apt_get install -y -q --no-install-recommends "${missing[@]}"
fi

# The installed image, colour and crypto libraries (and their codecs) that the archive has a
# newer version of: the names are matched by prefix, so they hold on Debian 12 and 13 alike.
if ((updated)); then
    behind=$(apt list --upgradable 2>/dev/null | grep -oE "$RUNTIME_LIBRARIES" | sort -u | tr '\n' ' ' || true)
    if [[ -n "${behind// }" ]]; then
        say "upgrading to the archive's current versions: $behind"
        # shellcheck disable=SC2086
        apt_get install -y -q --only-upgrade --no-install-recommends $behind
    fi
fi

#!/usr/bin/env bash
# Installs the system packages WidgetThumbnails builds against, only those that are missing.
# Debian/Ubuntu: checks each with dpkg, then one `apt-get update && apt-get install` for the
# rest (through sudo when not root). Elsewhere: checks pkg-config and says what to install.
# Needs no input (works with CI=true and no stdin). Swift itself must already be installed.
set -euo pipefail

# chromium: headless, for the preview page's browser tests (Tests/PreviewBrowserTests).
PACKAGES=(libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libheif-dev libde265-dev libssl-dev liblcms2-dev pkg-config make chromium)
PKG_CONFIG_MODULES=(libturbojpeg libjpeg libpng libwebp libwebpdemux libheif libde265 libcrypto lcms2)
# AVIF and HEIC output: libheif 1.15 (Debian 12) has libaom and x265 built in; from 1.16 on
# (Debian 13) they are plugin packages, taken only where the archive has them.
HEIF_ENCODER_PLUGINS=(libheif-plugin-aomenc libheif-plugin-x265)

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
# The encoder plugins only where the archive has them (libheif 1.16 and later).
for package in "${HEIF_ENCODER_PLUGINS[@]}"; do
    apt-cache show "$package" >/dev/null 2>&1 && need "$package"
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
else
    say "missing ${missing[*]}, and not root with no sudo: run as root: apt-get install ${missing[*]}"
    exit 1
fi

say "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q </dev/null
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null

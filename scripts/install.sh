#!/usr/bin/env bash
# `make install`: the widget-thumbs binary BIN, its manual page and its bash, zsh and fish
# completions (both written by the binary itself) under PREFIX, in the places each tool looks:
#   PREFIX/bin/widget-thumbs
#   PREFIX/share/man/man1/widget-thumbs.1
#   PREFIX/share/bash-completion/completions/widget-thumbs
#   PREFIX/share/zsh/site-functions/_widget-thumbs
#   PREFIX/share/fish/vendor_completions.d/widget-thumbs.fish
# Usage: scripts/install.sh BIN PREFIX   (DESTDIR, if set, is put before PREFIX, for packaging)
set -euo pipefail
bin="$1"
root="${DESTDIR:-}$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Everything is written first, then installed: a failure leaves nothing half-written in PREFIX.
"$bin" --generate-manual > "$work/widget-thumbs.1"
for shell in bash zsh fish; do
  "$bin" --generate-completion-script "$shell" > "$work/completion.$shell"
done

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$bin" "$root/bin/widget-thumbs"
install -m 644 "$work/widget-thumbs.1" "$root/share/man/man1/widget-thumbs.1"
install -m 644 "$work/completion.bash" "$root/share/bash-completion/completions/widget-thumbs"
install -m 644 "$work/completion.zsh" "$root/share/zsh/site-functions/_widget-thumbs"
install -m 644 "$work/completion.fish" "$root/share/fish/vendor_completions.d/widget-thumbs.fish"
echo "installed widget-thumbs, its manual page and its bash, zsh and fish completions under $root"

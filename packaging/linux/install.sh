#!/bin/sh
# Install the Redraft bundle for the current user: run from the unpacked tarball.
#   ./install.sh            -> ~/.local/opt/redraft, ~/.local/bin/redraft, a menu entry
#   PREFIX=/opt ./install.sh (as root) -> /opt/redraft, /usr/local/bin/redraft, a system menu entry
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" = 0 ] && [ "${PREFIX:-}" != "" ]; then
    APPS=/usr/share/applications; ICONS=/usr/share/icons/hicolor; BIN=/usr/local/bin
else
    PREFIX=${PREFIX:-$HOME/.local/opt}
    APPS=${XDG_DATA_HOME:-$HOME/.local/share}/applications
    ICONS=${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor
    BIN=$HOME/.local/bin
fi
mkdir -p "$PREFIX" "$APPS" "$ICONS/256x256/apps" "$ICONS/scalable/apps" "$BIN"
rm -rf "$PREFIX/redraft"
cp -a "$HERE/redraft" "$PREFIX/redraft"
ln -sf "$PREFIX/redraft/redraft" "$BIN/redraft"
cp "$HERE/redraft.png" "$ICONS/256x256/apps/redraft.png"
cp "$HERE/redraft.svg" "$ICONS/scalable/apps/redraft.svg"
sed "s|^Exec=redraft|Exec=$PREFIX/redraft/redraft|" "$HERE/redraft.desktop" > "$APPS/redraft.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$APPS" || true
echo "Redraft installed in $PREFIX/redraft; run 'redraft' or pick it from the applications menu."

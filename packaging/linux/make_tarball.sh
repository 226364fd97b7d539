#!/bin/sh
# Pack dist/redraft (or the bundle folder given second: dist/redraft-gpu) with the menu entry, icons and
# install.sh into dist/Redraft-VERSION-linux-ARCH.tar.gz.
set -eu
cd "$(dirname "$0")/../.."
VERSION=${1:?usage: make_tarball.sh VERSION [BUNDLE]}
BUNDLE=${2:-dist/redraft}
ARCH=$(uname -m)
NAME="Redraft-$VERSION-linux-$ARCH"
STAGE="build/$NAME"
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -a "$BUNDLE" "$STAGE/redraft"
cp packaging/linux/redraft.desktop packaging/linux/install.sh resources/icons/redraft.png resources/icons/redraft.svg "$STAGE/"
tar -C build -czf "dist/$NAME.tar.gz" "$NAME"
echo "dist/$NAME.tar.gz"

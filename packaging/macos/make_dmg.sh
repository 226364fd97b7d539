#!/bin/sh
# Wrap dist/Redraft.app into dist/Redraft-VERSION-macos-ARCH.dmg (drag to Applications).
set -eu
cd "$(dirname "$0")/../.."
VERSION=${1:?usage: make_dmg.sh VERSION}
ARCH=$(uname -m)
STAGE=build/dmg
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -R dist/Redraft.app "$STAGE/"
ln -s /Applications "$STAGE/Applications"
# PyInstaller already ad-hoc signs the app (enough for Apple Silicon to run it); a Developer ID
# signature and notarisation need secrets and are not done here. Check the signature holds:
codesign --verify --verbose=1 "$STAGE/Redraft.app" || echo "warning: Redraft.app signature does not verify"
hdiutil create -volname "Redraft $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov \
    "dist/Redraft-$VERSION-macos-$ARCH.dmg"
echo "dist/Redraft-$VERSION-macos-$ARCH.dmg"

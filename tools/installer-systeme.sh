#!/usr/bin/env bash
# Installs the Debian packages the tests need, only when they are missing.
set -euo pipefail
needed=()
command -v chromium >/dev/null 2>&1 || needed+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || needed+=(poppler-utils)
for lib in libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core; do
  dpkg -s "$lib" >/dev/null 2>&1 || needed+=("$lib")
done
if [ ${#needed[@]} -eq 0 ]; then
  exit 0
fi
echo "Installation des paquets système : ${needed[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${needed[@]}"

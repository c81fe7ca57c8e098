#!/usr/bin/env bash
# Installs every Debian package tilecc needs to build and test. Idempotent and
# non-interactive; does nothing (quickly) when everything is already present.
# The CUDA toolkit (ptxas, fatbinary, libnvJitLink) is expected under
# /usr/local/cuda, as on the project's machines.
set -euo pipefail

packages=(
  cmake ninja-build make g++ ccache python3 lld
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libcli11-dev nlohmann-json3-dev libgtest-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get install -y --no-install-recommends "${missing[@]}"; then
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

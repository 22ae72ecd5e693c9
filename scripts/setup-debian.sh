#!/usr/bin/env bash
# Installs every Debian package cbt-terrain needs to build, test and run.
# Idempotent: packages already present are left alone, and `apt-get update`
# runs at most once per invocation (and only when something is missing).
# Works as root and, for a normal user, through sudo.
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config git
  libvulkan-dev vulkan-tools mesa-vulkan-drivers vulkan-validationlayers
  libshaderc-dev glslang-dev spirv-tools
  libglfw3-dev libglm-dev libimgui-dev libstb-dev zlib1g-dev
  libgtest-dev libgmock-dev nlohmann-json3-dev
  xvfb xdotool
  libgdal-dev proj-data ferret-datasets xplanet-images ffmpeg
  libfreetype-dev fonts-dejavu-core
  clang libclang-rt-14-dev
)

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "setup-debian.sh: run as root or install sudo (needed for apt-get)" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup-debian.sh: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "setup-debian.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"

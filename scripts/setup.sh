#!/usr/bin/env bash
# Installs what is missing from Debian's packages, builds syncsim (Release)
# and runs the default simulation. With --build-only it stops after building.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ ninja-build pkg-config libsystemc-dev libboost-program-options-dev
          catch2 libyaml-cpp-dev nlohmann-json3-dev parallel python3-matplotlib gtkwave
          xvfb xauth x11-apps clang-14 llvm-14-dev graphviz zlib1g-dev python3-yaml
          python3-jsonschema)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build

[ "${1:-}" = "--build-only" ] && exit 0
./build/syncsim run configs/quickstart.yaml

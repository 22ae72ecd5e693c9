#!/usr/bin/env bash
# Packs builds of cbt-terrain into one archive that runs on a GPU machine with
# NVIDIA's Vulkan driver but no Vulkan loader, no GDAL and none of their
# libraries (docs/PERFORMANCE.md, "Running on a GPU machine without a Vulkan
# loader"), for scripts/planet-benchmark.sh there:
#
#   scripts/device-bundle.sh [--out FILE] [--programs "P..."] NAME=BUILD_DIR [NAME=BUILD_DIR...]
#
# Each BUILD_DIR (a configured and built tree, say build and a build of an
# older commit) is installed under NAME/ in the archive: NAME/bin/ keeps the
# programs named by --programs (default cbt-terrain; cbt-bench adds 2 MB
# packed), NAME/share/ their SPIR-V; the default flat map stays behind
# (planet mode does not read it; cbt-heightgen makes it again). Beside
# them: lib/, every library the programs load but glibc's, the Vulkan
# loader and glvnd's libraries among them; layers/, the Khronos validation
# layer and its manifest; etopo5.cdf, the planet's default model;
# earth-maps/, the Earth's maps the globe drapes (xplanet-images); and
# run.sh, which runs a command with those in its environment. ICU's 30 MB
# data library is replaced by an empty one of the same name (the netCDF and
# GeoTIFF paths never reach ICU). --out defaults to .dev/bundle.tar.xz, which
# git ignores through .git/info/exclude when the script adds it there.
#
# On the machine, from the checkout's root (the archive travels as a carried
# path; move the tracked assets/terrain-4096.png out of the checkout for the
# call, so that the working tree stays within the transfer's limit):
#
#   mkdir -p /tmp/b && tar xJf .dev/bundle.tar.xz -C /tmp/b
#   /tmp/b/run.sh scripts/planet-benchmark.sh --dem /tmp/b/etopo5.cdf \
#       --out $OUT/runs /tmp/b/old/bin/cbt-terrain /tmp/b/new/bin/cbt-terrain
#
# With --programs "cbt-terrain cbt-bench cbt-heightgen", the flat terrain's
# figures too (both backends, both raster paths, 1 and 4 samples):
#
#   /tmp/b/run.sh scripts/flat-benchmark.sh --out $OUT/flat \
#       /tmp/b/new/bin/cbt-bench /tmp/b/new/bin/cbt-heightgen
#
# run.sh takes VK_DRIVER_FILES from the environment, else NVIDIA's manifest
# where the machines here keep it.
set -euo pipefail

out=.dev/bundle.tar.xz
programs=cbt-terrain
builds=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --out) out=$2; shift 2 ;;
        --programs) programs=$2; shift 2 ;;
        -*) echo "$0: unknown option $1" >&2; exit 2 ;;
        *=*) builds+=("$1"); shift ;;
        *) echo "$0: $1: expected NAME=BUILD_DIR" >&2; exit 2 ;;
    esac
done
if [[ ${#builds[@]} -eq 0 ]]; then
    echo "usage: $0 [--out FILE] [--programs \"P...\"] NAME=BUILD_DIR [NAME=BUILD_DIR...]" >&2
    exit 2
fi
etopo5=/usr/share/ferret-vis/data/etopo5.cdf
layer_manifest=/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json
libdir=/usr/lib/x86_64-linux-gnu
for needed in "$etopo5" "$layer_manifest" "$libdir/libVkLayer_khronos_validation.so"; do
    if [[ ! -f $needed ]]; then
        echo "$0: $needed is missing: run scripts/setup-debian.sh" >&2
        exit 2
    fi
done

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
for build in "${builds[@]}"; do
    name=${build%%=*}
    dir=${build#*=}
    if [[ ! $name =~ ^[A-Za-z0-9_-]+$ ]]; then
        echo "$0: $name: a bundle name is letters, digits, '-' and '_'" >&2
        exit 2
    fi
    if [[ ! -x $dir/src/app/cbt-terrain ]]; then
        echo "$0: $dir has no built cbt-terrain (cmake --build $dir --target cbt-terrain)" >&2
        exit 2
    fi
    cmake --install "$dir" --prefix "$stage/$name" >/dev/null
    rm -f "$stage/$name"/share/cbt-terrain/assets/*.png
    for program in "$stage/$name"/bin/*; do
        if [[ " $programs " != *" $(basename "$program") "* ]]; then
            rm "$program"
        fi
    done
    if [[ -z $(ls "$stage/$name/bin") ]]; then
        echo "$0: $dir installs none of: $programs" >&2
        exit 2
    fi
done

# Every library the programs load, but glibc's own: the machine has those.
mkdir -p "$stage/lib" "$stage/layers"
glibc='^(linux-vdso|ld-linux|libc|libm|libpthread|libdl|librt|libresolv|libutil|libnsl|libanl)\.so'
{
    for program in "$stage"/*/bin/*; do
        ldd "$program"
    done
    ldd "$libdir/libVkLayer_khronos_validation.so"
} | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u | while read -r library; do
    if [[ ! $(basename "$library") =~ $glibc ]]; then
        cp -L "$library" "$stage/lib/"
    fi
done
# NVIDIA's driver loads glvnd's dispatch libraries; the loader is among the
# programs' libraries.
for library in libGLdispatch.so.0 libGLX.so.0 libEGL.so.1 libOpenGL.so.0; do
    if [[ -f $libdir/$library ]]; then
        cp -L "$libdir/$library" "$stage/lib/"
    fi
done
if [[ -f $stage/lib/libicudata.so.72 ]]; then
    echo 'const char icudt72_dat[16] = {0};' |
        gcc -shared -x c - -Wl,-soname,libicudata.so.72 -o "$stage/lib/libicudata.so.72"
fi
cp -L "$libdir/libVkLayer_khronos_validation.so" "$stage/layers/"
sed 's|"library_path": *"[^"]*"|"library_path": "./libVkLayer_khronos_validation.so"|' "$layer_manifest" \
    >"$stage/layers/VkLayer_khronos_validation.json"
cp -L "$etopo5" "$stage/"
# The Earth's maps the globe drapes by default (xplanet-images), when here.
if [[ -f /usr/share/xplanet/images/earth.jpg && -f /usr/share/xplanet/images/night.jpg ]]; then
    mkdir -p "$stage/earth-maps"
    cp -L /usr/share/xplanet/images/earth.jpg /usr/share/xplanet/images/night.jpg "$stage/earth-maps/"
fi
cat >"$stage/run.sh" <<'EOF'
#!/usr/bin/env bash
# Runs a command with the bundle's libraries, layer, Earth's maps and
# NVIDIA's driver.
here=$(dirname "$(readlink -f "$0")")
if [[ -d $here/earth-maps ]]; then export CBT_EARTH_IMAGERY_DIR=$here/earth-maps; fi
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export VK_LAYER_PATH=$here/layers
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
exec "$@"
EOF
chmod +x "$stage/run.sh"

mkdir -p "$(dirname "$out")"
if [[ $out == .dev/* ]] && [[ -d .git ]] && ! grep -qx '/.dev/' .git/info/exclude 2>/dev/null; then
    echo '/.dev/' >>.git/info/exclude
fi
tar -C "$stage" -cf - . | xz -T0 -9 >"$out"
echo "$out: $(du -h "$out" | cut -f1) ($(find "$stage/lib" -type f | wc -l) libraries; builds: ${builds[*]})"

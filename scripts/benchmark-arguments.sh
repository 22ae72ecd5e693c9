# Sourced by the benchmark scripts that compare two kinds of run of the
# viewer: reads VIEWER SIZE FRAMES ROUNDS from the script's arguments into
# viewer, size, frames and rounds (defaults build/src/app/cbt-terrain,
# 1920x1080, 60 and 3), checks the viewer, and defines median (of its
# arguments, numbers).
viewer=${1:-build/src/app/cbt-terrain}
size=${2:-1920x1080}
frames=${3:-60}
rounds=${4:-3}
if [[ ! -x $viewer ]]; then
    echo "$0: $viewer is not an executable viewer" >&2
    exit 2
fi
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

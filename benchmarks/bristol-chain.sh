#!/usr/bin/env bash
# bristol-chain.sh -- a generated Bristol Fashion file of N gates (default 10^7, 270 MB) imported
# in a small heap: the chain over 128 inputs that BristolChain (compiler tests) writes, S = 129.
#
# Usage: benchmarks/bristol-chain.sh [--gates N] [--heap 64m] [--dir DIR] [--keep]
#
# Writes DIR/chainN.txt (default DIR: a new folder under /tmp, removed at the end unless --keep),
# then runs, each with -Xmx<heap> through the repository's ./gc launcher:
#   gc info          counts, S and the hash (imports the file: three streaming passes over it,
#                    then the compiler's two)
#   gc sim           on two input pairs, checked against the chain computed here with awk
#   gc compile       to DIR/chainN.gcb
# and prints each command's wall time and peak RSS (/usr/bin/time). Exit status 1 if a command
# fails or a result is wrong.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GATES=10000000 HEAP=64m DIR= KEEP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --gates) GATES=$2; shift 2 ;;
    --heap) HEAP=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    *) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2 ;;
  esac
done
if [ -z "$DIR" ]; then DIR=$(mktemp -d); [ "$KEEP" = 1 ] || trap 'rm -rf "$DIR"' EXIT; fi
mkdir -p "$DIR"
f=$DIR/chain$GATES.txt
echo "writing $f ($GATES gates)..."
awk -v n="$GATES" 'BEGIN {
  printf "%d %d\n2 64 64\n1 1\n", n, 128 + n
  for (i = 0; i < n; i++)
    printf "2 1 %d %d %d %s\n", (i == 0 ? 0 : 127 + i), (1 + i) % 128, 128 + i, (i % 3 == 0 ? "AND" : "XOR")
}' > "$f"
ls -l "$f"
export GC_JAVA_OPTS="-Xmx$HEAP"
timed() { /usr/bin/time -f "  %e s wall, peak RSS %M KB" "$@"; }
echo "gc info (-Xmx$HEAP):"
timed "$ROOT/gc" info "$f"
# expected output: the chain on bit strings (bit i of the creator's value is wire i, of the
# evaluator's wire 64 + i)
expect() {
  awk -v n="$GATES" -v a="$1" -v b="$2" 'function bit(h, i,   d) { d = index("0123456789abcdef", substr(h, 16 - int(i / 4), 1)) - 1; return int(d / 2 ^ (i % 4)) % 2 }
  BEGIN { for (i = 0; i < 64; i++) { w[i] = bit(a, i); w[64 + i] = bit(b, i) }
          v = w[0]
          for (i = 0; i < n; i++) { o = w[(1 + i) % 128]; v = (i % 3 == 0) ? (v && o) : (v != o) }
          print v ? "0x1" : "0x0" }'
}
status=0
for pair in "0123456789abcdef fedcba9876543210" "5555aaaa5555aaaa 33cc33cc33cc33cc" "ffffffffffffffff ffffffffffffffff"; do
  set -- $pair
  want=$(expect "$1" "$2")
  echo "gc sim, creator 0x$1, evaluator 0x$2 (expected $want):"
  got=$(timed "$ROOT/gc" sim "$f" --creator-input "0x$1" --evaluator-input "0x$2" 2>&1 | tee /dev/stderr | awk '/evaluator output/ { print $NF }')
  [ "$got" = "$want" ] || { echo "  WRONG: got '$got'"; status=1; }
done
echo "gc compile -o $DIR/chain$GATES.gcb:"
timed "$ROOT/gc" compile "$f" -o "$DIR/chain$GATES.gcb"
ls -l "$DIR/chain$GATES.gcb"
exit $status

#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (built by `./build.sh fuzz`).
#   run_fuzz.sh [--build DIR] [--seconds N] [--work DIR] [TARGET...]
#     --build DIR   the fuzz targets' folder (default: build/native-asan/fuzz)
#     --seconds N   fuzzing time per target (default: 30; twice that for fuzz_lesson and fuzz_session)
#     --work DIR    where new corpus inputs, crash artifacts and logs go (default: the build folder);
#                   the corpus grows across runs, so repeated runs go deeper
#     TARGET        read_csv, fuzz_read_csv, ... (default: every fuzz_* binary in the build folder)
# Each target first replays its regression corpus (tests/fuzz/regression/fuzz_NAME: every
# input that once failed), then fuzzes for N seconds over WORK/corpus/fuzz_NAME, its seed
# corpus (tests/fuzz/seeds/fuzz_NAME) and the regression corpus, with its dictionary
# (tests/fuzz/dict) when there is one. Limits per input: 10 s, 2.5 GB RSS, 4096 bytes, except
# fuzz_lesson (a lesson file, walked): 20 s, 64 KB, with web/lessons/ as further seeds.
# A failure leaves the input in WORK/artifacts/ (fix the bug, then copy the input into the
# regression folder) and makes the script exit 1. Fuzzing time is appended to
# WORK/fuzz-time.log ("UTC-time target seconds-fuzzed runs"), whose total is printed at the end.
# Nothing is downloaded or installed.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "${HERE}/../.." && pwd)"
BUILD="${ROOT}/build/native-asan/fuzz"
SECONDS_EACH=30
WORK=""
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$2"; shift 2 ;;
    --seconds) SECONDS_EACH="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
WORK="${WORK:-${BUILD}}"
case "${SECONDS_EACH}" in ''|*[!0-9]*) echo "run_fuzz: --seconds needs a whole number, got '${SECONDS_EACH}'" >&2; exit 2 ;; esac
if [ "${#TARGETS[@]}" -eq 0 ]; then
  for f in "${BUILD}"/fuzz_*; do [ -x "$f" ] && [ -f "$f" ] && TARGETS+=("$(basename "$f")"); done
fi
[ "${#TARGETS[@]}" -gt 0 ] || { echo "run_fuzz: no fuzz targets in ${BUILD} (run ./build.sh fuzz)" >&2; exit 2; }

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1${ASAN_OPTIONS:+:${ASAN_OPTIONS}}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:${UBSAN_OPTIONS}}"
mkdir -p "${WORK}/corpus" "${WORK}/artifacts" "${WORK}/logs"

failed=0
for t in "${TARGETS[@]}"; do
  name="fuzz_${t#fuzz_}"
  bin="${BUILD}/${name}"
  [ -x "$bin" ] || { echo "run_fuzz: ${bin} not built" >&2; failed=1; continue; }
  seeds="${HERE}/seeds/${name}" regress="${HERE}/regression/${name}" corpus="${WORK}/corpus/${name}"
  # Limits per input (a slower input is a finding: libFuzzer reports it as a timeout), and the
  # fuzzing time: twice --seconds for the targets that walk a session or a lesson per input
  # (their seeds alone take about 6 s to run; a parse is about a hundred times faster).
  timeout=10 max_len=4096 extra=() seconds="${SECONDS_EACH}"
  case "$name" in
    fuzz_lesson) timeout=20 max_len=65536 extra=("${ROOT}/web/lessons") seconds=$((2 * SECONDS_EACH)) ;;  # the built-in lessons as they are now
    fuzz_session) seconds=$((2 * SECONDS_EACH)) ;;
  esac
  log="${WORK}/logs/${name}.log"
  mkdir -p "$corpus"
  # 1. Every input that once failed must pass.
  mapfile -t old < <(find "$regress" -type f 2>/dev/null | sort)
  if [ "${#old[@]}" -gt 0 ]; then
    if ! "$bin" -timeout="${timeout}" -rss_limit_mb=2560 "${old[@]}" >"$log" 2>&1; then
      echo "FAIL ${name}: a regression input fails again (log: ${log})"; tail -40 "$log"; failed=1; continue
    fi
  fi
  # 2. Fuzz.
  dirs=("$corpus")
  [ -d "$seeds" ] && dirs+=("$seeds")
  [ -d "$regress" ] && dirs+=("$regress")
  dirs+=("${extra[@]+"${extra[@]}"}")
  dict=()
  for cand in "${HERE}/dict/${name#fuzz_}.dict" "${HERE}/dict/${name#fuzz_read_}.dict"; do
    [ -f "$cand" ] && { dict=("-dict=${cand}"); break; }
  done
  started="$(date +%s)"
  if "$bin" -max_total_time="${seconds}" -timeout="${timeout}" -rss_limit_mb=2560 -max_len="${max_len}" -print_final_stats=1 \
       -artifact_prefix="${WORK}/artifacts/${name}-" "${dict[@]+"${dict[@]}"}" "${dirs[@]}" >>"$log" 2>&1; then
    runs="$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)"
    echo "ok   ${name}: ${seconds} s, ${runs:-?} runs, corpus $(find "$corpus" -type f | wc -l) new inputs"
  else
    runs="?"
    echo "FAIL ${name}: see ${log}; the failing input is in ${WORK}/artifacts/"
    grep -E "ERROR|FUZZ_CHECK|runtime error|Test unit written" "$log" | head -10
    failed=1
  fi
  printf '%s %s %s %s\n' "$(date -u +%FT%TZ)" "$name" "$(( $(date +%s) - started ))" "${runs:-?}" >>"${WORK}/fuzz-time.log"
done
awk '{s += $3} END {printf "fuzzing time logged in %s: %.2f hours in total\n", FILENAME, s / 3600}' "${WORK}/fuzz-time.log"
exit "$failed"

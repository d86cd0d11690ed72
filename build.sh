#!/usr/bin/env bash
# Perceptron Lab build driver. Every subcommand installs what it needs first.
#   ./build.sh serve   install, build the web app, serve it on 127.0.0.1:${PORT:-8000}
#   ./build.sh test    install, build native + web, run every test (CTest)
#   ./build.sh fuzz [SECONDS]   build the libFuzzer targets (clang) in build/native-asan/fuzz, run each SECONDS (30)
#   ./build.sh bench   benchmarks: ours (native + wasm), scikit-learn, liblinear on the same data; one table
#   ./build.sh package --standard scorm12|scorm2004|h5p|html [--lesson ID[,ID...]] [--lesson-file FILE]...
#                      [--lang CODE] [--pass 0.8] [--theme light|dark|contrast] [--panels data,run]
#                      [--embed] [--out FILE] [--www DIR]
#                      a package for a course (web/package/package.js: the same code as the page's
#                      "For your course"): SCORM 1.2 or 2004 4th edition (one SCO), H5P, or the
#                      single-file page; the lessons (built-in ids, or a teacher's lesson files,
#                      checked with pla lesson) as a course in that order; --pass is the pass mark
#                      (0 to 1); --lang: a language's code (its catalog, web/i18n/CODE.json).
#                      Builds the web first unless --www is given.
#                      (./build.sh web also writes the textbook lesson's SCORM packages into its www.)
#   ./build.sh test-lms [--only REGEX]   the packages in a real Moodle 4.5.6 (tests/lms; not part of
#                      `test`): installs Moodle once per machine into /var/lib/perceptron-lab-lms
#                      (LMS_DIR) with Debian's Apache, PHP 8.2 and PostgreSQL 15 on 127.0.0.1:8088
#                      (LMS_PORT), from ../shared/lms/moodle-4.5.6.tar.xz (MOODLE_TARBALL); starts
#                      them when they are not running; adds SCORM 1.2, SCORM 2004 and H5P activities
#                      with and without a pass mark; walks a student through them in Chromium and
#                      checks what Moodle recorded. Needs root (or sudo). LMS_WWW / LMS_PLA: use that
#                      web build / pla instead of building them.
#   ./build.sh native | web | deps | clean | help
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="${ROOT}/build"
DEPS="${BUILD}/_deps"
JOBS="${JOBS:-$(nproc)}"
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

log() { printf '\033[1m[build]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[31m[build] error:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# ---------------------------------------------------------------- packages
PACKAGES=(cmake ninja-build g++ clang libclang-rt-14-dev libgtest-dev googletest
  emscripten libsdl2-dev xvfb xauth libgl1-mesa-dri chromium
  python3-sklearn python3-numpy dpkg-dev xz-utils nodejs nlohmann-json3-dev
  python3-fonttools fonts-dejavu-core fonts-wqy-microhei libfast-float-dev universal-ctags)
# Only `bench` needs these (Google Benchmark, liblinear's train).
BENCH_PACKAGES=(libbenchmark-dev liblinear-tools)

install_packages() {  # install_packages [EXTRA_PACKAGE...]
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  # nodejs may come from another vendor; accept any node on PATH.
  if command -v node >/dev/null && command -v npm >/dev/null; then
    local keep=(); for p in "${missing[@]}"; do [ "$p" = nodejs ] || keep+=("$p"); done
    missing=("${keep[@]+"${keep[@]}"}")
  fi
  [ "${#missing[@]}" -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ------------------------------------------------ third-party source packages
# Fetched from Debian's source archive into build/_deps, never committed.
# The archive comes only from this machine's own apt configuration (which may name a
# school's or a company's mirror): the first entry for Debian bookworm's main component in
# /etc/apt/sources.list.d/*.sources (deb822), else in /etc/apt/sources.list or
# /etc/apt/sources.list.d/*.list (one-line format). Its URIs and key become a private
# deb-src list under build/_deps/apt; the system's apt configuration is left alone.
APT_SUITE=bookworm
apt_deb_src_entry() {  # prints the deb822 deb-src stanza, or fails when none is configured
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk -v suite="$APT_SUITE" '
      function flush() {
        if (uris != "" && enabled != "no" && (" " types " ") ~ / deb(-src)? / &&
            (" " suites " ") ~ (" " suite " ") && (" " comps " ") ~ / main /) {
          printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\n", uris, suite
          if (key != "") printf "Signed-By: %s\n", key
          found = 1; exit
        }
        uris = types = suites = comps = key = enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { next }  # a continuation line (an inline key): apt then uses its keyrings
      { k = tolower($1); sub(/:$/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v)
        if (k == "types") types = v; else if (k == "uris") uris = v; else if (k == "suites") suites = v
        else if (k == "components") comps = v; else if (k == "signed-by") key = v
        else if (k == "enabled") enabled = tolower(v) }
      END { if (!found) flush(); if (!found) exit 1 }' "$f" && return 0
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    awk -v suite="$APT_SUITE" '
      /^[ \t]*(#|$)/ { next }
      $1 == "deb" || $1 == "deb-src" {
        i = 2; opts = ""
        if ($2 ~ /^\[/) { while (i < NF && $i !~ /\]$/) { opts = opts " " $i; i++ } opts = opts " " $i; i++ }
        uri = $i; main = 0
        for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
        if ($(i + 1) == suite && main) {
          key = ""
          if (match(opts, /signed-by=[^] ]+/)) key = substr(opts, RSTART + 10, RLENGTH - 10)
          printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\n", uri, suite
          if (key != "") printf "Signed-By: %s\n", key
          found = 1; exit
        }
      }
      END { exit found ? 0 : 1 }' "$f" && return 0
  done
  return 1
}

apt_source() {  # apt_source PACKAGE -> downloads PACKAGE's source files into $DEPS/dl
  local aptdir="${DEPS}/apt" entry
  mkdir -p "${aptdir}/lists/partial" "${aptdir}/parts" "${DEPS}/dl"
  entry="$(apt_deb_src_entry)" || die "no Debian ${APT_SUITE} archive in this machine's apt configuration.
  Source packages (imgui, libsdl2) come from the archive apt already uses; configure one first:
  a stanza in /etc/apt/sources.list.d/debian.sources (deb822) such as
      Types: deb
      URIs: <the address of your Debian mirror>
      Suites: ${APT_SUITE}
      Components: main
      Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
  or a line in /etc/apt/sources.list:  deb <the address of your Debian mirror> ${APT_SUITE} main
  then run this again. (deb-src is not needed there: build.sh makes its own deb-src list.)"
  if [ "$(cat "${aptdir}/parts/debian-src.sources" 2>/dev/null)" != "$entry" ]; then
    printf '%s\n' "$entry" > "${aptdir}/parts/debian-src.sources"  # a new archive: fetch its lists again
    rm -rf "${aptdir}/lists"; mkdir -p "${aptdir}/lists/partial"
  fi
  local opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=${aptdir}/parts"
              -o "Dir::State::Lists=${aptdir}/lists" -o "APT::Sandbox::User=root")
  if [ -z "$(ls -A "${aptdir}/lists" | grep -v partial || true)" ]; then
    apt-get "${opts[@]}" update -qq >/dev/null || die "apt-get update failed for the source archive in
  ${aptdir}/parts/debian-src.sources (taken from this machine's apt configuration): check that mirror."
  fi
  (cd "${DEPS}/dl" && apt-get "${opts[@]}" source --download-only "$1" >/dev/null) \
    || die "apt-get source $1 failed (archive: ${aptdir}/parts/debian-src.sources)"
}

# fetch_source NAME PACKAGE VERSION MARKER: PACKAGE's upstream sources (its .orig tarball) of
# VERSION unpacked into build/_deps/NAME, unless NAME/MARKER is there already.
fetch_source() {
  local name="$1" package="$2" version="$3" marker="$4"
  [ -f "${DEPS}/${name}/${marker}" ] && return 0
  log "fetching ${name} ${version} from Debian's source package ${package}"
  ls "${DEPS}/dl/${package}_${version}"*.orig.tar.* >/dev/null 2>&1 || apt_source "$package"
  rm -rf "${DEPS}/${name}.tmp"; mkdir -p "${DEPS}/${name}.tmp"
  tar -xf "${DEPS}/dl/${package}_${version}"*.orig.tar.* -C "${DEPS}/${name}.tmp" --strip-components=1
  mv "${DEPS}/${name}.tmp" "${DEPS}/${name}"
}
fetch_imgui()    { fetch_source imgui imgui 1.86 imgui.cpp; }
fetch_sdl2_src() { fetch_source SDL2 libsdl2 2.26.5 CMakeLists.txt; }

# SDL2 for the browser, built once with Emscripten and cached in build/_deps. With Debian's
# Emscripten 3.1.6 its configure checks come from src/platform/sdl2_emscripten_checks.cmake
# (about 3 minutes of probes saved; the build itself is under half a minute).
build_sdl2_wasm() {
  local prefix="${DEPS}/sdl2-wasm" checks=()
  [ -f "${prefix}/lib/libSDL2.a" ] && return 0
  fetch_sdl2_src
  if emcc --version 2>/dev/null | head -1 | grep -q ' 3\.1\.6 '; then
    checks=(-C "${ROOT}/src/platform/sdl2_emscripten_checks.cmake")
  fi
  log "building SDL2 for WebAssembly (first build only)"
  rm -rf "${DEPS}/sdl2-wasm-build"
  emcmake cmake "${checks[@]+"${checks[@]}"}" -S "${DEPS}/SDL2" -B "${DEPS}/sdl2-wasm-build" -DCMAKE_BUILD_TYPE=Release \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_INSTALL_PREFIX="${prefix}.tmp" >"${DEPS}/sdl2-wasm.log" 2>&1 \
    || { tail -30 "${DEPS}/sdl2-wasm.log"; die "SDL2 configure failed"; }
  emmake make -C "${DEPS}/sdl2-wasm-build" -j"${JOBS}" install >>"${DEPS}/sdl2-wasm.log" 2>&1 \
    || { tail -30 "${DEPS}/sdl2-wasm.log"; die "SDL2 wasm build failed"; }
  rm -rf "${prefix}"; mv "${prefix}.tmp" "${prefix}"
}

install_npm() {
  local dir="${ROOT}/tests/e2e"
  fetch_pipwerks
  [ -d "${dir}/node_modules/playwright-core" ] && [ -d "${dir}/node_modules/axe-core" ] &&
    [ -d "${dir}/node_modules/scorm-again" ] && [ -d "${dir}/node_modules/h5p-standalone" ] && return 0
  log "installing playwright-core, axe-core, scorm-again and h5p-standalone (npm, no browser download)"
  # --ignore-scripts: none is needed, and h5p-standalone's preinstall (a yarn-only check) would fail.
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --silent)
}

# fetch_npm NAME VERSION SHA512 FILE: npm's NAME@VERSION, fetched with `npm pack` into
# build/_deps/npm/NAME (unless NAME/FILE is there already), its tarball's sha512 checked
# against the registry's integrity of that version, and FILE checked to be inside.
fetch_npm() {
  local name="$1" version="$2" sha512="$3" file="$4" dir="${DEPS}/npm" tgz sum
  [ -f "${dir}/${name}/${file}" ] && return 0
  tgz="${dir}/${name}-${version}.tgz"
  mkdir -p "$dir"
  log "fetching ${name} ${version} (npm pack)"
  [ -f "$tgz" ] || (cd "$dir" && npm pack --silent "${name}@${version}" >/dev/null) \
    || die "npm pack ${name}@${version} failed (the npm registry of this machine's npm config)"
  sum="$(/usr/bin/python3 -c 'import base64,hashlib,sys; print(base64.b64encode(hashlib.sha512(open(sys.argv[1],"rb").read()).digest()).decode())' "$tgz")"
  [ "$sum" = "$sha512" ] || { rm -f "$tgz"; die "${name}-${version}.tgz: sha512 mismatch"; }
  rm -rf "${dir}/${name}.tmp"; mkdir -p "${dir}/${name}.tmp"
  tar -xzf "$tgz" -C "${dir}/${name}.tmp" --strip-components=1 --no-same-owner --warning=no-unknown-keyword
  [ -f "${dir}/${name}.tmp/${file}" ] || die "${name}: no ${file} in ${tgz}"
  rm -rf "${dir:?}/${name}"; mv "${dir}/${name}.tmp" "${dir}/${name}"
}

# pipwerks' SCORM API wrapper (npm pipwerks-scorm-api-wrapper, the content side of the SCORM
# packages): its package.json names a git dependency (GitHub) that npm install would fetch,
# while its index.js already bundles the wrapper, so it is fetched with `npm pack`.
PIPWERKS_VERSION=0.1.2
PIPWERKS_SHA512=25T7MzC4oPMh1324TkogILXw+W7qkyLeeKfBF0lguQEDd1q8gVd6+YAqlboEDDoLArt57F540QLEcW9SpM8xyw==
fetch_pipwerks() { fetch_npm pipwerks-scorm-api-wrapper "$PIPWERKS_VERSION" "$PIPWERKS_SHA512" index.js; }

# fflate (npm), the zip writer of the packages (web/package/make_package.js): its UMD build goes
# into the web bundle (www/package/fflate.js), where the page and ./build.sh package both use it.
FFLATE_VERSION=0.8.3
FFLATE_SHA512=tbZNuJrLwGUp3zshBtdy4W+ORxZuIh8a5ilyIEQDC5rY1f3U20JMry0Ll3WBzU58EZKsEuJFXhb5gwv8CsPvgA==
fetch_fflate() { fetch_npm fflate "$FFLATE_VERSION" "$FFLATE_SHA512" umd/index.js; }

deps_native() { install_packages; fetch_imgui; }
deps_web()    { install_packages; fetch_imgui; build_sdl2_wasm; fetch_pipwerks; fetch_fflate; }

# ------------------------------------------------------------------ builds
configure() {  # configure PRESET (re-applied every time so preset changes take effect)
  local preset="$1" out
  if ! out="$(cd "$ROOT" && cmake --preset "$preset" 2>&1)"; then
    printf '%s\n' "$out" >&2
    die "configuring ${preset} failed"
  fi
}
build_preset() { configure "$1"; log "building $1"; cmake --build "${BUILD}/$1" -j"${JOBS}" ${2:+--target $2}; }

build_native() { deps_native; build_preset native-release; }

# libFuzzer targets (tests/fuzz): built in the native-asan build (Debian's clang-14 with
# -fsanitize=address,undefined at -O1 with line tables, libFuzzer's own recommendation), whose
# core carries the fuzzer's coverage instrumentation: the core is compiled once for the ASan
# tests and the fuzzers. The binaries are in build/native-asan/fuzz.
build_fuzz() { install_packages; build_preset native-asan pla_fuzz; }
cmd_fuzz() {
  local seconds="${1:-30}"
  case "$seconds" in ''|*[!0-9]*) die "usage: ./build.sh fuzz [SECONDS] (a whole number, default 30)" ;; esac
  build_fuzz
  log "fuzzing every target for ${seconds} s"
  bash "${ROOT}/tests/fuzz/run_fuzz.sh" --build "${BUILD}/native-asan/fuzz" --seconds "$seconds"
}
build_web()    { deps_web; build_preset wasm-release; print_sizes; scorm_packages "${BUILD}/wasm-release/www"; }

# The textbook lesson's SCORM 1.2 and 2004 packages, beside the web bundle.
scorm_packages() {
  local std
  for std in scorm12 scorm2004; do
    node "${ROOT}/web/package/package.js" --standard "$std" --lesson textbook --www "$1" >&2
  done
}

# A package from the web bundle (web/package/package.js, make_package.js); a teacher's lesson
# file (--lesson-file) is first checked as the lab loads it (pla lesson --file).
cmd_package() {
  local a www="${BUILD}/wasm-release/www" next="" files=()
  for a in "$@"; do
    [ "$a" = --www ] && www=""
    [ "$next" = file ] && files+=("$a")
    next=""; [ "$a" = --lesson-file ] && next=file
    case "$a" in --lesson-file=*) files+=("${a#--lesson-file=}") ;; esac
  done
  if [ -n "$www" ]; then build_web; set -- --www "$www" "$@"; fi
  if [ "${#files[@]}" -gt 0 ]; then
    [ -x "${BUILD}/native-release/pla" ] || { deps_native; build_preset native-release pla; }
    for a in "${files[@]}"; do
      "${BUILD}/native-release/pla" lesson --file "$a" >/dev/null || die "the lesson file ${a} is not valid (pla lesson --file ${a} says why)"
    done
  fi
  node "${ROOT}/web/package/package.js" "$@"
}

# Sizes of the web bundle, raw and gzipped (target: under 700 KB gzipped for .wasm + .js).
print_sizes() {
  local www="${BUILD}/wasm-release/www" total=0 f raw gz
  log "web bundle sizes (raw / gzip -9):"
  local nosimd=0
  for f in perceptron-lab.wasm perceptron-lab.js perceptron-lab-nosimd.wasm perceptron-lab-nosimd.js \
           perceptron-lab.wasm.js perceptron-lab.html index.html; do
    [ -f "${www}/${f}" ] || continue
    raw=$(stat -c %s "${www}/${f}"); gz=$(gzip -9c "${www}/${f}" | wc -c)
    case "$f" in perceptron-lab.wasm|perceptron-lab.js) total=$((total + gz)) ;; esac
    case "$f" in perceptron-lab-nosimd.*) nosimd=$((nosimd + gz)) ;; esac
    printf '  %-30s %9d bytes  %9d gzipped\n' "$f" "$raw" "$gz" >&2
  done
  printf '  %-30s %9s        %9d gzipped (.wasm + .js; target < 716800)\n' "normal bundle" "" "$total" >&2
  printf '  %-30s %9s        %9d gzipped (.wasm + .js, browsers without wasm SIMD)\n' "bundle without SIMD" "" "$nosimd" >&2
}

cmd_test() {
  local t0=$SECONDS rc=0
  deps_web; install_npm
  log "set-up: $((SECONDS - t0)) s"
  build_preset native-release
  # What the asan.*, corpus.asan and fuzz.* tests run (the fuzzers link the ASan build's core).
  build_preset native-asan "core_tests app_tests pla pla_fuzz"
  build_preset wasm-release
  print_sizes
  log "set-up and builds: $((SECONDS - t0)) s; running tests"
  (cd "$ROOT" && ctest --preset all --output-on-failure) || rc=$?
  log "test: $((SECONDS - t0)) s in all"
  return "$rc"
}

# Speed benchmark (tests/bench): epoch_bench natively and as wasm, kernels_bench (Google
# Benchmark), then run_bench.py generates the data in build/bench (deleted afterwards;
# --keep-data keeps it), runs every implementation and prints the table.
cmd_bench() {
  install_packages "${BENCH_PACKAGES[@]}"; deps_native; fetch_pipwerks; fetch_fflate  # (the wasm build's web folder carries them)
  build_preset native-release pla_bench
  build_preset wasm-release pla_bench
  /usr/bin/python3 "${ROOT}/tests/bench/run_bench.py" --native "${BUILD}/native-release" \
    --wasm "${BUILD}/wasm-release" --work "${BUILD}/bench" "$@"
}

# The packages in a real Moodle (tests/lms): install.sh installs it once per machine and starts
# its services; moodle.test.js adds the activities, walks a student and checks the records.
cmd_test_lms() {
  local t0=$SECONDS www="${LMS_WWW:-}" pla="${LMS_PLA:-}" out="${BUILD}/lms" std ext rc=0
  install_packages; install_npm
  if [ -z "$www" ]; then build_web; www="${BUILD}/wasm-release/www"; fi
  if [ -z "$pla" ]; then build_preset native-release pla; pla="${BUILD}/native-release/pla"; fi
  log "Moodle (tests/lms/install.sh)"
  as_root env LMS_DIR="${LMS_DIR:-/var/lib/perceptron-lab-lms}" LMS_PORT="${LMS_PORT:-8088}" \
    MOODLE_TARBALL="${MOODLE_TARBALL:-${ROOT}/../shared/lms/moodle-4.5.6.tar.xz}" bash "${ROOT}/tests/lms/install.sh"
  log "packages for Moodle (./build.sh package) in ${out}"
  mkdir -p "$out"
  for std in scorm12 scorm2004 h5p; do
    ext=zip; [ "$std" = h5p ] && ext=h5p
    cmd_package --standard "$std" --lesson textbook --www "$www" --out "${out}/${std}.${ext}"
    cmd_package --standard "$std" --lesson textbook --pass 0.8 --www "$www" --out "${out}/${std}-pass.${ext}"
  done
  log "a student in Moodle (tests/lms/moodle.test.js)"
  as_root node "${ROOT}/tests/lms/moodle.test.js" --lms-dir "${LMS_DIR:-/var/lib/perceptron-lab-lms}" \
    --packages "$out" --pla "$pla" --out "${out}/artifacts" "$@" || rc=$?
  log "test-lms: $((SECONDS - t0)) s"
  return "$rc"
}

cmd_serve() {
  build_web
  local port="${PORT:-8000}" www="${BUILD}/wasm-release/www"
  echo "Perceptron Lab: http://127.0.0.1:${port}/  (Ctrl-C to stop)"
  exec /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 --directory "$www"
}

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }  # the header comment

case "${1:-help}" in
  serve)  cmd_serve ;;
  test)   cmd_test ;;
  bench)  shift; cmd_bench "$@" ;;
  package) shift; cmd_package "$@" ;;
  test-lms) shift; cmd_test_lms "$@" ;;
  fuzz)   shift; cmd_fuzz "${1:-30}" ;;
  native) build_native ;;
  web)    build_web ;;
  deps)   deps_web; install_npm ;;
  clean)  log "removing build outputs (keeping cached third-party builds)"; find "${BUILD}" -mindepth 1 -maxdepth 1 ! -name _deps -exec rm -rf {} + 2>/dev/null || true ;;
  help|-h|--help) usage ;;
  *) usage; die "unknown command: $1" ;;
esac

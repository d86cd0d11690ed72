// epoch_bench: the figures behind `./build.sh bench` (tests/bench/run_bench.py), built
// natively and as wasm (run under Node). Prints one JSON object per command on stdout.
//
//   epoch_bench gen --n N --d D --margin G --seed S --out FILE [--plane FILE]
//       writes a separable set with generate_stream (LIBSVM or CSV by extension) and
//       its separating plane (w_1 .. w_d on one line, b on the next)
//   epoch_bench epochs --data FILE --dtype float64|float32 [--plane FILE] [--epochs K] [--repeats R] [--level L]
//       loads the file into memory (timed apart), then times the classic perceptron:
//       - steady epochs: started at the plane, so no update happens and an epoch is
//         N scores (the per-epoch throughput of a converged run): mean of K epochs,
//         best of R runs;
//       - the first epoch from w = 0 (with updates), best of R; it includes the pass that
//         fast_train makes first where the level's scan uses a bound on |x| (scalar, wasm);
//       - one plain read of the data's bytes (what memory bandwidth allows), timed alternately
//         with the epochs, best of all.
//   epoch_bench bandwidth [--mb M]
//       single-core read bandwidth: best of 7 passes over an M MB buffer
//   epoch_bench margin --n N --d D [--margin G] [--seed S]
//       seconds of compute_margin on a generated separable set
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/learn/fast_pla.hpp"
#include "core/data/generators.hpp"
#include "core/theory/margin.hpp"
#include "core/base/simd.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/learn/stream_train.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "epoch_bench: %s\n", message.c_str());
  std::exit(2);
}

std::map<std::string, std::string> options(int argc, char** argv) {
  std::map<std::string, std::string> o;
  for (int i = 2; i < argc; ++i) {
    std::string k = argv[i];
    if (k.rfind("--", 0) != 0 || i + 1 >= argc) die("bad argument " + k);
    o[k.substr(2)] = argv[++i];
  }
  return o;
}

std::string get(const std::map<std::string, std::string>& o, const std::string& k, const std::string& fallback = "") {
  auto it = o.find(k);
  if (it != o.end()) return it->second;
  if (fallback.empty()) die("missing --" + k);
  return fallback;
}

const char* platform() {
#if defined(__EMSCRIPTEN__)
  return "wasm";
#else
  return "native";
#endif
}

// ---------------------------------------------------------------- a plain read pass

#if defined(__x86_64__)
__attribute__((target("avx2"))) double read_avx2(const float* p, std::size_t n) {
  __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    a0 = _mm256_add_ps(a0, _mm256_loadu_ps(p + i));
    a1 = _mm256_add_ps(a1, _mm256_loadu_ps(p + i + 8));
    a2 = _mm256_add_ps(a2, _mm256_loadu_ps(p + i + 16));
    a3 = _mm256_add_ps(a3, _mm256_loadu_ps(p + i + 24));
  }
  float s[8];
  _mm256_storeu_ps(s, _mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)));
  double r = 0;
  for (float v : s) r += v;
  for (; i < n; ++i) r += p[i];
  return r;
}
#endif

double read_generic(const float* p, std::size_t n) {
#if defined(__wasm_simd128__)
  v128_t a0 = wasm_f32x4_splat(0), a1 = a0, a2 = a0, a3 = a0;
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    a0 = wasm_f32x4_add(a0, wasm_v128_load(p + i));
    a1 = wasm_f32x4_add(a1, wasm_v128_load(p + i + 4));
    a2 = wasm_f32x4_add(a2, wasm_v128_load(p + i + 8));
    a3 = wasm_f32x4_add(a3, wasm_v128_load(p + i + 12));
  }
  const v128_t a = wasm_f32x4_add(wasm_f32x4_add(a0, a1), wasm_f32x4_add(a2, a3));
  double r = static_cast<double>(wasm_f32x4_extract_lane(a, 0)) + wasm_f32x4_extract_lane(a, 1) +
             wasm_f32x4_extract_lane(a, 2) + wasm_f32x4_extract_lane(a, 3);
#else
  float a[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::size_t k = 0; k < 8; ++k) a[k] += p[i + k];
  double r = 0;
  for (float v : a) r += v;
#endif
  for (; i < n; ++i) r += p[i];
  return r;
}

// Not inlined: V8 moves a wasm function to its optimising tier between calls, so each
// pass must be a call of its own (a loop inlined into its caller would stay in the baseline tier).
__attribute__((noinline)) double read_pass(const void* data, std::size_t bytes) {
  const auto* p = static_cast<const float*>(data);
  const std::size_t n = bytes / sizeof(float);
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2")) return read_avx2(p, n);
#endif
  return read_generic(p, n);
}

double best_read_seconds(const void* data, std::size_t bytes, int repeats, double* sink) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = Clock::now();
    *sink += read_pass(data, bytes);
    best = std::min(best, since(t0));
  }
  return best;
}

// ---------------------------------------------------------------- commands

struct Plane {
  std::vector<double> w;
  double b = 0.0;
};

Plane read_plane(const std::string& path, int d) {
  Plane p;
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) die("cannot open " + path);
  p.w.resize(static_cast<std::size_t>(d));
  for (double& v : p.w)
    if (std::fscanf(f, "%lf", &v) != 1) die(path + ": expected " + std::to_string(d) + " weights");
  if (std::fscanf(f, "%lf", &p.b) != 1) die(path + ": expected b after the weights");
  std::fclose(f);
  return p;
}

int cmd_gen(const std::map<std::string, std::string>& o) {
  pla::GenSpec spec;
  spec.kind = "separable";
  spec.n = static_cast<std::size_t>(std::strtoull(get(o, "n").c_str(), nullptr, 10));
  spec.d = std::atoi(get(o, "d").c_str());
  spec.margin = std::atof(get(o, "margin", "0.01").c_str());
  spec.seed = std::strtoull(get(o, "seed", "1").c_str(), nullptr, 10);
  pla::GenTruth truth;
  pla::StreamGenStats stats;
  const auto t0 = Clock::now();
  const pla::Status st = pla::generate_stream(spec, get(o, "out"), &truth, &stats);
  if (!st) die(st.error);
  const double secs = since(t0);
  if (o.count("plane")) {
    std::FILE* f = std::fopen(o.at("plane").c_str(), "w");
    if (!f) die("cannot write " + o.at("plane"));
    for (std::size_t j = 0; j < truth.w.size(); ++j) std::fprintf(f, "%s%.17g", j ? " " : "", truth.w[j]);
    std::fprintf(f, "\n%.17g\n", truth.b);
    std::fclose(f);
  }
  std::printf("{\"command\":\"gen\",\"n\":%llu,\"d\":%d,\"bytes\":%llu,\"positives\":%llu,\"seconds\":%.6g}\n",
              static_cast<unsigned long long>(stats.rows), spec.d, static_cast<unsigned long long>(stats.bytes),
              static_cast<unsigned long long>(stats.positives), secs);
  return 0;
}

template <class D>
int run_epochs(const std::map<std::string, std::string>& o, pla::DType dtype, pla::simd::Level level) {
  const std::string path = get(o, "data");
  const int epochs = std::max(1, std::atoi(get(o, "epochs", "5").c_str()));
  const int repeats = std::max(1, std::atoi(get(o, "repeats", "3").c_str()));
  D ds;
  auto t0 = Clock::now();
  pla::Status st = pla::load_stream(path, ds);
  if (!st) die(st.error);
  const double load_seconds = since(t0);
  const std::size_t n = ds.size();
  const auto d = static_cast<std::size_t>(ds.d);
  double checksum = 0.0;
  for (auto v : ds.x) checksum += static_cast<double>(v);
  long long label_sum = 0;
  for (int v : ds.y) label_sum += v;

  pla::PerceptronConfig cfg;
  double steady = -1.0, read_seconds = 1e30, sink = 0.0;
  const std::size_t bytes = ds.x.size() * sizeof(ds.x[0]);
  std::uint64_t steady_updates = 0;
  // Steady epochs and plain read passes alternate, so a drift in the machine's memory
  // bandwidth (other tenants) touches both figures alike; the best of each is kept.
  if (o.count("plane")) {
    const Plane plane = read_plane(o.at("plane"), ds.d);
    steady = 1e30;
    for (int r = 0; r < repeats; ++r) {
      pla::FastPerceptron p;
      st = p.reset(ds.d, cfg, dtype, level);
      if (!st) die(st.error);
      p.set_weights(plane.w, plane.b);
      p.bound_values_of(ds.x.data(), n);  // once per run, as fast_train
      t0 = Clock::now();
      for (int e = 0; e < epochs; ++e) {
        if (p.visit(ds.x.data(), ds.y.data(), n) != n) die("the steady run stopped early");
        p.end_epoch();
      }
      steady = std::min(steady, since(t0) / epochs);
      steady_updates = std::max<std::uint64_t>(steady_updates, p.updates());
      read_seconds = std::min(read_seconds, best_read_seconds(ds.x.data(), bytes, 2, &sink));
    }
  }
  double first = 1e30;
  std::uint64_t first_updates = 0;
  for (int r = 0; r < repeats; ++r) {
    pla::FastPerceptron p;
    st = p.reset(ds.d, cfg, dtype, level);
    if (!st) die(st.error);
    t0 = Clock::now();
    p.bound_values_of(ds.x.data(), n);
    p.visit(ds.x.data(), ds.y.data(), n);
    p.end_epoch();
    first = std::min(first, since(t0));
    first_updates = p.updates();
    read_seconds = std::min(read_seconds, best_read_seconds(ds.x.data(), bytes, 1, &sink));
  }
  std::printf(
      "{\"command\":\"epochs\",\"impl\":\"pla\",\"platform\":\"%s\",\"level\":\"%s\",\"dtype\":\"%s\",\"n\":%zu,"
      "\"d\":%zu,\"load_seconds\":%.6g,\"epoch_seconds\":%.6g,\"epoch_updates\":%llu,\"epochs\":%d,"
      "\"first_epoch_seconds\":%.6g,\"first_epoch_updates\":%llu,\"data_bytes\":%zu,\"read_pass_seconds\":%.6g,"
      "\"checksum\":%.17g,\"label_sum\":%lld,\"sink\":%d}\n",
      platform(), pla::simd::to_string(level), pla::to_string(dtype), n, d, load_seconds, steady,
      static_cast<unsigned long long>(steady_updates), epochs, first, static_cast<unsigned long long>(first_updates),
      bytes, read_seconds, checksum, label_sum, sink != 0.0 ? 1 : 0);
  return 0;
}

int cmd_epochs(const std::map<std::string, std::string>& o) {
  pla::simd::Level level = pla::simd::level();
  if (o.count("level")) {
    bool found = false;
    for (pla::simd::Level v : pla::simd::levels())
      if (o.at("level") == pla::simd::to_string(v)) level = v, found = true;
    if (!found) die("level " + o.at("level") + " is not available here");
  }
  pla::DType dtype;
  if (!pla::parse_dtype(get(o, "dtype", "float64"), dtype)) die("bad --dtype");
  return dtype == pla::DType::Float32 ? run_epochs<pla::DatasetF32>(o, dtype, level)
                                      : run_epochs<pla::Dataset>(o, dtype, level);
}

int cmd_bandwidth(const std::map<std::string, std::string>& o) {
  const auto mb = static_cast<std::size_t>(std::strtoull(get(o, "mb", "1024").c_str(), nullptr, 10));
  std::vector<float> buf(mb * (std::size_t{1} << 20) / sizeof(float), 1.0f);
  double sink = 0.0;
  const double secs = best_read_seconds(buf.data(), buf.size() * sizeof(float), 7, &sink);
  std::printf("{\"command\":\"bandwidth\",\"platform\":\"%s\",\"bytes\":%zu,\"seconds\":%.6g,\"gb_per_s\":%.4g,"
              "\"sink\":%g}\n",
              platform(), buf.size() * sizeof(float), secs, static_cast<double>(buf.size() * sizeof(float)) / secs / 1e9,
              sink);
  return 0;
}

int cmd_margin(const std::map<std::string, std::string>& o) {
  pla::GenSpec spec;
  spec.kind = "separable";
  spec.n = static_cast<std::size_t>(std::strtoull(get(o, "n").c_str(), nullptr, 10));
  spec.d = std::atoi(get(o, "d").c_str());
  spec.margin = std::atof(get(o, "margin", "0.01").c_str());
  spec.seed = std::strtoull(get(o, "seed", "1").c_str(), nullptr, 10);
  pla::Dataset ds;
  pla::Status st = pla::generate(spec, ds);
  if (!st) die(st.error);
  pla::MarginResult m;
  double best = 1e30;
  for (int r = 0; r < 2; ++r) {
    const auto t0 = Clock::now();
    st = pla::compute_margin(ds, m);
    best = std::min(best, since(t0));
    if (!st) die(st.error);
  }
  std::printf("{\"command\":\"margin\",\"platform\":\"%s\",\"n\":%zu,\"d\":%d,\"seconds\":%.6g,\"gamma\":%.9g,"
              "\"separable\":%s,\"converged\":%s,\"iterations\":%zu}\n",
              platform(), ds.size(), ds.d, best, m.gamma, m.separable ? "true" : "false",
              m.converged ? "true" : "false", m.iterations);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) die("usage: epoch_bench gen|epochs|bandwidth|margin [--key value ...]");
  const std::string cmd = argv[1];
  const auto o = options(argc, argv);
  if (cmd == "gen") return cmd_gen(o);
  if (cmd == "epochs") return cmd_epochs(o);
  if (cmd == "bandwidth") return cmd_bandwidth(o);
  if (cmd == "margin") return cmd_margin(o);
  die("unknown command " + cmd);
}

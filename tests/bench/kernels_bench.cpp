// Google Benchmark cases for the kernels of simd.hpp, at every SIMD level this machine
// runs (scalar / sse2 / avx2 / avx512), plus the streaming parser. Not a test: it prints figures.
//   build/<preset>/tests/kernels_bench [--benchmark_filter=...]
// Items per second are rows (samples) per second; bytes per second count the rows' x.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/learn/fast_pla.hpp"
#include "core/base/rng.hpp"
#include "core/base/simd.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/data/generators.hpp"

namespace {

struct Data {
  std::size_t n = 0, d = 0;
  std::vector<double> x64;
  std::vector<float> x32;
  std::vector<int> y;
  std::vector<double> w64;
  std::vector<float> w32;
};

// Rows with y = sign(w.x + 1): w.x + b with b = 1 classifies all, so a scan finds no violation.
Data make_data(std::size_t n, std::size_t d) {
  Data g;
  g.n = n;
  g.d = d;
  pla::Rng rng(7);
  g.w64.resize(d);
  for (double& v : g.w64) v = rng.uniform(-0.1, 0.1) / static_cast<double>(d);
  g.w32.assign(g.w64.begin(), g.w64.end());
  g.x64.resize(n * d);
  for (double& v : g.x64) v = rng.uniform(-1, 1);
  g.x32.assign(g.x64.begin(), g.x64.end());
  g.y.assign(n, 1);
  return g;
}

void set_rates(benchmark::State& state, const Data& g, std::size_t value_bytes) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(g.n));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(g.n * g.d * value_bytes));
}

void scan_f64(benchmark::State& state, pla::simd::Level level, std::size_t n, std::size_t d) {
  const Data g = make_data(n, d);
  for (auto _ : state) {
    double s = 0;
    const std::size_t k =
        pla::simd::first_violation_f64(g.x64.data(), g.y.data(), n, d, g.w64.data(), 1.0, 0.0, &s, level);
    benchmark::DoNotOptimize(k);
  }
  set_rates(state, g, sizeof(double));
}

void scan_f32(benchmark::State& state, pla::simd::Level level, std::size_t n, std::size_t d) {
  const Data g = make_data(n, d);
  for (auto _ : state) {
    double s = 0;
    const std::size_t k =
        pla::simd::first_violation_f32(g.x32.data(), g.y.data(), n, d, g.w32.data(), 1.0, 0.0, &s, level);
    benchmark::DoNotOptimize(k);
  }
  set_rates(state, g, sizeof(float));
}

void scores_f64(benchmark::State& state, pla::simd::Level level, std::size_t n, std::size_t d) {
  const Data g = make_data(n, d);
  std::vector<double> out(n);
  for (auto _ : state) {
    pla::simd::scores_f64(g.x64.data(), n, d, g.w64.data(), 1.0, out.data(), level);
    benchmark::DoNotOptimize(out.data());
  }
  set_rates(state, g, sizeof(double));
}

// An epoch with updates from w = 0 (the first epoch of a real run), float64 and float32.
void first_epoch(benchmark::State& state, pla::DType dtype, std::size_t n, std::size_t d) {
  Data g = make_data(n, d);
  pla::Rng rng(3);
  for (int& v : g.y) v = rng.uniform01() < 0.5 ? -1 : 1;
  pla::PerceptronConfig cfg;
  std::uint64_t updates = 0;
  for (auto _ : state) {
    pla::FastPerceptron p;
    p.reset(static_cast<int>(d), cfg, dtype);
    if (dtype == pla::DType::Float64) p.visit(g.x64.data(), g.y.data(), n);
    else p.visit(g.x32.data(), g.y.data(), n);
    updates = p.updates();
  }
  state.counters["updates"] = static_cast<double>(updates);
  set_rates(state, g, dtype == pla::DType::Float64 ? sizeof(double) : sizeof(float));
}

void parse(benchmark::State& state, const std::string& path, std::size_t bytes) {
  std::vector<double> x;
  std::vector<int> y;
  for (auto _ : state) {
    pla::DataStream s;
    if (!s.open(path).ok) state.SkipWithError("cannot open the generated file");
    std::size_t rows = 0;
    while (s.read(4096, x, y).ok && !y.empty()) rows += y.size();
    benchmark::DoNotOptimize(rows);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  struct Shape {
    std::size_t n, d;
    const char* where;
  };
  // 1 MB of float64 rows (in cache) and 256 MB (from memory).
  const Shape shapes[] = {{4096, 32, "cache"}, {512, 256, "cache"}, {1000000, 32, "memory"}, {125000, 256, "memory"}};
  for (pla::simd::Level level : pla::simd::levels()) {
    const std::string lv = pla::simd::to_string(level);
    for (const Shape& s : shapes) {
      const std::string tag = "/" + lv + "/d" + std::to_string(s.d) + "/" + s.where;
      benchmark::RegisterBenchmark(("scan_f64" + tag).c_str(), scan_f64, level, s.n, s.d);
      benchmark::RegisterBenchmark(("scan_f32" + tag).c_str(), scan_f32, level, s.n, s.d);
      benchmark::RegisterBenchmark(("scores_f64" + tag).c_str(), scores_f64, level, s.n, s.d);
    }
  }
  for (pla::DType t : {pla::DType::Float64, pla::DType::Float32})
    benchmark::RegisterBenchmark((std::string("first_epoch/") + pla::to_string(t) + "/d32").c_str(), first_epoch, t,
                                 std::size_t{200000}, std::size_t{32});

  // The streaming parser on a generated 200,000 x 32 CSV (about 50 MB).
  const std::string path = "/tmp/pla_kernels_bench.csv";
  pla::GenSpec spec;
  spec.kind = "separable";
  spec.n = 200000;
  spec.d = 32;
  spec.margin = 0.01;
  pla::StreamGenStats gs;
  if (pla::generate_stream(spec, path, nullptr, &gs).ok)
    benchmark::RegisterBenchmark("parse_csv/d32", parse, path, static_cast<std::size_t>(gs.bytes));

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::remove(path.c_str());
  return 0;
}

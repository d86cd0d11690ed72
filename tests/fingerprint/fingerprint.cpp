// Prints a hash of each seeded computation of the core. The test
// wasm.fingerprint_matches_native runs this natively and as wasm under Node and
// requires identical output: same seed, same bits, on every platform.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/data/generators.hpp"
#include "core/learn/learners.hpp"
#include "core/theory/margin.hpp"
#include "core/learn/trace.hpp"
#include "core/learn/perceptron.hpp"
#include "core/data/presets.hpp"
#include "core/base/rng.hpp"

namespace {

struct Hash {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  std::uint64_t count = 0;
  void bytes(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ULL;
  }
  void add(double v) {
    bytes(&v, sizeof v);
    ++count;
  }
  void add(std::uint64_t v) {
    bytes(&v, sizeof v);
    ++count;
  }
};

void print(const char* name, const Hash& h) {
  std::printf("%-28s %016llx  (%llu values)\n", name, static_cast<unsigned long long>(h.h),
              static_cast<unsigned long long>(h.count));
}

// A seeded random data set: Gaussian points labelled by a random hyperplane.
pla::Dataset random_set(std::uint64_t seed, int d, std::size_t n) {
  pla::Rng rng(seed);
  pla::Dataset ds;
  ds.d = d;
  std::vector<double> w(static_cast<std::size_t>(d));
  for (double& v : w) v = rng.normal();
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> x(static_cast<std::size_t>(d));
    double s = 0.3;
    for (int j = 0; j < d; ++j) {
      x[static_cast<std::size_t>(j)] = 3.0 * rng.uniform01() - 1.5;
      s += w[static_cast<std::size_t>(j)] * x[static_cast<std::size_t>(j)];
    }
    ds.add(x, s >= 0 ? 1 : -1);
  }
  return ds;
}

void trace_hash(Hash& h, const pla::Dataset& ds, const pla::PerceptronConfig& cfg, int epochs) {
  pla::Perceptron p;
  p.reset(ds, cfg);
  for (int e = 0; e < epochs && !p.converged(); ++e) {
    while (true) {
      const pla::StepInfo s = p.step(ds);
      h.add(static_cast<std::uint64_t>(s.index));
      h.add(s.score);
      if (s.epoch_end) break;
    }
  }
  for (double v : p.w()) h.add(v);
  h.add(p.b());
  h.add(p.updates());
}

// The generator's raw streams: 64-bit words, uniforms, bounded integers and normals.
void hash_rng() {
  Hash h;
  pla::Rng rng(42);
  for (int i = 0; i < 1000; ++i) h.add(rng.next_u64());
  for (int i = 0; i < 1000; ++i) h.add(rng.uniform01());
  for (int i = 0; i < 1000; ++i) h.add(rng.below(1000003));
  for (int i = 0; i < 1000; ++i) h.add(rng.normal());
  print("rng", h);
}

// The deterministic elementary functions over a sweep of arguments.
void hash_det_math() {
  Hash h;
  for (int i = 1; i <= 2000; ++i) {
    const double x = i * 0.0137 - 13.0;
    h.add(pla::det_sin(x));
    h.add(pla::det_cos(x));
    h.add(pla::det_exp(x));
    h.add(pla::det_log(i * 0.731));
  }
  print("det_math", h);
}

// Every classic preset: its points and labels, then a perceptron trace on it.
void hash_presets() {
  Hash h;
  for (const std::string& name : pla::preset_names()) {
    pla::Dataset ds;
    pla::make_preset(name, ds);
    for (double v : ds.x) h.add(v);
    for (int v : ds.y) h.add(static_cast<std::uint64_t>(v + 2));
    pla::PerceptronConfig cfg;
    cfg.eta = 0.5;
    trace_hash(h, ds, cfg, 100);
  }
  print("presets_classic", h);
}

// Every generator kind: the generated set and its margin.
void hash_generators() {
  for (const std::string& kind : pla::generator_kinds()) {
    Hash h;
    pla::GenSpec spec;
    spec.kind = kind;
    spec.n = 257;
    spec.d = (kind == "separable" || kind == "noisy" || kind == "blobs") ? 7 : 2;
    spec.seed = 99;
    spec.margin = 0.05;
    spec.noise = 0.2;
    pla::Dataset ds;
    if (!pla::generate(spec, ds)) {
      std::printf("%-28s generation failed\n", kind.c_str());
      continue;
    }
    for (double v : ds.x) h.add(v);
    for (int v : ds.y) h.add(static_cast<std::uint64_t>(v + 2));
    pla::MarginResult m;
    if (pla::compute_margin(ds, m)) {
      h.add(m.gamma);
      h.add(m.gamma_aug);
      for (double v : m.u) h.add(v);
    }
    const std::string name = "gen_" + kind;
    print(name.c_str(), h);
  }
}

// Every learner through the trace, on a noisy set: weights, votes and alphas.
void hash_learners() {
  pla::GenSpec spec;
  spec.kind = "noisy";
  spec.n = 120;
  spec.d = 3;
  spec.noise = 0.1;
  spec.seed = 5;
  pla::Dataset ds;
  pla::generate(spec, ds);
  for (const std::string& algo : pla::learner_names()) {
    Hash h;
    pla::LearnerConfig cfg;
    pla::parse_algo(algo, cfg.algo);
    cfg.pla.eta = 0.3;
    cfg.pla.order = pla::Order::Shuffle;
    cfg.pla.seed = 17;
    cfg.pla.tau = algo == "margin" ? 0.5 : 0.0;
    if (algo == "kernel") cfg.kernel.type = pla::KernelType::Rbf, cfg.kernel.gamma = 1.5;
    std::unique_ptr<pla::Learner> l;
    if (!pla::make_learner(cfg, l) || !l->reset(ds)) continue;
    pla::Trace trace;
    trace.start(*l);
    for (int e = 0; e < 25; ++e) trace.run_epoch(*l, ds);
    for (std::size_t i = 0; i < ds.size(); ++i) h.add(l->score(ds.row(i)));
    for (double v : l->w()) h.add(v);
    h.add(l->b());
    h.add(l->updates());
    std::unique_ptr<pla::Learner> back;
    if (trace.state_at(l->steps() / 2, ds, back)) h.add(back->score(ds.row(0)));
    const std::string name = "learner_" + algo;
    print(name.c_str(), h);
  }
}

// Random sets in 2, 5 and 17 dimensions under every order and init, with and without restart.
void hash_random_sets() {
  const pla::Order orders[] = {pla::Order::Cyclic, pla::Order::Shuffle, pla::Order::Random};
  for (int d : {2, 5, 17}) {
    Hash h;
    const pla::Dataset ds = random_set(1000u + static_cast<unsigned>(d), d, 300);
    for (double v : ds.x) h.add(v);
    for (pla::Order order : orders) {
      for (pla::Init init : {pla::Init::Zero, pla::Init::Random}) {
        pla::PerceptronConfig cfg;
        cfg.eta = 0.1;
        cfg.order = order;
        cfg.init = init;
        cfg.seed = 7;
        trace_hash(h, ds, cfg, 50);
        cfg.restart = true;
        trace_hash(h, ds, cfg, 50);
      }
    }
    const std::string name = "random_set_d" + std::to_string(d);
    print(name.c_str(), h);
  }
}

}  // namespace

int main() {
  hash_rng();
  hash_det_math();
  hash_presets();
  hash_generators();
  hash_learners();
  hash_random_sets();
  return 0;
}

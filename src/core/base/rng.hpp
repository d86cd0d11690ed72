// Perceptron Lab core: the project's own random numbers.
// std:: distributions differ between libstdc++ (native) and libc++ (Emscripten),
// so every random draw goes through this generator and these mappings: the same
// seed gives the same bits on every platform.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pla {

// xoshiro256** seeded through splitmix64 (Blackman & Vigna).
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 1) { reseed(seed); }
  void reseed(std::uint64_t seed);

  std::uint64_t next_u64();
  // Uniform in [0, 1): the top 53 bits scaled by 2^-53 (exact in double).
  double uniform01();
  // Uniform in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }
  // Uniform integer in [0, n), n > 0, without modulo bias (rejection).
  std::uint64_t below(std::uint64_t n);
  // Standard normal (Marsaglia polar method over the project's own log).
  double normal();
  // Fisher-Yates shuffle of indices.
  void shuffle(std::vector<std::size_t>& v);

 private:
  std::uint64_t s_[4]{};
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// Deterministic elementary functions built only from +, -, *, / and sqrt
// (all correctly rounded by IEEE 754), so they give the same bits natively and in
// wasm, unlike the platform libm. Accurate to a few ulp; used for data generation.
double det_log(double x);                 // x > 0
double det_exp(double x);
double det_sin(double x);
double det_cos(double x);
constexpr double kPi = 3.14159265358979323846;

}  // namespace pla

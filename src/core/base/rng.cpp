#include "core/base/rng.hpp"

#include <cmath>
#include <cstring>

namespace pla {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

void Rng::reseed(std::uint64_t seed) {
  std::uint64_t x = seed;
  for (auto& s : s_) s = splitmix64(x);
  has_spare_ = false;
  spare_ = 0.0;
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

std::uint64_t Rng::below(std::uint64_t n) {
  if (n <= 1) return 0;
  // Reject the top partial block so every residue is equally likely.
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
  std::uint64_t r;
  do r = next_u64(); while (r >= limit);
  return r % n;
}

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u, v, s;
  do {
    u = 2.0 * uniform01() - 1.0;
    v = 2.0 * uniform01() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double f = std::sqrt(-2.0 * det_log(s) / s);
  spare_ = v * f;
  has_spare_ = true;
  return u * f;
}

void Rng::shuffle(std::vector<std::size_t>& v) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(below(i));
    const std::size_t t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
  }
}

// ---------------------------------------------------------------------------
// Deterministic elementary functions.

double det_log(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -HUGE_VAL : NAN;
  if (std::isinf(x)) return x;
  // x = m * 2^e with m in [sqrt(1/2), sqrt(2)): frexp is exact.
  int e = 0;
  double m = std::frexp(x, &e);  // m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    e -= 1;
  }
  // log(m) = 2 atanh(t), t = (m - 1) / (m + 1), |t| < 0.1716.
  const double t = (m - 1.0) / (m + 1.0);
  const double t2 = t * t;
  double term = t, sum = 0.0;
  for (int k = 1; k <= 41; k += 2) {
    sum += term / k;
    term *= t2;
  }
  return 2.0 * sum + static_cast<double>(e) * 0.69314718055994530942;
}

double det_exp(double x) {
  if (x != x) return x;
  if (x > 709.8) return HUGE_VAL;
  if (x < -745.2) return 0.0;
  // x = k ln2 + r, |r| <= ln2 / 2; exp(r) by Taylor series; scale by 2^k (exact).
  const double k = std::floor(x / 0.69314718055994530942 + 0.5);
  const double r = x - k * 0.69314718055994530942;
  double term = 1.0, sum = 1.0;
  for (int i = 1; i <= 24; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

namespace {
// sin and cos of r in [-pi/4, pi/4] by Taylor series.
double sin_small(double r) {
  const double r2 = r * r;
  double term = r, sum = r;
  for (int i = 1; i <= 12; ++i) {
    term *= -r2 / ((2.0 * i) * (2.0 * i + 1.0));
    sum += term;
  }
  return sum;
}
double cos_small(double r) {
  const double r2 = r * r;
  double term = 1.0, sum = 1.0;
  for (int i = 1; i <= 12; ++i) {
    term *= -r2 / ((2.0 * i - 1.0) * (2.0 * i));
    sum += term;
  }
  return sum;
}
// Reduce x to r in [-pi/4, pi/4] and quadrant q (x = q pi/2 + r).
double reduce(double x, long long& q) {
  const double half_pi = kPi / 2.0;
  const double n = std::floor(x / half_pi + 0.5);
  q = static_cast<long long>(n);
  return x - n * half_pi;
}
}  // namespace

double det_sin(double x) {
  if (!std::isfinite(x)) return NAN;
  long long q = 0;
  const double r = reduce(x, q);
  switch (((q % 4) + 4) % 4) {
    case 0: return sin_small(r);
    case 1: return cos_small(r);
    case 2: return -sin_small(r);
    default: return -cos_small(r);
  }
}

double det_cos(double x) {
  if (!std::isfinite(x)) return NAN;
  long long q = 0;
  const double r = reduce(x, q);
  switch (((q % 4) + 4) % 4) {
    case 0: return cos_small(r);
    case 1: return -sin_small(r);
    case 2: return -cos_small(r);
    default: return sin_small(r);
  }
}

}  // namespace pla

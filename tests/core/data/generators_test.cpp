// Seeded generators: determinism, sizes, both classes, the margin guarantee of
// `separable`, the exact flip count of `noisy`, the geometry of the 2-D shapes.
#include "core/data/generators.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/presets.hpp"
#include "expect_message.hpp"

namespace pla::generators_test {
namespace {

using test::failed_with;

GenSpec spec_of(const std::string& kind, std::size_t n = 100, int d = 2, std::uint64_t seed = 1) {
  GenSpec s;
  s.kind = kind;
  s.n = n;
  s.d = d;
  s.seed = seed;
  return s;
}

bool same_bits(const Dataset& a, const Dataset& b) {
  return a.d == b.d && a.y == b.y && a.x.size() == b.x.size() &&
         std::memcmp(a.x.data(), b.x.data(), a.x.size() * sizeof(double)) == 0;
}

// w.x + b with w.x summed in index order.
double score(const std::vector<double>& w, double b, const double* x) {
  double s = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) s += w[j] * x[j];
  return s + b;
}

double norm(const std::vector<double>& w) {
  double s = 0.0;
  for (double v : w) s += v * v;
  return std::sqrt(s);
}

TEST(Generators, KindsInMenuOrder) {
  EXPECT_EQ(generator_kinds(), (std::vector<std::string>{"separable", "noisy", "xor", "circles", "moons", "blobs",
                                                         "textbook", "six", "and", "or", "customers", "iris"}));
}

TEST(Generators, EveryKindHasRightSizeAndBothClasses) {
  for (const std::string& kind : generator_kinds()) {
    Dataset ds;
    const Status st = generate(spec_of(kind, 37), ds);
    ASSERT_TRUE(st.ok) << kind << ": " << st.error;
    EXPECT_TRUE(ds.validate().ok) << kind;
    EXPECT_EQ(ds.d, 2) << kind;
    EXPECT_GT(ds.count(1), 0u) << kind;
    EXPECT_GT(ds.count(-1), 0u) << kind;
    bool preset = false;
    for (const std::string& p : preset_names()) preset = preset || p == kind;
    if (!preset) {
      EXPECT_EQ(ds.size(), 37u) << kind;
    }
  }
}

TEST(Generators, DeterministicPerSeed) {
  for (const char* kind : {"separable", "noisy", "xor", "circles", "moons", "blobs"}) {
    Dataset a, b, c;
    ASSERT_TRUE(generate(spec_of(kind, 50, 2, 7), a).ok);
    ASSERT_TRUE(generate(spec_of(kind, 50, 2, 7), b).ok);
    ASSERT_TRUE(generate(spec_of(kind, 50, 2, 8), c).ok);
    EXPECT_TRUE(same_bits(a, b)) << kind;
    EXPECT_NE(a.x, c.x) << kind;
  }
}

TEST(Generators, PresetKindsAreThePresets) {
  for (const std::string& name : preset_names()) {
    Dataset a, b;
    ASSERT_TRUE(generate(spec_of(name, 5, 9, 3), a).ok) << name;
    ASSERT_TRUE(make_preset(name, b).ok);
    EXPECT_TRUE(same_bits(a, b)) << name;
  }
}

TEST(Generators, SeparableKeepsTheRequestedMargin) {
  struct Case {
    int d;
    std::size_t n;
    double gamma;
    std::uint64_t seed;
  };
  for (const Case& c : {Case{2, 200, 0.1, 1}, Case{2, 200, 0.5, 2}, Case{1, 50, 0.3, 3}, Case{3, 300, 0.2, 4},
                        Case{50, 100, 0.05, 5}, Case{1000, 40, 0.1, 6}, Case{2, 100, 0.0, 7}}) {
    GenSpec s = spec_of("separable", c.n, c.d, c.seed);
    s.margin = c.gamma;
    Dataset ds;
    GenTruth truth;
    const Status st = generate(s, ds, &truth);
    ASSERT_TRUE(st.ok) << st.error;
    ASSERT_EQ(ds.size(), c.n);
    ASSERT_EQ(ds.d, c.d);
    ASSERT_TRUE(truth.has_plane);
    ASSERT_EQ(truth.w.size(), static_cast<std::size_t>(c.d));
    EXPECT_NEAR(norm(truth.w), 1.0, 1e-12);
    EXPECT_LE(std::fabs(truth.b), 0.25);
    double min_margin = 1e300;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      for (int j = 0; j < ds.d; ++j) {
        ASSERT_GE(ds.row(i)[j], -1.0);
        ASSERT_LT(ds.row(i)[j], 1.0);
      }
      const double m = ds.y[i] * score(truth.w, truth.b, ds.row(i)) / norm(truth.w);
      if (m < min_margin) min_margin = m;
    }
    EXPECT_GE(min_margin, c.gamma) << "d=" << c.d;
    EXPECT_GT(min_margin, 0.0);
    EXPECT_GT(ds.count(1), 0u);
    EXPECT_GT(ds.count(-1), 0u);
  }
}

TEST(Generators, TwoPointsAlwaysGetBothClasses) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Dataset ds;
    ASSERT_TRUE(generate(spec_of("separable", 2, 3, seed), ds).ok);
    EXPECT_EQ(ds.count(1), 1u) << seed;
  }
}

TEST(Generators, MarginTooLargeForTheBoxFails) {
  // d = 1: the plane sits at x = -b/w with |b| <= 0.25, so one side of it has no
  // point at distance 1 inside [-1, 1]: both classes are impossible.
  GenSpec s = spec_of("separable", 100, 1);
  s.margin = 1.0;
  Dataset ds;
  const Status st = generate(s, ds);
  EXPECT_TRUE(failed_with(st, Msg::gen_separable_failed, {{"n", "100"}, {"margin", "1"}, {"d", "1"}}));
  EXPECT_TRUE(ds.empty());
}

TEST(Generators, NoisyFlipsExactlyRoundedFractionOfLabels) {
  struct Case {
    std::size_t n;
    double noise;
    std::size_t flips;  // round(noise * n), half up, by hand
  };
  for (const Case& c : {Case{101, 0.1, 10}, Case{50, 0.25, 13}, Case{40, 0.5, 20}, Case{30, 0.0, 0}, Case{7, 0.1, 1}}) {
    GenSpec s = spec_of("noisy", c.n, 3, 11);
    s.noise = c.noise;
    s.margin = 0.05;
    Dataset ds;
    GenTruth truth;
    const Status st = generate(s, ds, &truth);
    ASSERT_TRUE(st.ok) << st.error;
    std::vector<std::size_t> disagree;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double m = score(truth.w, truth.b, ds.row(i)) / norm(truth.w);
      EXPECT_GE(std::fabs(m), 0.05);  // the margin holds before the flips
      if ((m > 0 ? 1 : -1) != ds.y[i]) disagree.push_back(i);
    }
    EXPECT_EQ(disagree.size(), c.flips) << "n=" << c.n << " noise=" << c.noise;
    EXPECT_EQ(disagree, truth.flipped);
    EXPECT_GT(ds.count(1), 0u);
    EXPECT_GT(ds.count(-1), 0u);
  }
}

TEST(Generators, XorLabelIsSignOfProduct) {
  GenSpec s = spec_of("xor", 400);
  s.noise = 0.0;
  Dataset ds;
  ASSERT_TRUE(generate(s, ds).ok);
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double a = ds.row(i)[0], b = ds.row(i)[1];
    EXPECT_GE(std::fabs(a), 0.1);
    EXPECT_LE(std::fabs(a), 1.0);
    EXPECT_EQ(ds.y[i], a * b > 0 ? 1 : -1);
  }
  EXPECT_EQ(ds.count(1), 200u);
}

TEST(Generators, CirclesLieOnTheirRings) {
  GenSpec s = spec_of("circles", 300);
  s.noise = 0.0;
  Dataset ds;
  ASSERT_TRUE(generate(s, ds).ok);
  double sum_x = 0.0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double r = std::hypot(ds.row(i)[0], ds.row(i)[1]);
    EXPECT_NEAR(r, ds.y[i] > 0 ? 0.5 : 1.0, 1e-12);
    sum_x += ds.row(i)[0];
  }
  EXPECT_NEAR(sum_x / 300, 0.0, 0.15);  // angles spread around the circle
  EXPECT_EQ(ds.count(1), 150u);
}

TEST(Generators, MoonsLieOnTheirHalfCircles) {
  GenSpec s = spec_of("moons", 200);
  s.noise = 0.0;
  Dataset ds;
  ASSERT_TRUE(generate(s, ds).ok);
  for (std::size_t i = 0; i < ds.size(); ++i) {
    // Undo the shift (-0.5, -0.25): upper moon centred at (0, 0), lower at (1, 0.5).
    const double a = ds.row(i)[0] + 0.5, b = ds.row(i)[1] + 0.25;
    if (ds.y[i] < 0) {
      EXPECT_NEAR(std::hypot(a, b), 1.0, 1e-12);
      EXPECT_GE(b, -1e-12);
    } else {
      EXPECT_NEAR(std::hypot(a - 1.0, b - 0.5), 1.0, 1e-12);
      EXPECT_LE(b - 0.5, 1e-12);
    }
  }
}

TEST(Generators, BlobsAreTwoGaussiansOneApart) {
  GenSpec s = spec_of("blobs", 4000, 5, 3);
  s.noise = 0.2;
  Dataset ds;
  ASSERT_TRUE(generate(s, ds).ok);
  std::vector<double> mean_pos(5, 0.0), mean_neg(5, 0.0);
  for (std::size_t i = 0; i < ds.size(); ++i)
    for (std::size_t j = 0; j < 5; ++j) (ds.y[i] > 0 ? mean_pos : mean_neg)[j] += ds.row(i)[j] / 2000.0;
  double dist_sq = 0.0, var = 0.0;
  for (std::size_t j = 0; j < 5; ++j) dist_sq += (mean_pos[j] - mean_neg[j]) * (mean_pos[j] - mean_neg[j]);
  for (std::size_t i = 0; i < ds.size(); i += 2) {  // +1 points: spread around their mean
    const double v = ds.row(i)[0] - mean_pos[0];
    var += v * v / 2000.0;
  }
  EXPECT_NEAR(std::sqrt(dist_sq), 1.0, 0.05);  // centres o + 0.5u and o - 0.5u
  EXPECT_NEAR(std::sqrt(var), 0.2, 0.02);
}

TEST(Generators, InvalidSpecsAreRejectedWithReasons) {
  struct Case {
    GenSpec spec;
    Msg code;
    MsgArgs args;
  };
  auto with = [](GenSpec s, double margin, double noise) {
    s.margin = margin;
    s.noise = noise;
    return s;
  };
  const std::vector<Case> cases = {
      {spec_of("separable", 1), Msg::gen_n_range, {{"kind", "separable"}, {"n", "1"}, {"limit", "10000000"}}},
      {spec_of("blobs", 10000001), Msg::gen_n_range, {{"kind", "blobs"}, {"n", "10000001"}}},
      {spec_of("separable", 10, 0), Msg::gen_d_range, {{"kind", "separable"}, {"d", "0"}, {"limit", "100000"}}},
      {spec_of("blobs", 10, 100001), Msg::gen_d_range, {{"d", "100001"}}},
      {spec_of("blobs", 10000000, 3), Msg::gen_too_many_values,
       {{"kind", "blobs"}, {"n", "10000000"}, {"d", "3"}, {"limit", std::to_string(kMaxValues)}}},
      {spec_of("xor", 10, 3), Msg::gen_planar, {{"kind", "xor"}, {"d", "3"}}},
      {spec_of("circles", 10, 1), Msg::gen_planar, {{"kind", "circles"}, {"d", "1"}}},
      {with(spec_of("separable"), -0.1, 0.1), Msg::gen_margin_range, {{"kind", "separable"}, {"margin", "-0.1"}}},
      {with(spec_of("noisy"), 1.5, 0.1), Msg::gen_margin_range, {{"kind", "noisy"}, {"margin", "1.5"}}},
      {with(spec_of("separable"), std::nan(""), 0.1), Msg::gen_margin_range, {{"margin", "nan"}}},
      {with(spec_of("noisy"), 0.1, 0.6), Msg::gen_noise_range, {{"kind", "noisy"}, {"noise", "0.6"}}},
      {with(spec_of("moons"), 0.1, -0.01), Msg::gen_noise_range, {{"kind", "moons"}, {"noise", "-0.01"}}},
      {spec_of("spiral"), Msg::gen_unknown, {{"kind", "spiral"}}},
  };
  for (const Case& c : cases) {
    Dataset ds;
    const Status st = generate(c.spec, ds);
    EXPECT_TRUE(failed_with(st, c.code, c.args)) << c.spec.kind;
  }
  // The list of known generators is the table's, joined.
  Dataset ds;
  const Status st = generate(spec_of("spiral"), ds);
  std::string known;
  for (const std::string& k : generator_kinds()) known += (known.empty() ? "" : ", ") + k;
  EXPECT_EQ(test::arg(st, "known"), known);
}

}  // namespace
}  // namespace pla::generators_test

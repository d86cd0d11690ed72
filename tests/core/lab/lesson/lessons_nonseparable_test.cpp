// The lessons on data no line separates (not-separable, averaged-early-stopping) and on the
// VC bound (vc-bound), walked as built in: every number their texts state as a literal and
// every comparison they make is checked here on the lesson's own data. The oracles are
// independent of the learners and of the lab's margin code where they can be: the learners
// are rerun epoch by epoch outside the session, the best line of a data set is found by
// trying every line through two of its points, the hulls are shown to meet by two crossing
// segments, and the VC numbers are recomputed from the formula.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/data/generators.hpp"
#include "core/learn/learners.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/theory/margin.hpp"
#include "core/learn/metrics.hpp"
#include "core/lab/session/session.hpp"
#include "core/theory/vc.hpp"

namespace pla::lessons_nonseparable_test {
namespace {

// Runs the lesson (questions skipped with next) until step `target` (0-based) is shown.
void show_step(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

using test::contains;

// A learner of the session's settings with another algorithm, reset on `ds`.
std::unique_ptr<Learner> fresh_learner(const Session& s, Algo algo, const Dataset& ds) {
  LearnerConfig c = s.settings().learner;
  c.algo = algo;
  std::unique_ptr<Learner> l;
  EXPECT_TRUE(make_learner(c, l).ok);
  EXPECT_TRUE(l->reset(ds).ok);
  return l;
}

// What the learner answers after each of epochs 1..epochs on the training points: the
// training points it misclassifies (index e - 1 for epoch e), and the validation points
// it misclassifies (and gets right, as the lab's accuracy counts them) if given.
struct Curve {
  std::vector<std::size_t> train, validation_mistakes;
  std::vector<double> validation_accuracy;
};
Curve curve(const Session& s, Algo algo, std::uint64_t epochs, const Dataset* validation = nullptr) {
  const Dataset& ds = s.train_set();
  std::unique_ptr<Learner> l = fresh_learner(s, algo, ds);
  Curve c;
  if (validation) c.validation_mistakes.push_back(count_mistakes(*l, *validation));  // epoch 0: the start
  while (l->epoch() < epochs) {
    if (!l->step(ds).epoch_end) continue;
    c.train.push_back(count_mistakes(*l, ds));
    if (validation) {
      c.validation_mistakes.push_back(count_mistakes(*l, *validation));
      c.validation_accuracy.push_back(accuracy(*l, *validation));
    }
  }
  return c;
}

// Early stopping by hand on the validation mistakes after epochs 0, 1, 2, ...: the best
// epoch kept and the epoch at which `patience` epochs in a row brought no fewer mistakes.
void early_stop(const std::vector<std::size_t>& v, std::size_t patience, std::size_t& best, std::size_t& stop) {
  best = 0;
  stop = 0;
  std::size_t since = 0;
  for (std::size_t e = 1; e < v.size(); ++e) {
    if (v[e] < v[best]) {
      best = e;
      since = 0;
    } else if (++since >= patience) {
      stop = e;
      return;
    }
  }
}

double cross(const double* o, const double* a, const double* b) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}
// Segments pq and rt cross at a point inside both.
bool segments_cross(const double* p, const double* q, const double* r, const double* t) {
  return cross(p, q, r) * cross(p, q, t) < 0 && cross(r, t, p) * cross(r, t, q) < 0;
}

// Whether a segment between two +1 points crosses one between two −1 points (so the two
// convex hulls meet); `pick` limits the end points (x, y) of each segment.
template <class Pick>
bool class_segments_cross(const Dataset& ds, Pick pick) {
  const std::size_t n = ds.size();
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t c = a + 1; c < n; ++c) {
      if (ds.y[a] != 1 || ds.y[c] != 1 || !pick(ds.row(a), ds.row(c), 1)) continue;
      for (std::size_t b = 0; b < n; ++b)
        for (std::size_t d = b + 1; d < n; ++d) {
          if (ds.y[b] != -1 || ds.y[d] != -1 || !pick(ds.row(b), ds.row(d), -1)) continue;
          if (segments_cross(ds.row(a), ds.row(c), ds.row(b), ds.row(d))) return true;
        }
    }
  return false;
}

// The fewest training points any line misclassifies (2-D data in general position): an
// optimal line can be moved onto two data points without changing the other points'
// sides, and a line through two points can be nudged to put each of them on either side.
std::size_t best_line_mistakes(const Dataset& ds) {
  const std::size_t n = ds.size();
  std::size_t best = n;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const double* p = ds.row(i);
      const double* q = ds.row(j);
      std::size_t wrong = 0;
      for (std::size_t k = 0; k < n; ++k) {
        if (k == i || k == j) continue;
        wrong += (cross(p, q, ds.row(k)) > 0 ? 1 : -1) != ds.y[k];
      }
      best = std::min({best, wrong, n - 2 - wrong});
    }
  return best;
}

Dataset subset(const Dataset& ds, const std::vector<char>& keep) {
  Dataset out;
  out.d = ds.d;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    if (!keep[i]) continue;
    for (int j = 0; j < ds.d; ++j) out.x.push_back(ds.row(i)[j]);
    out.y.push_back(ds.y[i]);
  }
  return out;
}

bool separable(const Dataset& ds) {
  MarginResult m;
  EXPECT_TRUE(compute_margin(ds, m).ok);
  return m.separable;
}

Dataset points2(const std::vector<std::vector<double>>& rows) {
  Dataset ds;
  ds.d = 2;
  for (const auto& r : rows) {
    ds.x.push_back(r[0]);
    ds.x.push_back(r[1]);
    ds.y.push_back(static_cast<int>(r[2]));
  }
  return ds;
}

// ---------------------------------------------------------------- not-separable

TEST(NotSeparableLessonData, XorHullsMeetSoNoLineSeparatesAndTheClassicNeverConverges) {
  Session s;
  LessonRunner r;
  show_step(r, s, "not-separable", 0);
  const Dataset& ds = s.train_set();
  ASSERT_EQ(ds.size(), 40u);
  EXPECT_EQ(r.expected_answer(), "no");
  // The why: a segment between +1 points of the upper-right and lower-left clusters crosses
  // one between −1 points of the upper-left and lower-right clusters.
  EXPECT_TRUE(class_segments_cross(ds, [](const double* a, const double* c, int y) {
    if (y > 0) return a[0] * c[0] < 0 && a[0] * a[1] > 0 && c[0] * c[1] > 0;   // quadrants I and III
    return a[0] * c[0] < 0 && a[0] * a[1] < 0 && c[0] * c[1] < 0;              // quadrants II and IV
  }));
  EXPECT_FALSE(separable(ds));
  EXPECT_TRUE(contains(r.narration(s, "en"), "x⁽¹⁾ and x⁽²⁾")) << r.narration(s, "en");
  // The hulls are drawn from this step on.
  bool hull = false;
  for (const auto& kv : r.lesson().steps[0].view) hull = hull || (kv.first == "hull" && kv.second == "true");
  EXPECT_TRUE(hull);

  ASSERT_TRUE(r.next(s).ok);  // the classic perceptron, 100 epochs
  EXPECT_EQ(s.settings().learner.algo, Algo::Classic);
  EXPECT_EQ(s.learner().epoch(), 100u);
  EXPECT_FALSE(s.learner().converged());
  EXPECT_EQ(r.expected_answer(), "no");
  // "the weights change in every epoch": every epoch made an update.
  const auto& log = s.learner().mistakes_log();
  ASSERT_EQ(log.size(), 100u);
  for (std::size_t e = 0; e < log.size(); ++e) EXPECT_GT(log[e], 0u) << "epoch " << e + 1;
  EXPECT_GT(s.train_mistakes(), 0u);
}

TEST(NotSeparableLessonData, WithoutTheTenFlippedLabelsTheLineOfTheDataSeparates) {
  Session s;
  LessonRunner r;
  show_step(r, s, "not-separable", 2);
  const Dataset& ds = s.train_set();
  ASSERT_EQ(ds.size(), 100u);
  Dataset again;
  GenTruth truth;
  ASSERT_TRUE(generate(s.last_generated(), again, &truth).ok);
  ASSERT_EQ(again.x, ds.x);
  ASSERT_EQ(again.y, ds.y);
  ASSERT_EQ(truth.flipped.size(), 10u);
  // The line the data were drawn from misclassifies exactly the 10 flipped points.
  std::vector<char> keep(ds.size(), 1);
  for (std::size_t i : truth.flipped) keep[i] = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double sc = truth.w[0] * ds.row(i)[0] + truth.w[1] * ds.row(i)[1] + truth.b;
    EXPECT_EQ(ds.y[i] * sc > 0, keep[i] == 1) << "point " << i;
  }
  // All 100: the hulls meet (two crossing segments) and the lab finds them not separable;
  // the other 90: separable, their hulls apart.
  EXPECT_TRUE(class_segments_cross(ds, [](const double*, const double*, int) { return true; }));
  EXPECT_FALSE(separable(ds));
  const Dataset rest = subset(ds, keep);
  ASSERT_EQ(rest.size(), 90u);
  EXPECT_TRUE(separable(rest));
  EXPECT_FALSE(class_segments_cross(rest, [](const double*, const double*, int) { return true; }));
  EXPECT_EQ(r.expected_answer(), "yes");
  // No line does better than that one (steps[4].why): 10.
  EXPECT_EQ(best_line_mistakes(ds), 10u);
  // The classic perceptron after 50 epochs: 21 (quoted in steps[3]).
  EXPECT_EQ(s.learner().epoch(), 50u);
  EXPECT_EQ(s.train_mistakes(), 21u);
}

TEST(NotSeparableLessonData, TheLearnersEndWithTheCountsTheTextsState) {
  Session s;
  LessonRunner r;
  show_step(r, s, "not-separable", 3);
  // steps[3]: one epoch later, with η = 1 and the cyclic order.
  EXPECT_EQ(s.learner().epoch(), 51u);
  EXPECT_EQ(s.settings().learner.pla.eta, 1.0);
  EXPECT_EQ(s.settings().learner.pla.order, Order::Cyclic);
  const std::size_t classic51 = s.train_mistakes();
  EXPECT_EQ(classic51, 26u);
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_TRUE(contains(r.expected_text("en"), "last weights")) << r.expected_text("en");
  EXPECT_TRUE(contains(r.narration(s, "en"), "26 of 100 points are misclassified, against 21 after 50 epochs"))
      << r.narration(s, "en");
  // Option 0: the weights change in every epoch (every epoch made an update).
  const auto& log = s.learner().mistakes_log();
  ASSERT_EQ(log.size(), 51u);
  for (std::size_t e = 0; e < log.size(); ++e) EXPECT_GT(log[e], 0u) << "epoch " << e + 1;
  EXPECT_FALSE(s.learner().converged());

  // The learners rerun here, epoch by epoch, on the same points.
  const Curve classic = curve(s, Algo::Classic, 100), pocket = curve(s, Algo::Pocket, 100),
              batch = curve(s, Algo::Batch, 100), averaged = curve(s, Algo::Averaged, 100);
  ASSERT_EQ(classic.train[50], classic51);
  // steps[3].why: 47 to 53 epochs give 21, 26, 17, 21, 26, 17, 21; 100 epochs give 32.
  const std::vector<std::size_t> stops = {21, 26, 17, 21, 26, 17, 21};
  EXPECT_EQ(std::vector<std::size_t>(classic.train.begin() + 46, classic.train.begin() + 53), stops);
  EXPECT_EQ(classic.train[99], 32u);
  // "not a cycle of three epochs": 32 is none of the three counts.
  EXPECT_EQ(std::find(stops.begin(), stops.end(), classic.train[99]), stops.end());

  ASSERT_TRUE(r.next(s).ok);  // steps[4]: pocket
  EXPECT_EQ(s.settings().learner.algo, Algo::Pocket);
  const std::size_t pocket51 = s.train_mistakes();
  EXPECT_EQ(pocket51, 11u);
  EXPECT_EQ(pocket.train[50], pocket51);
  EXPECT_EQ(r.expected_answer(), "no");
  // No stop of the classic run up to 51 epochs does better; it ranges from 11 to 34.
  for (std::size_t e = 0; e < 51; ++e) EXPECT_LE(pocket51, classic.train[e]) << "epoch " << e + 1;
  EXPECT_EQ(*std::min_element(classic.train.begin(), classic.train.begin() + 51), 11u);
  EXPECT_EQ(*std::max_element(classic.train.begin(), classic.train.begin() + 51), 34u);
  EXPECT_LT(pocket51, classic.train[49]);  // fewer than the classic at 50 and 51 epochs
  EXPECT_LT(pocket51, classic51);

  ASSERT_TRUE(r.next(s).ok);  // steps[5]: the batch perceptron as textbooks define it (asked before a run)
  EXPECT_EQ(s.settings().learner.algo, Algo::Batch);
  EXPECT_EQ(r.expected_answer(), "yes");
  ASSERT_TRUE(r.next(s).ok);  // steps[6]: the lab's batch, keeping its best epoch
  EXPECT_EQ(s.learner().epoch(), 51u);
  const std::size_t batch51 = s.train_mistakes();
  EXPECT_EQ(batch51, 13u);
  EXPECT_EQ(batch.train[50], batch51);
  EXPECT_TRUE(contains(r.narration(s, "en"), "keeps the weights of its best epoch, the one with the fewest misclassified points: "
                                              "after 51 epochs, 13 of 100."))
      << r.narration(s, "en");

  ASSERT_TRUE(r.next(s).ok);  // steps[7]: averaged
  EXPECT_EQ(s.settings().learner.algo, Algo::Averaged);
  const std::size_t averaged51 = s.train_mistakes();
  EXPECT_EQ(averaged51, 13u);
  EXPECT_EQ(averaged.train[50], averaged51);
  for (std::size_t e = 46; e < 53; ++e) EXPECT_EQ(averaged.train[e], 13u) << "epoch " << e + 1;
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_EQ(r.expected_text("en"), "Pocket's and the lab's batch's");
  for (const char* reply : {"1", "3"}) {
    Session t;
    LessonRunner q;
    show_step(q, t, "not-separable", 7);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_TRUE(contains(q.feedback("en"), reply[0] == '1' ? "The averaged count rose from 14 to 15 at epoch 3."
                                                          : "The classic count went 21, 26, 17, 21 around epoch 50."))
        << q.feedback("en");
  }
  // Pocket keeps the fewest training mistakes of the four at 51 epochs.
  EXPECT_LT(pocket51, batch51);
  EXPECT_LT(pocket51, averaged51);
  EXPECT_LT(averaged51, classic51);
  // The answer: pocket's and batch's counts never rise; the classic's and the average's do
  // (the average's from 14 to 15 at epoch 3).
  for (std::size_t e = 1; e < 100; ++e) {
    EXPECT_LE(pocket.train[e], pocket.train[e - 1]) << "epoch " << e + 1;
    EXPECT_LE(batch.train[e], batch.train[e - 1]) << "epoch " << e + 1;
  }
  EXPECT_GT(classic.train[50], classic.train[49]);
  EXPECT_EQ(averaged.train[1], 14u);
  EXPECT_EQ(averaged.train[2], 15u);
  // The average is the steadier answer: from epoch 40 on its count moves by at most 1,
  // the classic perceptron's by more than 10.
  const auto range = [](const std::vector<std::size_t>& v) {
    const auto mm = std::minmax_element(v.begin() + 39, v.end());
    return *mm.second - *mm.first;
  };
  EXPECT_LE(range(averaged.train), 1u);
  EXPECT_GT(range(classic.train), 10u);
}

TEST(NotSeparableLessonData, TheLabsBatchMovesByEtaSumYxAndAnswersWithItsBestEpoch) {
  Session s;
  LessonRunner r;
  show_step(r, s, "not-separable", 5);
  const Dataset& ds = s.train_set();
  const double eta = s.settings().learner.pla.eta;
  std::unique_ptr<Learner> l = fresh_learner(s, Algo::Batch, ds);
  std::vector<double> best_w;
  double best_b = 0.0;
  std::size_t best = ds.size() + 1;
  while (l->epoch() < 51) {
    // The epoch's weights, their misclassified points and the move they make: η Σ yx, η Σ y.
    const std::vector<double> w = l->running_w();
    const double b = l->running_b();
    double gw0 = 0.0, gw1 = 0.0, gb = 0.0;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double* x = ds.row(i);
      if (ds.y[i] * (w[0] * x[0] + w[1] * x[1] + b) > 0.0) continue;
      ++wrong;
      gw0 += ds.y[i] * x[0];
      gw1 += ds.y[i] * x[1];
      gb += ds.y[i];
    }
    if (wrong < best) {
      best = wrong;
      best_w = w;
      best_b = b;
    }
    while (!l->step(ds).epoch_end) {
    }
    EXPECT_NEAR(l->running_w()[0], w[0] + eta * gw0, 1e-9);
    EXPECT_NEAR(l->running_w()[1], w[1] + eta * gw1, 1e-9);
    EXPECT_NEAR(l->running_b(), b + eta * gb, 1e-9);
  }
  // It answers with the weights of the epoch that misclassified the fewest points.
  EXPECT_EQ(l->w(), best_w);
  EXPECT_EQ(l->b(), best_b);
  EXPECT_EQ(count_mistakes(*l, ds), best);
  EXPECT_EQ(best, 13u);
  // The batch perceptron as textbooks define it answers with its last weights: written here
  // alone, its count after moves 12, 13, 14 is 15, 25, 57, and it rises 17 times in 51 moves.
  double w0 = 0.0, w1 = 0.0, b = 0.0;
  std::vector<std::size_t> counts;
  for (int move = 0; move < 51; ++move) {
    double g0 = 0.0, g1 = 0.0, gb = 0.0;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double* x = ds.row(i);
      if (ds.y[i] * (w0 * x[0] + w1 * x[1] + b) > 0.0) continue;
      g0 += ds.y[i] * x[0], g1 += ds.y[i] * x[1], gb += ds.y[i];
    }
    w0 += eta * g0, w1 += eta * g1, b += eta * gb;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < ds.size(); ++i) wrong += ds.y[i] * (w0 * ds.row(i)[0] + w1 * ds.row(i)[1] + b) <= 0.0;
    counts.push_back(wrong);
  }
  EXPECT_EQ(std::vector<std::size_t>(counts.begin() + 11, counts.begin() + 14), (std::vector<std::size_t>{15, 25, 57}));
  std::size_t rises = 0;
  for (std::size_t m = 1; m < counts.size(); ++m) rises += counts[m] > counts[m - 1];
  EXPECT_EQ(rises, 17u);
  EXPECT_EQ(*std::min_element(counts.begin(), counts.end()), 13u);  // the lab keeps that one
  EXPECT_NE(counts.back(), 13u);                                    // the last weights are not it
  EXPECT_TRUE(contains(r.narration(s, "en"), "its count goes 15, 25, 57 after moves 12, 13, 14.")) << r.narration(s, "en");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(contains(r.narration(s, "en"), "That count rises 17 times in 51 moves.")) << r.narration(s, "en");
  EXPECT_EQ(s.train_mistakes(), best);
}

// ---------------------------------------------------------------- averaged-early-stopping

// steps[0] of averaged-early-stopping: the data (140 training and 60 validation points of
// 200 generated, 10% of the labels flipped, some in the validation set) and the classic
// perceptron after 100 epochs; its validation accuracy in *classic_valid.
void check_averaged_data_and_classic(LessonRunner& r, Session& s, double* classic_valid) {
  const Dataset& train = s.train_set();
  const Dataset& valid = s.validation_set();
  ASSERT_EQ(train.size(), 140u);
  ASSERT_EQ(valid.size(), 60u);
  Dataset all;
  GenTruth truth;
  ASSERT_TRUE(generate(s.last_generated(), all, &truth).ok);
  EXPECT_EQ(all.size(), 200u);
  EXPECT_EQ(truth.flipped.size(), 20u);  // 10% of the labels flipped
  EXPECT_EQ(r.expected_answer(), "1");
  // The why: the validation points are 60 of the same 200, flipped labels included (option 2
  // is wrong): each is found among the generated points, and some of them were flipped.
  std::size_t flipped_in_validation = 0;
  for (std::size_t v = 0; v < valid.size(); ++v) {
    bool found = false;
    for (std::size_t i = 0; i < all.size() && !found; ++i) {
      if (all.row(i)[0] != valid.row(v)[0] || all.row(i)[1] != valid.row(v)[1]) continue;
      found = true;
      EXPECT_EQ(all.y[i], valid.y[v]);
      flipped_in_validation += std::count(truth.flipped.begin(), truth.flipped.end(), i) > 0;
    }
    EXPECT_TRUE(found) << "validation point " << v;
  }
  EXPECT_GT(flipped_in_validation, 0u);
  // The classic perceptron after 100 epochs: 86.4% (121 of 140) and 80% (48 of 60).
  EXPECT_EQ(s.learner().epoch(), 100u);
  EXPECT_EQ(s.train_mistakes(), 19u);
  EXPECT_NEAR(accuracy(s.learner(), valid), 48.0 / 60.0, 1e-12);
  *classic_valid = accuracy(s.learner(), valid);
}

// steps[1]: the voted perceptron after 100 epochs.
void check_voted(LessonRunner& r, Session& s) {
  const Dataset& train = s.train_set();
  const Dataset& valid = s.validation_set();
  EXPECT_EQ(s.settings().learner.algo, Algo::Voted);
  EXPECT_EQ(r.expected_answer(), "0");
  // The vote rebuilt here from a classic run written out: one vector per update, each with
  // the visits it survived, predicting by sign(Σ c_k sign(w_k·x + b_k)).
  std::vector<std::vector<double>> vw;
  std::vector<double> vb, vc;
  std::vector<double> w(2, 0.0);
  double b = 0.0, c = 0.0;
  for (int e = 0; e < 100; ++e)
    for (std::size_t i = 0; i < train.size(); ++i) {
      const double* x = train.row(i);
      if (train.y[i] * (w[0] * x[0] + w[1] * x[1] + b) <= 0.0) {
        if (c > 0) vw.push_back(w), vb.push_back(b), vc.push_back(c);
        w[0] += train.y[i] * x[0], w[1] += train.y[i] * x[1], b += train.y[i];
        c = 1;
      } else {
        c += 1;
      }
    }
  vw.push_back(w), vb.push_back(b), vc.push_back(c);
  EXPECT_EQ(vw.size(), s.learner().updates());  // one vector per update
  EXPECT_EQ(s.learner().updates(), 2698u);
  const auto vote_right = [&](const Dataset& ds) {
    std::size_t right = 0;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      double v = 0.0;
      for (std::size_t k = 0; k < vw.size(); ++k)
        v += vc[k] * (vw[k][0] * ds.row(i)[0] + vw[k][1] * ds.row(i)[1] + vb[k] >= 0.0 ? 1.0 : -1.0);
      right += (v >= 0.0 ? 1 : -1) == ds.y[i];
    }
    return right;
  };
  EXPECT_EQ(vote_right(train), 127u);  // 90.7%
  EXPECT_EQ(vote_right(valid), 49u);   // 81.7%
  EXPECT_NEAR(accuracy(s.learner(), valid), 49.0 / 60.0, 1e-12);
  EXPECT_TRUE(contains(r.narration(s, "en"), "After 100 epochs: 90.7% correct on the training points, 81.7% on the validation points."))
      << r.narration(s, "en");
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(contains(r.feedback("en"), "One vector per update, k = 2698 of them here")) << r.feedback("en");
}

// steps[4]: early stopping with patience 5 keeps epoch 4 of the classic perceptron.
void check_classic_early_stopping(LessonRunner& r, Session& s, const Curve& classic) {
  const Dataset& valid = s.validation_set();
  // Epoch 4 is the first of 21 epochs out of 100 tied at 11 validation mistakes, the fewest.
  std::size_t best = 0, stop = 0;
  early_stop(classic.validation_mistakes, 5, best, stop);
  EXPECT_EQ(best, 4u);
  EXPECT_EQ(stop, 9u);
  std::vector<std::size_t> tied;
  for (std::size_t e = 1; e < classic.validation_mistakes.size(); ++e)
    if (classic.validation_mistakes[e] == 11) tied.push_back(e);
  EXPECT_EQ(*std::min_element(classic.validation_mistakes.begin() + 1, classic.validation_mistakes.end()), 11u);
  ASSERT_EQ(tied.size(), 21u);
  EXPECT_EQ(tied.front(), 4u);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::EarlyStopping);
  EXPECT_EQ(s.settings().stop.patience, 5u);
  EXPECT_EQ(s.learner().epoch(), best);
  EXPECT_EQ(s.train_mistakes(), 17u);                              // 87.9%
  EXPECT_NEAR(accuracy(s.learner(), valid), 49.0 / 60.0, 1e-12);  // 81.7%
  EXPECT_EQ(r.expected_answer(), "no");
}

// steps[5]: the averaged perceptron with early stopping, and its error on fresh points.
void check_averaged_early_stopping(LessonRunner& r, Session& s, const Curve& averaged, double classic_valid) {
  const Dataset& valid = s.validation_set();
  const auto lo_hi = [](const std::vector<double>& v) { return std::minmax_element(v.begin(), v.end()); };
  std::size_t best = 0, stop = 0;
  // It keeps epoch 1; 5 more ran.
  early_stop(averaged.validation_mistakes, 5, best, stop);
  EXPECT_EQ(best, 1u);
  EXPECT_EQ(stop, 6u);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::EarlyStopping);
  EXPECT_EQ(s.learner().epoch(), best);
  EXPECT_EQ(s.train_mistakes(), 12u);                              // 91.4%
  EXPECT_NEAR(accuracy(s.learner(), valid), 52.0 / 60.0, 1e-12);  // 86.7%
  EXPECT_EQ(r.expected_answer(), "yes");
  // Its why: early stopping changes nothing for the averaged perceptron here. After epoch 1
  // the average is already at 86.7% on the validation points and no later epoch does better,
  // so it keeps the same 91.4% (12 training mistakes) and 86.7% as after 100 epochs, with 6
  // epochs trained instead of 100; the classic perceptron gains 81.7% instead of 80%.
  EXPECT_NEAR(averaged.validation_accuracy.front(), 52.0 / 60.0, 1e-12);
  EXPECT_EQ(averaged.validation_accuracy.front(), *lo_hi(averaged.validation_accuracy).second);
  EXPECT_EQ(averaged.validation_accuracy.front(), averaged.validation_accuracy.back());
  EXPECT_EQ(averaged.train.front(), 12u);
  EXPECT_EQ(averaged.train.back(), 12u);
  EXPECT_EQ(averaged.train.size(), 100u);
  EXPECT_EQ(stop, 6u);
  EXPECT_GT(49.0 / 60.0, classic_valid);  // 81.7% with early stopping, 80% after 100 epochs
  ASSERT_TRUE(r.answer(s, "yes").ok);
  const std::string why_en = r.feedback("en");
  EXPECT_TRUE(contains(why_en, "For the average this changes nothing: 91.4% and 86.7% as after 100 epochs, in 6 epochs.")) << why_en;
  EXPECT_TRUE(contains(why_en, "81.7% instead of 80% is 49 against 48 of 60 points, and epoch 4 is only the first of 21 epochs "
                               "out of 100 with the same 11 validation mistakes"))
      << why_en;
  EXPECT_EQ(60 - 11, 49);
  EXPECT_NEAR(classic_valid * 60, 48.0, 1e-9);
  // The test set: the 10000 fresh points the lab draws after the 200 (same spec and seed),
  // about 10% of them flipped; the kept average misclassifies 1252 of them.
  GenSpec g = s.last_generated();
  g.n = 200 + 10000;
  Dataset pool;
  GenTruth pool_truth;
  ASSERT_TRUE(generate(g, pool, &pool_truth).ok);
  std::size_t wrong = 0, flipped_fresh = 0;
  for (std::size_t i = 200; i < pool.size(); ++i) wrong += s.learner().predict(pool.row(i)) != pool.y[i];
  for (std::size_t i : pool_truth.flipped) flipped_fresh += i >= 200;
  EXPECT_EQ(wrong, 1252u);
  EXPECT_GT(flipped_fresh, 900u);
  EXPECT_LT(flipped_fresh, 1100u);
  EXPECT_TRUE(contains(r.narration(s, "en"), "10000 fresh points of the same generator (about 10% of their labels flipped too), "
                                              "its error rate is 0.1252."))
      << r.narration(s, "en");
}

TEST(AveragedLessonData, TheAccuraciesAndEpochsTheTextsState) {
  Session s;
  LessonRunner r;
  show_step(r, s, "averaged-early-stopping", 0);
  double classic_valid = 0.0;
  ASSERT_NO_FATAL_FAILURE(check_averaged_data_and_classic(r, s, &classic_valid));
  ASSERT_TRUE(r.next(s).ok);  // steps[1]: the voted perceptron, 100 epochs
  ASSERT_NO_FATAL_FAILURE(check_voted(r, s));
  const Dataset& valid = s.validation_set();
  ASSERT_TRUE(r.next(s).ok);  // steps[2]: which answer changes less late in training
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(r.expected_text("en"), "The average of the weights");
  ASSERT_TRUE(r.next(s).ok);  // steps[3]: the averaged perceptron, 100 epochs
  EXPECT_EQ(s.settings().learner.algo, Algo::Averaged);
  EXPECT_EQ(s.train_mistakes(), 12u);                                      // 91.4%
  EXPECT_NEAR(accuracy(s.learner(), valid), 52.0 / 60.0, 1e-12);          // 86.7%
  EXPECT_GT(accuracy(s.learner(), valid), classic_valid);                   // it does better
  EXPECT_TRUE(contains(r.narration(s, "en"), "against the classic perceptron's 86.4% and 80% and the vote's 90.7% and 81.7%."))
      << r.narration(s, "en");

  // Both learners rerun here epoch by epoch, validation mistakes after epochs 0 to 100.
  const Curve classic = curve(s, Algo::Classic, 100, &valid), averaged = curve(s, Algo::Averaged, 100, &valid);
  // Over epochs 1 to 100 the averaged stays between 85% and 86.7% on the validation points,
  // the classic ranges from 71.7% to 81.7%.
  const auto lo_hi = [](const std::vector<double>& v) { return std::minmax_element(v.begin(), v.end()); };
  EXPECT_NEAR(*lo_hi(averaged.validation_accuracy).first, 51.0 / 60.0, 1e-12);
  EXPECT_NEAR(*lo_hi(averaged.validation_accuracy).second, 52.0 / 60.0, 1e-12);
  EXPECT_NEAR(*lo_hi(classic.validation_accuracy).first, 43.0 / 60.0, 1e-12);
  EXPECT_NEAR(*lo_hi(classic.validation_accuracy).second, 49.0 / 60.0, 1e-12);
  // steps[2]: the average changes less from epoch to epoch than the last weights: over the
  // last 50 epochs its training and validation counts move less.
  const auto spread = [](const std::vector<std::size_t>& v, std::size_t from) {
    const auto mm = std::minmax_element(v.begin() + static_cast<std::ptrdiff_t>(from), v.end());
    return *mm.second - *mm.first;
  };
  EXPECT_LT(spread(averaged.train, 50), spread(classic.train, 50));
  EXPECT_LT(spread(averaged.validation_mistakes, 51), spread(classic.validation_mistakes, 51));

  ASSERT_NO_FATAL_FAILURE(check_classic_early_stopping(r, s, classic));
  check_averaged_early_stopping(r, s, averaged, classic_valid);
}

// ---------------------------------------------------------------- vc-bound

TEST(VcBoundLessonData, LinesSplitThreePointsInEveryWayButNotFour) {
  // 3 points not on one line: all 8 labellings are separable (one class alone counts).
  for (int mask = 0; mask < 8; ++mask) {
    std::vector<std::vector<double>> rows = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (int i = 0; i < 3; ++i) rows[i][2] = (mask >> i) & 1 ? 1 : -1;
    EXPECT_TRUE(separable(points2(rows))) << mask;
  }
  // 4 points: one inside the triangle of the others, labelled apart; a convex quadrilateral
  // with its diagonals labelled alike (XOR).
  EXPECT_FALSE(separable(points2({{0, 0, 1}, {4, 0, 1}, {0, 4, 1}, {1, 1, -1}})));
  EXPECT_FALSE(separable(points2({{0, 0, 1}, {1, 1, 1}, {1, 0, -1}, {0, 1, -1}})));
  // "Some set of h points": 3 points on one line cannot be split in every way (the middle one
  // against the two ends), yet h = 3.
  EXPECT_FALSE(separable(points2({{0, 0, 1}, {1, 0, -1}, {2, 0, 1}})));
  Session s;
  LessonRunner r;
  show_step(r, s, "vc-bound", 0);
  EXPECT_EQ(r.question_kind(), QuestionKind::None);
  EXPECT_TRUE(contains(r.narration(s, "en"), "R(f) is the expected risk, f's error rate on new points (not the radius R of "
                                              "Novikoff's theorem); R_emp(f) is the empirical risk"))
      << r.narration(s, "en");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "3");
  EXPECT_TRUE(contains(r.narration(s, "en"), "the largest h such that some set of h points can be split by its classifiers in all "
                                              "2ʰ ways"))
      << r.narration(s, "en");
  ASSERT_TRUE(r.answer(s, "3").ok);
  EXPECT_TRUE(contains(r.feedback("en"), "h = 3:")) << r.feedback("en");
  EXPECT_TRUE(contains(r.feedback("en"), "3 points on one line cannot be split so")) << r.feedback("en");
  EXPECT_TRUE(contains(r.narration(s, "en"), "ln is the natural logarithm")) << r.narration(s, "en");
}

// steps[2] of vc-bound: N = 100, δ = 0.05, R_emp = 0, and option 1's why (the test rate
// within two standard errors).
void check_vc_bound_at_100(LessonRunner& r, Session& s) {
  // N = 100, δ = 0.05: a bound that holds with probability at least 95%; R_emp = 0. The data
  // have no gap around the generator's line (margin 0), nor have the test points.
  ASSERT_EQ(s.train_set().size(), 100u);
  EXPECT_EQ(s.last_generated().margin, 0.0);
  EXPECT_EQ(s.settings().delta, 0.05);
  EXPECT_NEAR(1.0 - s.settings().delta, 0.95, 1e-12);
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_TRUE(contains(r.narration(s, "en"), "so R(f) ≤ 0.447.")) << r.narration(s, "en");
  EXPECT_TRUE(contains(r.narration(s, "en"), "with no gap around it")) << r.narration(s, "en");
  EXPECT_TRUE(contains(r.narration(s, "en"), "The lab draws 10000 more points the same way as a test set")) << r.narration(s, "en");
  EXPECT_EQ(r.expected_answer(), "0");
  {
    // Option 1's why: with 10000 test points, two standard errors of the measured rate are
    // about 0.003 (the rate here is 0.0208); option 2's: R_emp = 0.
    GenSpec g = s.last_generated();
    g.n = 100 + 10000;
    Dataset pool;
    ASSERT_TRUE(generate(g, pool).ok);
    std::size_t wrong = 0;
    for (std::size_t i = 100; i < pool.size(); ++i) wrong += s.learner().predict(pool.row(i)) != pool.y[i];
    const double p = static_cast<double>(wrong) / 10000.0;
    EXPECT_NEAR(p, 0.0208, 1e-12);
    EXPECT_NEAR(2 * std::sqrt(p * (1 - p) / 10000.0), 0.003, 0.0005);
    Session t;
    LessonRunner q;
    show_step(q, t, "vc-bound", 2);
    ASSERT_TRUE(q.answer(t, "1").ok);
    EXPECT_TRUE(contains(q.feedback("en"), "within about 0.003 of the true one (two standard errors)")) << q.feedback("en");
  }
}

// steps[4]: N = 1000, the bound about 2.7 times smaller.
void check_vc_bound_at_1000(LessonRunner& r, Session& s) {
  const double at100 = vc_bound(100, 3, 0.05, 0.0);
  ASSERT_TRUE(r.next(s).ok);  // the plot
  ASSERT_TRUE(r.next(s).ok);  // N = 1000
  ASSERT_EQ(s.train_set().size(), 1000u);
  EXPECT_EQ(s.train_mistakes(), 0u);  // R_emp = 0 at both: the bound is the square-root term
  const double at1000 = vc_bound(1000, 3, 0.05, 0.0);
  EXPECT_EQ(at1000, vc_confidence(1000, 3, 0.05));
  EXPECT_NEAR(at100, 0.447, 0.0005);
  EXPECT_NEAR(at1000, 0.164, 0.0005);
  // "about 2.7 times smaller", a little less than √10 ≈ 3.2.
  EXPECT_NEAR(at100 / at1000, 2.7, 0.05);
  EXPECT_LT(at100 / at1000, std::sqrt(10.0));
  EXPECT_NEAR(std::sqrt(10.0), 3.2, 0.05);
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(s.last_generated().margin, 0.0);
  EXPECT_TRUE(contains(r.expected_text("en"), "A little less than √10")) << r.expected_text("en");
  {
    Session t;
    LessonRunner q;
    show_step(q, t, "vc-bound", 4);
    ASSERT_TRUE(q.answer(t, "2").ok);
    EXPECT_TRUE(contains(q.feedback("en"), "It fell from 0.447 to 0.164.")) << q.feedback("en");
  }
}

// steps[5]: δ = 0.001, the bound not much larger.
void check_vc_bound_strict_delta(LessonRunner& r, Session& s) {
  const double at1000 = vc_bound(1000, 3, 0.05, 0.0);
  ASSERT_TRUE(r.next(s).ok);  // δ = 0.001: 99.9% instead of 95%
  EXPECT_EQ(s.settings().delta, 0.001);
  EXPECT_NEAR(1.0 - s.settings().delta, 0.999, 1e-12);
  // −ln(δ/4) from 4.4 to 8.3, h(ln(2N/h) + 1) = 22.5, the bound from 0.164 to 0.1755:
  // not much larger (the expected "no").
  EXPECT_NEAR(-std::log(0.05 / 4), 4.4, 0.05);
  EXPECT_NEAR(-std::log(0.001 / 4), 8.3, 0.05);
  EXPECT_NEAR(3 * (std::log(2000.0 / 3) + 1), 22.5, 0.05);
  const double strict = vc_bound(1000, 3, 0.001, 0.0);
  EXPECT_NEAR(strict, 0.1755, 0.00005);
  EXPECT_LT(strict, 1.1 * at1000);  // not by more than 10%: "about 7% more"
  EXPECT_NEAR(strict / at1000, 1.07, 0.005);
  EXPECT_NEAR(strict / 0.164, 1.07, 0.005);
  EXPECT_EQ(r.expected_answer(), "no");
  EXPECT_TRUE(contains(r.narration(s, "en"), "failure probability")) << r.narration(s, "en");
}

// steps[6]: noisy points (10% of the labels flipped): the bound R_emp + 0.164 and the test
// error between 0.1 and it; R_emp in *r_emp, the generator's spec in *g.
void check_vc_bound_noisy(LessonRunner& r, Session& s, double* r_emp_out, GenSpec* g_out) {
  const double at1000 = vc_bound(1000, 3, 0.05, 0.0);
  ASSERT_TRUE(r.next(s).ok);  // noisy points, 10% of the labels flipped, no gap around the line
  EXPECT_EQ(s.last_generated().margin, 0.0);
  Dataset all;
  GenTruth truth;
  GenSpec g = s.last_generated();
  ASSERT_TRUE(generate(g, all, &truth).ok);
  EXPECT_EQ(truth.flipped.size(), 100u);
  const double r_emp = static_cast<double>(s.train_mistakes()) / 1000.0;
  EXPECT_GT(r_emp, 0.0);
  // "the bound is R_emp + 0.164": the square-root term at N = 1000, δ = 0.05.
  EXPECT_EQ(s.settings().delta, 0.05);
  EXPECT_NEAR(vc_bound(1000, 3, 0.05, r_emp), r_emp + at1000, 1e-12);
  EXPECT_TRUE(contains(r.narration(s, "en"), "the bound is R_emp + 0.164 = ")) << r.narration(s, "en");
  // The 10000 fresh points of the generator: about 10% of their labels flipped too; no
  // classifier can expect less than that (the expected "no"), and the test error is above 0.1
  // and below the bound.
  g.n = 1000 + 10000;
  ASSERT_TRUE(generate(g, all, &truth).ok);
  const auto fresh_flipped = std::count_if(truth.flipped.begin(), truth.flipped.end(), [](std::size_t i) { return i >= 1000; });
  EXPECT_NEAR(static_cast<double>(fresh_flipped) / 10000.0, 0.1, 0.005);
  std::size_t wrong = 0;
  for (std::size_t i = 1000; i < all.size(); ++i) wrong += (s.decision(all.row(i)) >= 0 ? 1 : -1) != all.y[i];
  const double test_error = static_cast<double>(wrong) / 10000.0;
  EXPECT_GT(test_error, 0.1);
  EXPECT_LT(test_error, vc_bound(1000, 3, 0.05, r_emp));
  EXPECT_EQ(r.expected_answer(), "no");
  *r_emp_out = r_emp;
  *g_out = s.last_generated();
}

TEST(VcBoundLessonData, TheNumbersTheTextsState) {
  Session s;
  LessonRunner r;
  show_step(r, s, "vc-bound", 2);
  ASSERT_NO_FATAL_FAILURE(check_vc_bound_at_100(r, s));
  ASSERT_NO_FATAL_FAILURE(check_vc_bound_at_1000(r, s));
  ASSERT_NO_FATAL_FAILURE(check_vc_bound_strict_delta(r, s));
  double r_emp = 0.0;
  GenSpec g;
  ASSERT_NO_FATAL_FAILURE(check_vc_bound_noisy(r, s, &r_emp, &g));
  ASSERT_TRUE(r.next(s).ok);  // the margin bound
  EXPECT_EQ(r.expected_answer(), "0");
  // Option 2's why, on this lesson's separable N = 1000 points: (R̂/γ̂)² is far above 2, so
  // min(⌈R̂²/γ̂²⌉, d) + 1 = d + 1 = 3: in the plane the margin bound gives nothing more.
  GenSpec sep = g;
  sep.kind = "separable";
  sep.n = 1000;
  sep.noise = 0.0;
  Dataset plane;
  ASSERT_TRUE(generate(sep, plane).ok);
  MarginResult m;
  ASSERT_TRUE(compute_margin(plane, m).ok);
  ASSERT_TRUE(m.separable);
  const double ratio = (m.R_aug / m.gamma_aug) * (m.R_aug / m.gamma_aug);
  EXPECT_GT(ratio, 2.0);
  EXPECT_EQ(std::min(std::ceil(ratio), 2.0) + 1, 3.0);
  // Option 3's why: the noisy points admit no margin (R_emp > 0, not separable).
  EXPECT_GT(r_emp, 0.0);
  EXPECT_FALSE(separable(s.train_set()));
}

}  // namespace
}  // namespace pla::lessons_nonseparable_test

// The theory lessons (web/lessons: learning-rate, novikoff, random-start, not-separable,
// averaged-early-stopping, lifting, vc-bound) and what they stand on: the VC bound and its
// measured curve (vc.hpp), the lesson engine's new placeholders, actions and view settings.
// The narrated numbers are checked against values computed here by other means: the VC
// bound by hand, the mistakes of the six points by an integer perceptron, the invariants
// of Novikoff's proof against the max-margin vector u found by hand.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/learn/metrics.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/trace.hpp"
#include "core/theory/vc.hpp"
#include "expect_message.hpp"

namespace pla::theory_lessons_test {
namespace {

using test::failed_with;

const std::vector<std::string> kTheoryLessons = {"learning-rate", "novikoff",  "random-start", "not-separable",
                                                 "averaged-early-stopping", "lifting", "vc-bound"};

enum class Walk { Right, Wrong, NextOnly };

std::string wrong_answer(const LessonRunner& r) {
  const std::string& e = r.expected_answer();
  switch (r.question_kind()) {
    case QuestionKind::YesNo: return e == "yes" ? "no" : "yes";
    case QuestionKind::Number: return msg_num(std::stod(e) + 1.0);
    case QuestionKind::Choice:
      return std::to_string((std::stoul(e) + 1) % r.lesson().steps[r.step()].question.options.size());
    case QuestionKind::PlaceLine: {  // the line a·x1 + b·x2 + c = 0 turned by 90° about the origin
      const std::vector<double>& l = r.expected_line();
      if (l.size() != 3) return "";
      return msg_num(-l[1]) + " " + msg_num(l[0]) + " " + msg_num(l[2]);
    }
    default: return "";
  }
}

// Walks a lesson to its end in every language; returns the number of questions met.
std::size_t walk(LessonRunner& r, Session& s, Walk how) {
  std::size_t questions = 0;
  EXPECT_TRUE(r.start(s).ok);
  for (std::size_t guard = 0; !r.done() && guard < 1000; ++guard) {
    for (const char* lang : {"en", "vi", "zh"}) {
      const std::string n = r.narration(s, lang);
      EXPECT_FALSE(n.empty());
      EXPECT_EQ(n.find('{'), std::string::npos) << r.id() << " " << lang << ": " << n;
      // A placeholder with nothing to show is "–": every number these lessons narrate exists.
      EXPECT_EQ(n.find("–"), std::string::npos) << r.id() << " step " << r.step() + 1 << " " << lang << ": " << n;
    }
    if (r.question_kind() != QuestionKind::None) {
      ++questions;
      EXPECT_FALSE(r.expected_answer().empty()) << r.id() << " step " << r.step();
      if (how != Walk::NextOnly) {
        bool correct = false;
        const std::string reply = how == Walk::Right ? r.expected_answer() : wrong_answer(r);
        const Status st = r.answer(s, reply, &correct);
        EXPECT_TRUE(st.ok) << r.id() << " step " << r.step() << ": " << st.error;
        EXPECT_EQ(correct, how == Walk::Right) << r.id() << " step " << r.step() << " reply " << reply;
        for (const char* lang : {"en", "vi", "zh"}) {
          const std::string why = r.feedback(lang);
          EXPECT_FALSE(why.empty()) << r.id() << " step " << r.step() + 1;
          EXPECT_EQ(why.find("–"), std::string::npos) << r.id() << " step " << r.step() + 1 << ": " << why;
        }
      }
    }
    const Status st = r.next(s);
    EXPECT_TRUE(st.ok) << r.id() << " step " << r.step() << ": " << st.error;
  }
  EXPECT_TRUE(r.done());
  return questions;
}

// Runs the lesson (questions skipped with next) until step `target` (0-based) is shown.
void play_to(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

using test::contains;

// ---------------------------------------------------------------- the VC bound

TEST(VcBound, MatchesTheHandComputation) {
  // By hand (natural logarithms to 6 digits):
  //   N = 100, h = 3, δ = 0.05: ln(200/3) = 4.199705, h(ln(2N/h) + 1) = 3 · 5.199705 = 15.599115,
  //     −ln(δ/4) = −ln(0.0125) = 4.382027; (15.599115 + 4.382027) / 100 = 0.199811, √ = 0.447003.
  //   N = 1000, h = 3, δ = 0.05: ln(2000/3) = 6.502290, 3 · 7.502290 = 22.506871, + 4.382027 =
  //     26.888898, / 1000 = 0.026889, √ = 0.163978.
  //   N = 1000, h = 3, δ = 0.001: −ln(0.00025) = 8.294050, 22.506871 + 8.294050 = 30.800921,
  //     / 1000 = 0.030801, √ = 0.175502.
  //   N = 50, h = 11, δ = 0.1, R_emp = 0.2: ln(100/11) = 2.207275, 11 · 3.207275 = 35.280024,
  //     −ln(0.025) = 3.688879, sum 38.968903, / 50 = 0.779378, √ = 0.882824, + 0.2 = 1.082824.
  EXPECT_NEAR(vc_bound(100, 3, 0.05, 0.0), 0.447003, 1e-6);
  EXPECT_NEAR(vc_bound(1000, 3, 0.05, 0.0), 0.163978, 1e-6);
  EXPECT_NEAR(vc_bound(1000, 3, 0.001, 0.0), 0.175502, 1e-6);
  EXPECT_NEAR(vc_bound(50, 11, 0.1, 0.2), 1.082824, 1e-6);
  EXPECT_NEAR(vc_confidence(50, 11, 0.1), 0.882824, 1e-6);
  // Outside its domain the bound is NaN, never a number that looks meaningful.
  EXPECT_TRUE(std::isnan(vc_confidence(0, 3, 0.05)));
  EXPECT_TRUE(std::isnan(vc_confidence(100, 0, 0.05)));
  EXPECT_TRUE(std::isnan(vc_confidence(100, 3, 0.0)));
  EXPECT_TRUE(std::isnan(vc_confidence(100, 3, 1.0)));
  // It falls with N and grows as δ falls.
  EXPECT_LT(vc_confidence(2000, 3, 0.05), vc_confidence(1000, 3, 0.05));
  EXPECT_GT(vc_confidence(1000, 3, 0.01), vc_confidence(1000, 3, 0.05));
}

TEST(VcBound, TheMeasuredCurveTrainsOnNAndTestsOnFreshPoints) {
  VcSpec spec;
  spec.gen.kind = "separable";
  spec.gen.d = 2;
  spec.gen.margin = 0.05;
  spec.gen.noise = 0.0;
  spec.gen.seed = 7;
  spec.ns = {10, 100, 1000};
  spec.test_n = 2000;
  std::vector<VcSample> curve;
  ASSERT_TRUE(vc_curve(spec, curve).ok);
  ASSERT_EQ(curve.size(), 3u);
  // The same thing recomputed here: one pool, the first N to train, the last test_n to test.
  GenSpec g = spec.gen;
  g.n = 1000 + 2000;
  Dataset pool;
  ASSERT_TRUE(generate(g, pool).ok);
  for (std::size_t i = 0; i < curve.size(); ++i) {
    const std::size_t n = spec.ns[i];
    Dataset train, test;
    train.d = test.d = 2;
    for (std::size_t row = 0; row < n; ++row) ASSERT_TRUE(train.add({pool.row(row)[0], pool.row(row)[1]}, pool.y[row]).ok);
    for (std::size_t row = 1000; row < pool.size(); ++row)
      ASSERT_TRUE(test.add({pool.row(row)[0], pool.row(row)[1]}, pool.y[row]).ok);
    std::unique_ptr<Learner> l;
    ASSERT_TRUE(make_learner(spec.learner, l).ok);
    ASSERT_TRUE(l->reset(train).ok);
    while (!l->converged() && l->epoch() < spec.max_epochs) l->run_epoch(train);
    EXPECT_EQ(curve[i].n, n);
    EXPECT_TRUE(curve[i].converged);  // separable: the classic perceptron ends with no training error
    EXPECT_EQ(curve[i].train_error, 0.0);
    EXPECT_DOUBLE_EQ(curve[i].test_error, 1.0 - accuracy(*l, test));
    EXPECT_DOUBLE_EQ(curve[i].bound, vc_bound(static_cast<double>(n), 3.0, 0.05, 0.0));
    EXPECT_LE(curve[i].test_error, curve[i].bound);
  }
  EXPECT_GT(curve[0].test_error, curve[2].test_error);  // more points, a better line
  std::vector<VcSample> again;
  ASSERT_TRUE(vc_curve(spec, again).ok);
  for (std::size_t i = 0; i < curve.size(); ++i) EXPECT_EQ(again[i].test_error, curve[i].test_error);
  // A preset has no fresh points to give.
  spec.gen.kind = "six";
  EXPECT_TRUE(failed_with(vc_curve(spec, curve), Msg::lesson_vc_generator, {{"kind", "six"}}));
}

// The curve in parts (the interface's, a few sizes per frame) is the curve at once, sample
// for sample; each part trains at least one epoch, its share of the sizes only grows.
TEST(VcBound, TheCurveInPartsIsTheCurveAtOnce) {
  VcSpec spec;
  spec.gen.kind = "noisy";
  spec.gen.d = 3;
  spec.gen.noise = 0.1;
  spec.gen.seed = 11;
  spec.ns = vc_default_sizes();
  spec.test_n = 3000;
  spec.max_epochs = 10;
  std::vector<VcSample> whole;
  ASSERT_TRUE(vc_curve(spec, whole).ok);
  ASSERT_EQ(whole.size(), spec.ns.size());
  VcRun run;
  ASSERT_TRUE(vc_begin(spec, run).ok);
  std::size_t parts = 0;
  double share = 0.0;
  while (!vc_part(run, 0.0)) {
    ++parts;
    EXPECT_GE(run.share(), share);
    share = run.share();
    EXPECT_LT(share, 1.0);
  }
  EXPECT_TRUE(run.status.ok);
  EXPECT_EQ(run.share(), 1.0);
  // A part of no time still trains an epoch: at least one part per size, more for the large ones.
  EXPECT_GT(parts, spec.ns.size());
  ASSERT_EQ(run.curve.size(), whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_EQ(run.curve[i].n, whole[i].n);
    EXPECT_EQ(run.curve[i].train_error, whole[i].train_error);
    EXPECT_EQ(run.curve[i].test_error, whole[i].test_error);
    EXPECT_EQ(run.curve[i].updates, whole[i].updates);
  }
  // A failure ends the run with its reason.
  spec.gen.kind = "six";
  EXPECT_FALSE(vc_begin(spec, run).ok);
  EXPECT_TRUE(run.done);
  EXPECT_TRUE(failed_with(run.status, Msg::lesson_vc_generator, {{"kind", "six"}}));
}

TEST(VcBound, DeltaIsASessionSettingInZeroToAHalf) {
  Session s;
  EXPECT_EQ(s.settings().delta, 0.05);
  EXPECT_TRUE(s.set("delta", "0.001").ok);
  EXPECT_EQ(s.settings().delta, 0.001);
  EXPECT_FALSE(s.set("delta", "0").ok);
  EXPECT_FALSE(s.set("delta", "0.6").ok);
  EXPECT_EQ(s.settings().delta, 0.001);
  EXPECT_EQ(s.state()["delta"], 0.001);
}

// ---------------------------------------------------------------- every lesson, every walk

TEST(TheoryLessons, AreBuiltInAfterTheWorkedExamples) {
  const std::vector<std::string>& ids = builtin_lesson_ids();
  ASSERT_GE(ids.size(), 4u + kTheoryLessons.size());
  for (std::size_t i = 0; i < kTheoryLessons.size(); ++i) EXPECT_EQ(ids[4 + i], kTheoryLessons[i]);
}

TEST(TheoryLessons, PlayToTheirEndRightWrongAndWithNextAlone) {
  for (const std::string& id : kTheoryLessons) {
    for (Walk how : {Walk::Right, Walk::Wrong, Walk::NextOnly}) {
      Session s;
      LessonRunner r;
      const Status st = r.load_builtin(id);
      ASSERT_TRUE(st.ok) << st.error;
      const std::size_t questions = walk(r, s, how);
      EXPECT_GE(questions, 3u) << id;
      const std::vector<Json> ev = r.take_events();
      ASSERT_FALSE(ev.empty());
      EXPECT_EQ(ev.back()["event"], "lesson_finished");
      EXPECT_EQ(ev.back()["answered"], how == Walk::NextOnly ? 0u : questions) << id;
      EXPECT_EQ(ev.back()["correct"], how == Walk::Right ? questions : 0u) << id;
    }
  }
}

TEST(TheoryLessons, TextsHaveThreeLanguagesWithTheSamePlaceholders) {
  for (const std::string& id : kTheoryLessons) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    auto names = [](const std::string& t) {
      std::vector<std::string> out;
      for (std::size_t i = t.find('{'); i != std::string::npos; i = t.find('{', i + 1))
        out.push_back(t.substr(i, t.find('}', i) - i));
      std::sort(out.begin(), out.end());
      return out;
    };
    auto check = [&](const LessonText& t) {
      EXPECT_FALSE(t.written("vi").empty()) << id << ": " << t.en;
      EXPECT_FALSE(t.written("zh").empty()) << id << ": " << t.en;
      EXPECT_EQ(names(t.written("vi")), names(t.en)) << id << ": " << t.written("vi");
      EXPECT_EQ(names(t.written("zh")), names(t.en)) << id << ": " << t.written("zh");
    };
    check(r.lesson().title);
    for (const LessonStep& st : r.lesson().steps) {
      check(st.narration);
      if (st.question.kind == QuestionKind::None) continue;
      check(st.question.prompt);
      check(st.question.why);
      for (const LessonText& o : st.question.options) check(o);
      for (const LessonText& o : st.question.whys)
        if (!o.en.empty()) check(o);
    }
  }
}

// ---------------------------------------------------------------- learning-rate

// The classic perceptron on the six points in exact (integer) arithmetic, from w = 0 with
// η = 1, cyclic: for every visit, y(w·x + b) before it (an update when <= 0). With any η > 0
// the exact run is this one scaled (w = η·u, b = η·c): the same visits, the same updates.
const long long kSix[6][3] = {{3, 3, 1}, {4, 3, 1}, {1, 1, -1}, {2, 2, -1}, {3, 1, -1}, {5, 2, 1}};
std::vector<long long> exact_scores(std::size_t visits) {
  long long w1 = 0, w2 = 0, b = 0;
  std::vector<long long> out;
  for (std::size_t t = 0; t < visits; ++t) {
    const long long* x = kSix[t % 6];
    const long long score = x[2] * (w1 * x[0] + w2 * x[1] + b);
    out.push_back(score);
    if (score <= 0) w1 += x[2] * x[0], w2 += x[2] * x[1], b += x[2];
  }
  return out;
}
std::vector<std::uint32_t> exact_updates() {
  std::vector<std::uint32_t> out;
  const std::vector<long long> sc = exact_scores(6000);
  std::size_t clean = 0;  // visits in a row without an update: 6 is convergence
  for (std::size_t t = 0; t < sc.size() && clean < 6; ++t) {
    if (sc[t] <= 0) out.push_back(static_cast<std::uint32_t>(t % 6)), clean = 0;
    else ++clean;
  }
  return out;
}

std::vector<std::uint32_t> updates_in_trace(const Session& s) {
  std::vector<std::uint32_t> out;
  for (const TraceStep& t : s.trace().log())
    if (t.mistake) out.push_back(t.index);
  return out;
}

Session trained_six(double eta, bool random_start) {
  Session s;
  EXPECT_TRUE(s.load_preset("six").ok);
  EXPECT_TRUE(s.set("eta", msg_num(eta)).ok);
  if (random_start) {
    EXPECT_TRUE(s.set("init", "random").ok);
    EXPECT_TRUE(s.set("seed", "1").ok);
  }
  EXPECT_TRUE(s.train().ok);
  EXPECT_TRUE(s.learner().converged());
  return s;
}

TEST(LearningRateLesson, FromZeroEveryEtaMakesTheSameMistakesUpToRounding) {
  const std::vector<std::uint32_t> exact = exact_updates();
  ASSERT_EQ(exact.size(), 96u);  // the integer run converges after 96 updates
  // η = 1 and the powers of two are exact in binary: the same updates, bit for bit.
  for (double eta : {1.0, 0.5, 0.25, 0.125}) EXPECT_EQ(updates_in_trace(trained_six(eta, false)), exact) << eta;
  // η = 0.1, 0.01, 0.001: every visit decides as the exact run does until the first visit
  // whose exact score is a tie y(w·x + b) = 0. Any other exact score is a whole number times η,
  // at least η away from 0, far beyond rounding: only a tie can be decided differently.
  for (double eta : {0.1, 0.01, 0.001}) {
    const Session s = trained_six(eta, false);
    const auto& log = s.trace().log();
    const std::vector<long long> sc = exact_scores(log.size());
    std::size_t t = 0;
    while (t < log.size() && log[t].index == t % 6 && log[t].mistake == (sc[t] <= 0)) ++t;
    const std::size_t updates_before = static_cast<std::size_t>(std::count_if(
        log.begin(), log.begin() + static_cast<std::ptrdiff_t>(t), [](const TraceStep& x) { return x.mistake; }));
    EXPECT_GE(updates_before, 13u) << eta;  // the first 13 updates agree for every η
    if (t < log.size()) {
      EXPECT_EQ(log[t].index, t % 6);
      EXPECT_EQ(sc[t], 0) << "η = " << eta << " parted from the exact run at visit " << t + 1 << " with no tie";
      EXPECT_FALSE(log[t].mistake);  // the rounded score of the tie came out positive
    }
  }
  // The lesson narrates the comparison of η = 1, 0.1, 0.01, 0.001 and of the powers of two
  // 1, 2⁻⁴, 2⁻⁷, 2⁻¹⁰.
  Session s;
  LessonRunner r;
  play_to(r, s, "learning-rate", 3);
  const std::string n = r.narration(s, "en");
  EXPECT_TRUE(contains(n, "η = 1: k = 96, w = (6, 3), b = -24")) << n;
  ASSERT_EQ(s.eta_runs().size(), 4u);
  EXPECT_EQ(s.eta_runs()[1].eta, 0.1);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, "yes").ok);
  EXPECT_TRUE(contains(r.feedback("en"), "The runs make 96, 96, 96, 96 updates and end at w = η·(6, 3), b = −24η exactly"))
      << r.feedback("en");
  ASSERT_EQ(s.eta_runs().size(), 4u);
  EXPECT_EQ(s.eta_runs()[3].eta, std::ldexp(1.0, -10));
  for (const EtaRun& run : s.eta_runs()) {
    EXPECT_EQ(run.w, (std::vector<double>{6 * run.eta, 3 * run.eta}));
    EXPECT_EQ(run.b, -24 * run.eta);
  }
}

TEST(LearningRateLesson, FromARandomStartEtaChangesTheRun) {
  const std::vector<std::uint32_t> big = updates_in_trace(trained_six(1.0, true));
  const std::vector<std::uint32_t> small = updates_in_trace(trained_six(0.001, true));
  EXPECT_NE(big, small);
  EXPECT_NE(small, exact_updates());
  Session s;
  LessonRunner r;
  play_to(r, s, "learning-rate", 6);
  EXPECT_EQ(s.settings().learner.pla.init, Init::Random);
  ASSERT_EQ(s.eta_runs().size(), 4u);
  EXPECT_NE(s.eta_runs()[0].updates, s.eta_runs()[3].updates);
  EXPECT_EQ(r.expected_answer(), "0");  // only η = 2⁻⁴ must run as η = 1 does (lessons_theory_test.cpp)
}

TEST(LearningRateLesson, TheFirstUpdateIsEtaTimesX1) {
  Session s;
  LessonRunner r;
  play_to(r, s, "learning-rate", 0);
  EXPECT_EQ(r.expected_answer(), "3");
  ASSERT_TRUE(r.next(s).ok);  // η = 0.1, up to the first update
  EXPECT_EQ(s.learner().updates(), 1u);
  EXPECT_NEAR(s.learner().running_w()[0], 0.3, 1e-15);
  EXPECT_EQ(r.expected_answer(), "no");
  // J after the update on x1 (w = (0.3, 0.3), b = 0.1): x3, x4, x5 are on the wrong side with
  // −y(w·x + b) = 0.7, 1.3, 1.3; x2 and x6 are right: J = 3.3.
  const std::string n = r.narration(s, "en");
  EXPECT_TRUE(contains(n, "k = 1, w = (0.3, 0.3), b = 0.1")) << n;
  EXPECT_TRUE(contains(n, "J = 3.3")) << n;
}

// ---------------------------------------------------------------- novikoff

TEST(NovikoffLesson, TheInvariantsHoldAtEveryUpdateAndKStaysBelowTheBound) {
  // By hand: R̂² = max ‖(x, 1)‖² = 5² + 2² + 1 = 30. u = (1, 1, −5)/√27 gives y(u·x̂) = 1, 2, 3,
  // 1, 1, 2 (times 1/√27) on the six points: γ̂ = 1/√27 (the lab's max-margin vector must reach
  // it), and the bound (R̂/γ̂)² = 30 · 27 = 810.
  const double root27 = std::sqrt(27.0);
  const std::vector<double> u = {1 / root27, 1 / root27, -5 / root27};
  Session s;
  LessonRunner r;
  play_to(r, s, "novikoff", 1);  // step 2 asks for the bound
  ASSERT_TRUE(s.margin().separable);
  EXPECT_NEAR(s.margin().gamma_aug, 1 / root27, 1e-9);
  EXPECT_NEAR(s.margin().R_aug, std::sqrt(30.0), 1e-12);
  EXPECT_NEAR(s.margin().bound, 810.0, 1e-6);
  for (std::size_t j = 0; j < 3; ++j) EXPECT_NEAR(s.margin().u[j], u[j], 1e-9);
  EXPECT_EQ(r.expected_answer(), "810");
  EXPECT_EQ(s.settings().view3d, View3d::Augmented);
  std::size_t checked = 0;
  while (!r.done()) {
    const double eta = s.settings().learner.pla.eta;
    const MarginResult& m = s.margin();
    ASSERT_TRUE(m.separable);
    // Every update so far, recomputed from the trace's weights against the hand u on the six
    // points (steps 8 and 9 use generated points: their u is the lab's).
    const std::vector<double>& uu = r.step() < 7 ? u : m.u;
    for (const InvariantSample& p : s.invariants()) {
      const double k = static_cast<double>(p.k);
      EXPECT_GE(p.progress, k * eta * m.gamma_aug * (1 - 1e-9)) << "k = " << p.k;
      EXPECT_LE(p.norm2, k * eta * eta * m.R_aug * m.R_aug * (1 + 1e-9)) << "k = " << p.k;
      EXPECT_LE(k, m.bound);
      ++checked;
    }
    const std::vector<double>& w = s.learner().running_w();
    const double b = s.learner().running_b();
    const double wu = w[0] * uu[0] + w[1] * uu[1] + b * uu[2], n2 = w[0] * w[0] + w[1] * w[1] + b * b;
    const double k = static_cast<double>(s.learner().updates());
    EXPECT_GE(wu, k * eta * m.gamma_aug * (1 - 1e-9));
    EXPECT_LE(n2, k * eta * eta * m.R_aug * m.R_aug * (1 + 1e-9));
    EXPECT_LE(k, m.bound);
    if (r.step() == 3) {  // after 5 updates: the narrated invariants, recomputed with the hand u
      EXPECT_EQ(s.learner().updates(), 5u);
      char buf[200];
      std::snprintf(buf, sizeof buf, "ŵ·u = %.6g ≥ kηγ̂ = %.6g, and ‖ŵ‖² = %.6g ≤ kη²R̂² = %.6g", wu, 5 / root27, n2, 150.0);
      EXPECT_TRUE(contains(r.narration(s, "en"), buf)) << r.narration(s, "en") << "\n" << buf;
    }
    if (r.step() == 3) {  // which fact joins the invariants: Cauchy–Schwarz
      EXPECT_EQ(r.question_kind(), QuestionKind::Choice);
      EXPECT_EQ(r.expected_answer(), "0");
    }
    ASSERT_TRUE(r.next(s).ok);
  }
  EXPECT_GT(checked, 100u);
  EXPECT_TRUE(s.learner().converged());
}

// ---------------------------------------------------------------- random-start, not-separable, early stopping

TEST(RandomStartLesson, SeedsEndOnDifferentSeparatingLines) {
  Session s;
  LessonRunner r;
  play_to(r, s, "random-start", 0);
  std::vector<std::vector<double>> lines;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    EXPECT_EQ(s.settings().learner.pla.seed, seed);
    EXPECT_TRUE(s.learner().converged());
    EXPECT_EQ(s.train_mistakes(), 0u);
    const Metrics m = compute_losses(s.learner(), s.train_set());
    EXPECT_EQ(m.j1, 0u);
    EXPECT_EQ(m.j, 0.0);
    std::vector<double> line = s.learner().running_w();
    line.push_back(s.learner().running_b());
    for (const auto& other : lines) EXPECT_NE(line, other);
    lines.push_back(line);
    ASSERT_TRUE(r.next(s).ok);
    if (seed == 2u) {
      ASSERT_TRUE(r.next(s).ok);  // step 3 derives J; step 4 trains seed 3
    }
  }
  // w = 0: J₁ = 6 (every score is 0, a mistake) while J = 0.
  EXPECT_EQ(r.expected_answer(), "0");
  EXPECT_TRUE(contains(r.question_prompt("en"), "J₁ = 6")) << r.question_prompt("en");
}

TEST(NotSeparableLesson, ClassicCyclesAndPocketKeepsFewerMistakes) {
  Session s;
  LessonRunner r;
  play_to(r, s, "not-separable", 0);
  EXPECT_FALSE(s.margin().separable);  // XOR: the hulls meet
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_FALSE(s.learner().converged());
  ASSERT_TRUE(r.next(s).ok);  // the noisy points, classic after 50 epochs
  EXPECT_FALSE(s.margin().separable);
  const std::size_t classic50 = s.train_mistakes();
  ASSERT_TRUE(r.next(s).ok);  // one epoch later: the count moves
  const std::size_t classic51 = s.train_mistakes();
  EXPECT_NE(classic51, classic50);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.algo, Algo::Pocket);
  EXPECT_LT(s.train_mistakes(), std::min(classic50, classic51));
  EXPECT_GE(s.train_mistakes(), 10u);  // no line does better than the 10 flipped labels
  // (the exact counts of every learner: lessons_nonseparable_test.cpp)
}

TEST(AveragedLesson, AveragingHelpsOnValidationAndEarlyStoppingKeepsTheBestEpoch) {
  Session s;
  LessonRunner r;
  play_to(r, s, "averaged-early-stopping", 0);
  ASSERT_EQ(s.validation_set().size(), 60u);
  const double classic = accuracy(s.learner(), s.validation_set());
  ASSERT_TRUE(r.next(s).ok);  // the voted perceptron
  EXPECT_EQ(s.settings().learner.algo, Algo::Voted);
  EXPECT_GT(accuracy(s.learner(), s.validation_set()), classic);
  ASSERT_TRUE(r.next(s).ok);  // which answer moves less, asked before the averaged perceptron runs
  EXPECT_EQ(r.expected_answer(), "1");  // the average
  ASSERT_TRUE(r.next(s).ok);
  const double averaged = accuracy(s.learner(), s.validation_set());
  EXPECT_GT(averaged, classic);  // the steadier answer does better on these points
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::EarlyStopping);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::EarlyStopping);
}

// ---------------------------------------------------------------- lifting and vc-bound

TEST(LiftingLesson, LiftsMakeXorAndCirclesSeparable) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 0);
  EXPECT_FALSE(s.learner().converged());
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_FALSE(s.learner().converged());
  EXPECT_EQ(s.settings().view3d, View3d::Lifted);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_NE(s.lift(), nullptr);
  EXPECT_EQ(s.lift()->output_d(), 3);
  EXPECT_TRUE(s.margin().separable);
  EXPECT_TRUE(s.learner().converged());
  ASSERT_TRUE(r.next(s).ok);  // the trace of the plane in the input plane: an ellipse (option 1)
  EXPECT_EQ(r.expected_answer(), "1");
  ASSERT_TRUE(r.next(s).ok);  // K(x, z) = (x·z + 1)² is φ(x)·φ(z) with the √2 weights (option 1)
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(s.settings().learner.algo, Algo::Classic);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.algo, Algo::Kernel);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);
}

TEST(VcBoundLesson, NarratesTheBoundAndTheTestErrorOfFreshPoints) {
  Session s;
  LessonRunner r;
  play_to(r, s, "vc-bound", 0);
  ASSERT_EQ(s.source(), DataSource::Generated);
  ASSERT_EQ(s.train_set().size(), 100u);
  EXPECT_EQ(s.train_mistakes(), 0u);
  ASSERT_TRUE(r.next(s).ok);  // the VC dimension
  EXPECT_EQ(r.expected_answer(), "3");
  ASSERT_TRUE(r.next(s).ok);  // the numbers at N = 100
  EXPECT_TRUE(contains(r.narration(s, "en"), "so R(f) ≤ 0.447.")) << r.narration(s, "en");
  // The test error: 10,000 fresh points drawn here with the lesson's generator and seed.
  GenSpec g = s.last_generated();
  g.n = 100 + 10000;
  Dataset pool;
  ASSERT_TRUE(generate(g, pool).ok);
  std::size_t wrong = 0;
  for (std::size_t i = 100; i < pool.size(); ++i) wrong += (s.decision(pool.row(i)) >= 0 ? 1 : -1) != pool.y[i];
  char buf[64];
  std::snprintf(buf, sizeof buf, "its error rate there is %g.", std::round(static_cast<double>(wrong)) / 10000.0);
  EXPECT_TRUE(contains(r.narration(s, "en"), buf)) << r.narration(s, "en") << "\n" << buf;
  EXPECT_LT(static_cast<double>(wrong) / 10000.0, 0.447);
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.next(s).ok);  // the plot
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(contains(r.narration(s, "en"), "N = 1000. R_emp = 0, the bound is 0.164")) << r.narration(s, "en");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().delta, 0.001);
  ASSERT_TRUE(r.answer(s, "no").ok);  // the new bound is shown after the answer
  EXPECT_TRUE(contains(r.feedback("en"), "the bound goes from 0.164 to 0.1755")) << r.feedback("en");
  ASSERT_TRUE(r.next(s).ok);
  // Noisy points: R_emp > 0; no classifier can expect less than the flipped tenth (the "no"),
  // and the test error measured is below the bound.
  const double r_emp = static_cast<double>(s.train_mistakes()) / static_cast<double>(s.train_set().size());
  EXPECT_GT(r_emp, 0.05);
  EXPECT_EQ(r.expected_answer(), "no");
  const double bound = vc_bound(1000, 3, 0.05, r_emp);
  g = s.last_generated();
  g.n = 1000 + 10000;
  ASSERT_TRUE(generate(g, pool).ok);
  wrong = 0;
  for (std::size_t i = 1000; i < pool.size(); ++i) wrong += (s.decision(pool.row(i)) >= 0 ? 1 : -1) != pool.y[i];
  EXPECT_LT(static_cast<double>(wrong) / 10000.0, bound);
}

// ---------------------------------------------------------------- the engine's new parts

TEST(LessonEngine, ViewSettingsAccumulateStepByStep) {
  LessonRunner r;
  Session s;
  const std::string json = R"({"format": 1, "id": "v", "title": {"en": "v"}, "steps": [
    {"narration": {"en": "a"}, "setup": {"preset": "six"}, "view": {"plot": "rates", "field": true}},
    {"narration": {"en": "b"}},
    {"narration": {"en": "c {eta_k}"}, "view": {"plot": "vc"}, "actions": [["compare", 1, 0.5]]}]})";
  ASSERT_TRUE(r.load(json, "v.json").ok);
  EXPECT_TRUE(r.view_settings().empty());  // not started
  ASSERT_TRUE(r.start(s).ok);
  using KV = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(r.view_settings(), (KV{{"plot", "rates"}, {"field", "true"}}));
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.view_settings(), (KV{{"plot", "rates"}, {"field", "true"}}));
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.view_settings(), (KV{{"plot", "rates"}, {"field", "true"}, {"plot", "vc"}}));
  EXPECT_EQ(r.narration(s, "en"), "c 96, 96");
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_EQ(r.view_settings(), (KV{{"plot", "rates"}, {"field", "true"}}));
}

TEST(LessonEngine, NewActionsAndViewsAreChecked) {
  LessonRunner r;
  auto lesson = [](const std::string& step_extra) {
    return R"({"format": 1, "id": "x", "title": {"en": "x"}, "steps": [{"narration": {"en": "a"}, "setup": {"preset": "six"}, )" +
           step_extra + "}]}";
  };
  // compare takes 0 to 8 values, as the session's command table says (none: its default η).
  EXPECT_TRUE(r.load(lesson(R"("actions": [["compare"]])"), "x.json").ok);
  EXPECT_TRUE(failed_with(r.load(lesson(R"("actions": [["compare", 1, 2, 3, 4, 5, 6, 7, 8, 9]])"), "x.json"),
                          Msg::lesson_action_count, {{"field", "steps[1].actions[1]"}, {"count", "0–8"}}));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("actions": [["compare", 1, "a"]])"), "x.json"), Msg::lesson_expected_number,
                          {{"field", "steps[1].actions[1][3]"}}));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("actions": [["generate", 3]])"), "x.json"), Msg::lesson_expected_string,
                          {{"field", "steps[1].actions[1][2]"}}));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("actions": [["generate", "xor", 1, 2, 3, 4, 5, 6]])"), "x.json"),
                          Msg::lesson_action_count));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("view": ["plot"])"), "x.json"), Msg::lesson_expected_object,
                          {{"field", "steps[1].view"}}));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("view": {"Plot!": "vc"})"), "x.json"), Msg::lesson_bad_id));
  EXPECT_TRUE(failed_with(r.load(lesson(R"("view": {"plot": [1]})"), "x.json"), Msg::lesson_expected_value,
                          {{"field", "steps[1].view.plot"}}));
  EXPECT_TRUE(r.load(lesson(R"("view": {"plot": "vc"}, "actions": [["generate", "xor", 40], ["compare", 1]])"), "x.json").ok);
  // A generator that fails is reported at run time with the step.
  ASSERT_TRUE(r.load(lesson(R"("actions": [["generate", "nothing"]])"), "x.json").ok);
  Session s;
  EXPECT_TRUE(failed_with(r.start(s), Msg::lesson_step_failed, {{"field", "steps[1].actions[1]"}}));
}

TEST(LessonEngine, PlaceholdersWithoutTheirNumbersShowADash) {
  LessonRunner r;
  Session s;
  const std::string json = R"({"format": 1, "id": "p", "title": {"en": "p"}, "steps": [
    {"narration": {"en": "{test_error}|{eta_runs}|{validation_accuracy}|{vc_gap}|{N}|{h}|{delta}|{seed}|{J}|{J1}"},
     "setup": {"preset": "six", "seed": 9}}]})";
  ASSERT_TRUE(r.load(json, "p.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  // A preset has no generator (no test error), no comparison ran, no split: dashes. At w = 0
  // every one of the six points is a mistake (J₁ = 6) with J = 0.
  EXPECT_EQ(r.narration(s, "en"), "–|–|–|–|6|3|0.05|9|0|6");
}

}  // namespace
}  // namespace pla::theory_lessons_test

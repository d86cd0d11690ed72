// The worked-example lesson "customers" against its own data (as lessons_worked_test.cpp
// checks the textbook lesson): the first update, the growth of y(w.x + b) by
// eta(|x|^2 + 1), the angle and counts its texts state, and the query question.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "worked_lessons.hpp"

namespace pla::lessons_worked_customers_test {
namespace {

using namespace worked_lessons;

// ---------------------------------------------------------------- customers

// Step 1 asks how many customers the first update leaves misclassified: from w = 0 it is on
// x1 = (8, 85), y = +1, so w = (8, 85), b = 1; every customer has positive coordinates, so
// w.x + b > 0 for all 20 and exactly the 10 small ones are misclassified. The update itself
// is step 2's action, so the later steps see the same session as before.
TEST(WorkedCustomers, TheFirstUpdatePutsEveryCustomerOnTheBigSide) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 0);
  const Dataset& ds = s.data();
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "10");
  std::size_t small = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    EXPECT_GT(ds.row(i)[0], 0.0) << i;  // "a positive price and quantity"
    EXPECT_GT(ds.row(i)[1], 0.0) << i;
    small += ds.y[i] < 0 ? 1 : 0;
  }
  EXPECT_EQ(small, 10u);
  EXPECT_EQ(ds.y[0], 1);  // x1 = (8, 85) is a big customer
  EXPECT_EQ(ds.row(0)[0], 8.0);
  EXPECT_EQ(ds.row(0)[1], 85.0);
  const std::vector<double> w{8, 85};
  for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_GT(dot(w, ds.row(i)) + 1.0, 0.0) << i;
  EXPECT_EQ(misclassified(ds, w, 1.0), 10u);
  answer_right(r, s);
  EXPECT_EQ(s.learner().updates(), 0u);  // the question has no effect
  for (const char* lang : {"en", "vi", "zh"}) EXPECT_LACKS(narration(r, s, lang), "10");
  EXPECT_HAS(why(r), "10, all the small customers.");
  EXPECT_HAS(why(r), "the first update is on x1 = (8, 85), a big customer: w = (8, 85), b = 1.");
  EXPECT_HAS(why(r), "so w·x + b > 0 for all 20");
  ASSERT_TRUE(r.next(s).ok);
  // Step 2's action makes that update, on x1.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(s.learner().running_w(), w);
  EXPECT_EQ(s.learner().running_b(), 1.0);
  EXPECT_EQ(s.train_mistakes(), 10u);
}

TEST(WorkedCustomers, AnUpdateRaisesYScoreByEtaTimesNormSquaredPlusOne) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 1);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 20u);
  EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"price", "quantity"}));  // x⁽¹⁾ price, x⁽²⁾ quantity
  const std::vector<double> w1 = s.learner().running_w();
  const double b1 = s.learner().running_b();
  EXPECT_EQ(w1, (std::vector<double>{8, 85}));
  EXPECT_EQ(b1, 1.0);
  // Step 2: the next update is on x2 = (30, 12), y = -1, y(w.x + b) = -1261; ‖x2‖² + 1 = 1045.
  EXPECT_EQ(ds.row(1)[0], 30.0);
  EXPECT_EQ(ds.row(1)[1], 12.0);
  EXPECT_EQ(ds.y[1], -1);
  EXPECT_EQ(margin_of(ds, 1, w1, b1), -1261.0);
  EXPECT_EQ(norm2(ds, 1) + 1, 1045.0);
  EXPECT_HAS(narration(r, s), "the next update is on x2 = (30, 12), a small customer (y = −1), with y(w·x + b) = −1261.");
  EXPECT_EQ(r.expected_answer(), "-216");
  answer_right(r, s);
  EXPECT_HAS(why(r), "‖x2‖² + 1 = 900 + 144 + 1 = 1045, so y(w·x + b) goes from −1261 to −1261 + 1045 = −216");
  ASSERT_TRUE(r.next(s).ok);
  // Step 3: after the update x2 is still misclassified at -216.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(margin_of(ds, 1, s.learner().running_w(), s.learner().running_b()), -216.0);
  // The same identity on every update of the whole run, on the lesson's data.
  Session t;
  ASSERT_TRUE(t.load_data(ds, "customers").ok);
  for (const char* kv : {"algo classic", "eta 1", "order cyclic", "init zero"}) {
    const std::string text(kv);
    ASSERT_TRUE(t.set(text.substr(0, text.find(' ')), text.substr(text.find(' ') + 1)).ok) << kv;
  }
  t.reset();
  for (int k = 0; k < 100 && !t.learner().converged(); ++k) {
    const std::vector<double> w = t.learner().running_w();
    const double b = t.learner().running_b();
    const std::uint64_t before = t.learner().updates();
    t.next_update();
    if (t.learner().updates() == before) break;
    const std::size_t i = updates_in_trace(t).back();
    EXPECT_EQ(margin_of(ds, i, t.learner().running_w(), t.learner().running_b()) - margin_of(ds, i, w, b),
              1.0 * (norm2(ds, i) + 1))
        << "update " << k + 1;
  }
  EXPECT_TRUE(t.learner().converged());
  EXPECT_EQ(t.learner().updates(), 14u);
}

TEST(WorkedCustomers, TheAngleAndTheCountsAreTheLessons) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 2);
  const Dataset& ds = s.data();
  const std::vector<double> w = s.learner().running_w();
  EXPECT_EQ(w, (std::vector<double>{-22, 73}));
  EXPECT_EQ(s.learner().running_b(), 0.0);
  // yx = (-30, -12); the angle from w = (8, 85) was 117.2°, from (-22, 73) it is 95.0°.
  const double yx[] = {-30, -12};
  const auto angle = [&](double a, double b) {
    return std::acos((a * yx[0] + b * yx[1]) / (std::hypot(a, b) * std::hypot(yx[0], yx[1]))) * 180.0 /
           3.14159265358979323846;
  };
  EXPECT_NEAR(angle(8, 85), 117.2, 0.05);
  EXPECT_NEAR(angle(-22, 73), 95.0, 0.05);
  EXPECT_LT(angle(-22, 73), angle(8, 85));
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "Update 2 on x2 = (30, 12): w = (−22, 73), b = 0; 7 of 20 customers are misclassified.");
  EXPECT_HAS(n, "yx = (−30, −12): the angle between w and yx fell from 117.2° to 95.0°.");
  EXPECT_EQ(misclassified(ds, w, 0.0), 7u);
  // x3 = (10, 72) is classified correctly: 5036.
  EXPECT_EQ(margin_of(ds, 2, w, 0.0), 5036.0);
  EXPECT_EQ(r.expected_answer(), "no");
  answer_right(r, s);
  EXPECT_EQ(ds.y[2], 1);
  EXPECT_EQ(-22 * 10 + 73 * 72 + 0, 5036);
  EXPECT_HAS(why(r), "x3 = (10, 72) is a big customer (y = +1): y(w·x + b) = (−22)·10 + 73·72 + 0 = 5036 > 0");
  ASSERT_TRUE(r.next(s).ok);
  // Step 4: trained; no customer is misclassified and the last epoch made no update.
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().updates(), 14u);
  EXPECT_EQ(s.learner().epoch(), 4u);
  EXPECT_EQ(misclassified(ds, s.learner().w(), s.learner().b()), 0u);
  const auto& log = s.trace().log();
  ASSERT_GE(log.size(), 20u);
  for (std::size_t i = log.size() - 20; i < log.size(); ++i) {
    EXPECT_FALSE(log[i].mistake) << i;
    EXPECT_EQ(log[i].epoch, 4u);
  }
  EXPECT_HAS(narration(r, s), "k = 14 updates in 4 epochs, w = (−116, 63), b = −4.");
  EXPECT_EQ(r.expected_answer(), "yes");
  answer_right(r, s);
  const std::string w4 = why(r);
  EXPECT_HAS(w4, "Yes: no customer is misclassified, and the last epoch made no update.");
  // R̂ = max ‖(x, 1)‖ = ‖(12, 90, 1)‖ = √8245.
  double r2 = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) r2 = std::max(r2, norm2(ds, i) + 1);
  EXPECT_EQ(r2, 8245.0);
  EXPECT_HAS(w4, "R̂ = " + kMinus(std::sqrt(r2)) + " and γ̂ = ");
  const std::smatch m = [&] {
    std::smatch out;
    std::regex_search(w4, out, std::regex("\\(R̂/γ̂\\)² = ([0-9.]+), with R̂ = ([0-9.]+) and γ̂ = ([0-9.]+)"));
    return out;
  }();
  ASSERT_EQ(m.size(), 4u) << w4;
  const double bound = std::stod(m[1]), R = std::stod(m[2]), gamma = std::stod(m[3]);
  EXPECT_NEAR(bound, (R / gamma) * (R / gamma), 1e-3 * bound);
  EXPECT_GT(bound, 100.0 * 14);  // "far below"
  // γ̂ is a margin of the augmented points: the final (w, b) normalised reaches at most it.
  double reached = 1e18;
  const double norm_hat = std::sqrt(dot(s.learner().w(), s.learner().w().data()) + s.learner().b() * s.learner().b());
  for (std::size_t i = 0; i < ds.size(); ++i)
    reached = std::min(reached, margin_of(ds, i, s.learner().w(), s.learner().b()) / norm_hat);
  EXPECT_LE(reached, gamma + 1e-5);
  // "Why so large?": the widest margin of the points in the plane is about 6.5 (over unit
  // normals n, (min over +1 of n.x − max over −1 of n.x)/2), far above γ̂, and its line lies
  // far from the origin (the midpoint (lo + hi)/2 of n.x).
  double best = -1e9, offset = 0;
  for (int a = 0; a < 360000; ++a) {
    const double th = a * 3.14159265358979323846 / 180000;
    const std::vector<double> unit = {std::cos(th), std::sin(th)};
    double lo = 1e9, hi = -1e9;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double v = dot(unit, ds.row(i));
      if (ds.y[i] > 0) lo = std::min(lo, v);
      else hi = std::max(hi, v);
    }
    if ((lo - hi) / 2 > best) best = (lo - hi) / 2, offset = std::fabs(lo + hi) / 2;
  }
  EXPECT_NEAR(best, 6.5, 0.05);
  EXPECT_GT(best, 5 * gamma);
  EXPECT_GT(offset, 10.0);
  EXPECT_HAS(w4, "γ̂ is far below the widest margin of the points in the plane, about 6.5.");
}

TEST(WorkedCustomers, TheQueryQuestionIsAPrediction) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 4);
  ASSERT_EQ(s.queries().size(), 3u);
  EXPECT_EQ(s.queries()[0], (std::vector<double>{12, 60}));
  EXPECT_EQ(s.queries()[1], (std::vector<double>{40, 10}));
  EXPECT_EQ(s.queries()[2], (std::vector<double>{30, 50}));
  // None of them is a training point ("new customers").
  for (const std::vector<double>& q : s.queries())
    for (std::size_t i = 0; i < s.data().size(); ++i)
      EXPECT_FALSE(s.data().row(i)[0] == q[0] && s.data().row(i)[1] == q[1]) << i;
  const std::vector<double>& w = s.learner().w();
  const double b = s.learner().b();
  EXPECT_EQ(w, (std::vector<double>{-116, 63}));
  EXPECT_EQ(b, -4.0);
  EXPECT_EQ(dot(w, s.queries()[0].data()) + b, 2384.0);
  EXPECT_EQ(dot(w, s.queries()[1].data()) + b, -4014.0);
  EXPECT_EQ(dot(w, s.queries()[2].data()) + b, -334.0);
  EXPECT_EQ(-116 * 30 + 63 * 50 - 4, -334);
  EXPECT_EQ(-116 * 40 + 63 * 10 - 4, -4014);
  EXPECT_EQ(-116 * 12 + 63 * 60 - 4, 2384);
  char ratio[16];
  std::snprintf(ratio, sizeof ratio, "%.2f", -w[0] / w[1]);  // w.x + b >= 0 is q >= (116p + 4)/63
  EXPECT_EQ(std::string(ratio), "1.84");
  EXPECT_EQ(s.learner().predict(s.queries()[2].data()), -1);
  for (std::size_t q = 0; q < 3; ++q)
    EXPECT_EQ(s.decision(s.queries()[q].data()) > 0, q == 0) << q;
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "(12, 60), (40, 10) and (30, 50)");
  EXPECT_HAS(n, "gives a new customer x the class sign(w·x + b), +1 when w·x + b ≥ 0.");
  EXPECT_LACKS(n, "→");  // the classes come after the answer
  EXPECT_EQ(r.expected_answer(), "0");
  EXPECT_EQ(r.question_options("en")[0], "(12, 60) only");
  answer_right(r, s);
  EXPECT_HAS(why(r), "w·x + b is 2384 for (12, 60), −4014 for (40, 10) and −334 for (30, 50)");
  for (const char* reply : {"1", "2", "3"}) {
    Session t;
    LessonRunner q;
    play_to(q, t, "customers", 4);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_HAS(why(q), reply[0] == '1'   ? "(30, 50) buys 50 units, but at 30 EUR: −116·30 + 63·50 − 4 = −334 < 0."
                       : reply[0] == '2' ? "(40, 10) buys few units at a high price: −116·40 + 63·10 − 4 = −4014."
                                         : "(12, 60) is on the big side: −116·12 + 63·60 − 4 = 2384 > 0.");
  }
  EXPECT_HAS(why(r), "(12, 60) → +1");
  EXPECT_HAS(why(r), "Only (12, 60), many units at a low price, is classified as a big customer; (30, 50) pays too much for its quantity.");
  EXPECT_LT(s.queries()[0][0], s.queries()[1][0]);  // a lower price than (40, 10) and (25, 35)
  EXPECT_LT(s.queries()[0][0], s.queries()[2][0]);
  EXPECT_GT(s.queries()[0][1], s.queries()[1][1]);  // and more units
  EXPECT_GT(s.queries()[0][1], s.queries()[2][1]);
}

}  // namespace
}  // namespace pla::lessons_worked_customers_test

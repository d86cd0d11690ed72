// The iteration table, "you choose the point" (update_on) and query points.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::iteration_test {
namespace {

Status run(Session& s, std::vector<std::string> args) { return s.command(args); }

using V = std::vector<double>;

// The textbook: x1 = (3,3) +1, x2 = (4,3) +1, x3 = (1,1) -1; eta 1 from w = 0 with the
// restart rule gives the updates x1, x3, x3, x3, x1, x3, x3.
void textbook(Session& s) {
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"set", "eta", "1"}).ok);
  ASSERT_TRUE(run(s, {"set", "restart", "on"}).ok);
}

TEST(IterationTable, TextbookRowsByHand) {
  Session s;
  textbook(s);
  EXPECT_TRUE(s.iteration_table().empty());
  ASSERT_TRUE(run(s, {"train"}).ok);
  ASSERT_TRUE(s.learner().converged());
  const std::vector<IterationRow> rows = s.iteration_table();
  ASSERT_EQ(rows.size(), 7u);
  struct Expected {
    std::size_t index;
    V w_before;
    double b_before, score;
    V w_after;
    double b_after;
  };
  // Computed by hand: w.x + b before each update, then w <- w + y x, b <- b + y.
  const Expected want[] = {
      {0, {0, 0}, 0, 0, {3, 3}, 1},     // x1: 0 <= 0
      {2, {3, 3}, 1, 7, {2, 2}, 0},     // x3: 3 + 3 + 1 = 7, y = -1
      {2, {2, 2}, 0, 4, {1, 1}, -1},    // x3: 2 + 2 + 0 = 4
      {2, {1, 1}, -1, 1, {0, 0}, -2},   // x3: 1 + 1 - 1 = 1
      {0, {0, 0}, -2, -2, {3, 3}, -1},  // x1: 0 - 2 = -2, y = +1
      {2, {3, 3}, -1, 5, {2, 2}, -2},   // x3: 3 + 3 - 1 = 5
      {2, {2, 2}, -2, 2, {1, 1}, -3},   // x3: 2 + 2 - 2 = 2
  };
  for (std::size_t r = 0; r < 7; ++r) {
    SCOPED_TRACE("row " + std::to_string(r + 1));
    const IterationRow& row = rows[r];
    EXPECT_EQ(row.k, r + 1);
    EXPECT_EQ(row.index, want[r].index);
    EXPECT_EQ(row.x, want[r].index == 0 ? V({3, 3}) : V({1, 1}));
    EXPECT_EQ(row.y, want[r].index == 0 ? 1 : -1);
    EXPECT_EQ(row.w_before, want[r].w_before);
    EXPECT_EQ(row.b_before, want[r].b_before);
    EXPECT_EQ(row.score, want[r].score);
    EXPECT_EQ(row.w_after, want[r].w_after);
    EXPECT_EQ(row.b_after, want[r].b_after);
    EXPECT_FALSE(row.chosen);
  }
  EXPECT_EQ(s.learner().w(), V({1, 1}));
  EXPECT_EQ(s.learner().b(), -3.0);

  // The table follows the viewed step: scrubbing back shows fewer rows.
  ASSERT_TRUE(run(s, {"seek", std::to_string(rows[2].step)}).ok);
  EXPECT_EQ(s.iteration_table().size(), 3u);
  ASSERT_TRUE(run(s, {"seek", "0"}).ok);
  EXPECT_TRUE(s.iteration_table().empty());
}

TEST(IterationTable, CsvHasAHeaderAndOneRowPerUpdate) {
  Session s;
  textbook(s);
  ASSERT_TRUE(run(s, {"set", "eta", "0.1"}).ok);
  ASSERT_TRUE(run(s, {"train"}).ok);
  std::string csv;
  ASSERT_TRUE(s.iteration_csv(csv).ok);
  const std::string header =
      "k,step,epoch,point,index,x_1,x_2,y,b_before,w_before_1,w_before_2,score,y_score,b_after,w_after_1,w_after_2,chosen\n";
  ASSERT_EQ(csv.substr(0, header.size()), header);
  std::size_t lines = 0;
  for (char c : csv) lines += c == '\n';
  EXPECT_EQ(lines, 1 + s.iteration_table().size());
  EXPECT_NE(csv.find("\n1,1,1,x1,0,3,3,1,0,0,0,0,0,0.1,0.30000000000000004,0.30000000000000004,0\n"), std::string::npos)
      << csv;
}

TEST(UpdateOn, TheStudentsOrderReachesTwoOneMinusFive) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"set", "eta", "1"}).ok);
  // x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 (0-based rows).
  const char* order[] = {"0", "2", "2", "2", "1", "2", "2", "2", "0", "2", "2"};
  for (const char* i : order) ASSERT_TRUE(run(s, {"update_on", i}).ok) << "x" << (std::stoi(i) + 1);
  EXPECT_EQ(s.learner().running_w(), V({2, 1}));
  EXPECT_EQ(s.learner().running_b(), -5.0);
  EXPECT_EQ(s.learner().updates(), 11u);
  EXPECT_EQ(s.learner().steps(), 11u);

  // The trace holds the chosen updates: the table lists them, scrubbing replays them.
  const std::vector<IterationRow> rows = s.iteration_table();
  ASSERT_EQ(rows.size(), 11u);
  for (std::size_t r = 0; r < 11; ++r) {
    EXPECT_TRUE(rows[r].chosen);
    EXPECT_EQ(rows[r].index, static_cast<std::size_t>(std::stoi(order[r])));
  }
  EXPECT_EQ(rows[7].score, 0.0);  // x3 with w = (2, 1), b = -3: 2 + 1 - 3 = 0, a tie is a mistake
  ASSERT_TRUE(run(s, {"seek", "5"}).ok);
  EXPECT_EQ(s.learner().running_w(), V({4, 3}));
  EXPECT_EQ(s.learner().running_b(), -1.0);
  ASSERT_TRUE(run(s, {"step_back"}).ok);
  EXPECT_EQ(s.learner().running_w(), V({0, 0}));
  EXPECT_EQ(s.learner().running_b(), -2.0);
  ASSERT_TRUE(run(s, {"seek", "11"}).ok);
  EXPECT_EQ(s.learner().running_w(), V({2, 1}));
  EXPECT_EQ(s.learner().running_b(), -5.0);

  // Every point is right now: choosing one is refused and changes nothing.
  const std::string before = s.state_json();
  const Status st = run(s, {"update_on", "1"});
  EXPECT_TRUE(test::failed_with(st, Msg::iteration_not_mistake, {{"point", "x2"}, {"x", "(4, 3)"}, {"value", "6"}}));
  EXPECT_EQ(st.error, "x2 = (4, 3) is classified correctly: y(w·x + b) = 6 > 0, so it gives no update");
  EXPECT_EQ(s.state_json(), before);
  EXPECT_EQ(s.learner().steps(), 11u);

  // After the student's updates the learner trains on as usual (already converged here).
  ASSERT_TRUE(run(s, {"train"}).ok);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().running_w(), V({2, 1}));
}

TEST(UpdateOn, FromAScrubbedViewContinuesFromThere) {
  Session s;
  textbook(s);
  ASSERT_TRUE(run(s, {"train"}).ok);
  ASSERT_TRUE(run(s, {"seek", "1"}).ok);  // after the first update: w = (3, 3), b = 1
  // x2 is right there (4*3 + 3*3 + 1 = 22): refused, the view stays.
  EXPECT_TRUE(test::failed_with(run(s, {"update_on", "1"}), Msg::iteration_not_mistake, {{"value", "22"}}));
  EXPECT_TRUE(s.scrubbed());
  // x3 is a mistake (7 > 0 with y = -1): the later trace is dropped.
  ASSERT_TRUE(run(s, {"update_on", "2"}).ok);
  EXPECT_FALSE(s.scrubbed());
  EXPECT_EQ(s.learner().steps(), 2u);
  EXPECT_EQ(s.learner().running_w(), V({2, 2}));
  EXPECT_EQ(s.learner().running_b(), 0.0);
  EXPECT_TRUE(s.has_last_step());
  EXPECT_EQ(s.last_step().index, 2u);
  EXPECT_TRUE(s.last_step().mistake);
  ASSERT_EQ(s.iteration_table().size(), 2u);
  EXPECT_TRUE(s.iteration_table()[1].chosen);
  // Stepping and seeking across the chosen update replay it.
  ASSERT_TRUE(run(s, {"step"}).ok);
  ASSERT_TRUE(run(s, {"seek", "1"}).ok);
  ASSERT_TRUE(run(s, {"seek", "3"}).ok);
  EXPECT_EQ(s.learner().steps(), 3u);
}

TEST(UpdateOn, RefusesWhatItCannotDo) {
  Session s;
  textbook(s);
  EXPECT_TRUE(test::failed_with(run(s, {"update_on", "3"}), Msg::point_missing, {{"index", "3"}, {"count", "3"}}));
  EXPECT_EQ(run(s, {"update_on", "x"}).code, Msg::command_usage);
  EXPECT_EQ(run(s, {"update_on"}).code, Msg::command_usage);
  ASSERT_TRUE(run(s, {"set", "algo", "pocket"}).ok);
  EXPECT_TRUE(test::failed_with(run(s, {"update_on", "0"}), Msg::iteration_algo, {{"algo", "pocket"}, {"algos", "classic, averaged, voted, margin"}}));
  ASSERT_TRUE(run(s, {"set", "algo", "averaged"}).ok);
  EXPECT_TRUE(run(s, {"update_on", "0"}).ok);
  ASSERT_TRUE(run(s, {"set", "algo", "margin"}).ok);
  ASSERT_TRUE(run(s, {"set", "tau", "30"}).ok);
  ASSERT_TRUE(run(s, {"update_on", "0"}).ok);  // w = (3, 3), b = 1
  EXPECT_TRUE(run(s, {"update_on", "0"}).ok);  // 19 <= 30: still an update for the margin rule
  EXPECT_TRUE(test::failed_with(run(s, {"update_on", "0"}), Msg::iteration_not_margin_mistake,
                                {{"value", "38"}, {"tau", "30"}}));  // w = (6, 6), b = 2: 18 + 18 + 2
  ASSERT_TRUE(run(s, {"clear"}).ok);
  EXPECT_EQ(run(s, {"update_on", "0"}).code, Msg::session_no_points);
}

TEST(Queries, TextbookTrainedAnswersThem) {
  Session s;
  textbook(s);
  ASSERT_TRUE(run(s, {"train"}).ok);
  ASSERT_TRUE(run(s, {"add_query", "0", "0"}).ok);
  ASSERT_TRUE(run(s, {"add_query", "5", "5"}).ok);
  Json q = s.state()["queries"];
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0][0], 0.0);
  EXPECT_EQ(q[0][1], 0.0);
  EXPECT_EQ(q[0][2], -3.0);
  EXPECT_EQ(q[0][3], -1);
  EXPECT_EQ(q[1][2], 7.0);
  EXPECT_EQ(q[1][3], 1);
  // Not training data; they survive training and a reset, and follow the viewed step.
  EXPECT_EQ(s.data().size(), 3u);
  ASSERT_TRUE(run(s, {"reset"}).ok);
  ASSERT_TRUE(run(s, {"set", "eta", "2"}).ok);
  q = s.state()["queries"];
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0][2], 0.0);  // w = 0: f = 0, class +1
  EXPECT_EQ(q[0][3], 1);
  ASSERT_TRUE(run(s, {"clear_queries"}).ok);
  EXPECT_TRUE(s.state()["queries"].empty());
  ASSERT_TRUE(run(s, {"add_query", "1", "2"}).ok);
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  EXPECT_TRUE(s.queries().empty());
  ASSERT_TRUE(run(s, {"add_query", "1", "2"}).ok);
  ASSERT_TRUE(run(s, {"clear"}).ok);
  EXPECT_TRUE(s.queries().empty());
}

TEST(Queries, AreChecked) {
  Session s;
  EXPECT_EQ(run(s, {"add_query", "1"}).code, Msg::command_usage);
  EXPECT_EQ(run(s, {"add_query", "1", "nan"}).code, Msg::point_not_finite);
  EXPECT_EQ(run(s, {"add_query", "1", "abc"}).code, Msg::point_not_finite);
  for (std::size_t i = 0; i < kMaxQueries; ++i) ASSERT_TRUE(s.add_query({1.0, 2.0}).ok);
  EXPECT_TRUE(test::failed_with(run(s, {"add_query", "1", "2"}), Msg::query_limit, {{"max", "1000"}}));
}

}  // namespace
}  // namespace pla::iteration_test

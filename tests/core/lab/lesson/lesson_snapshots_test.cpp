// Back without replay (lesson.hpp): the runner keeps a snapshot of the session at each
// step boundary, so Back restores it instead of replaying the lesson from its start.
// The oracle is the replay itself: a fresh runner on a fresh session resumed at the same
// step has no snapshot and replays from the baseline (the old path); the state() JSON,
// the texts and the expected answers must match it at every step.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"

namespace pla::lesson_snapshots_test {
namespace {

struct Seen {
  std::string session, lesson, narration_en, narration_zh, prompt, expected, options;
};

Seen seen_at(const LessonRunner& r, const Session& s) {
  Seen v;
  v.session = s.state_json();
  v.lesson = json_text(r.state());
  v.narration_en = r.narration(s, "en");
  v.narration_zh = r.narration(s, "zh");
  v.prompt = r.question_prompt("vi");
  v.expected = r.expected_answer();
  for (const std::string& o : r.question_options("en")) v.options += o + "\n";
  return v;
}

void expect_same(const Seen& a, const Seen& b, const std::string& where) {
  EXPECT_EQ(a.session, b.session) << where;
  EXPECT_EQ(a.lesson, b.lesson) << where;
  EXPECT_EQ(a.narration_en, b.narration_en) << where;
  EXPECT_EQ(a.narration_zh, b.narration_zh) << where;
  EXPECT_EQ(a.prompt, b.prompt) << where;
  EXPECT_EQ(a.expected, b.expected) << where;
  EXPECT_EQ(a.options, b.options) << where;
}

// What a replay from the start shows at `step` (a new runner: no snapshots) with the
// answers of `record` (an answered step shows its answer read-only).
Seen replayed(const std::string& json, std::size_t step, const LessonProgress& record = {}) {
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load(json, "x.json").ok);
  LessonProgress p = record;
  p.step = step;
  p.done = false;
  EXPECT_TRUE(r.resume(s, p).ok);
  return seen_at(r, s);
}

TEST(LessonSnapshots, BackMatchesTheReplayInEveryBuiltInLesson) {
  for (const std::string& id : builtin_lesson_ids()) {
    std::string json;
    ASSERT_TRUE(builtin_lesson(id, json));
    Session s;
    LessonRunner r;
    ASSERT_TRUE(r.load(json, id + ".json").ok);
    ASSERT_TRUE(r.start(s).ok);
    // Forward: answer every other question right (the effect runs either way), Next on.
    std::vector<Seen> forward;
    for (std::size_t guard = 0; !r.done() && guard < 600; ++guard) {
      forward.push_back(seen_at(r, s));
      if (r.question_kind() != QuestionKind::None && r.step() % 2 == 0) {
        ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);
      }
      ASSERT_TRUE(r.next(s).ok) << id << " step " << r.step();
    }
    ASSERT_TRUE(r.done());
    const std::size_t n = r.steps();
    ASSERT_EQ(forward.size(), n);
    // Back from the end to step 1: every step against a replay with the same answers, and
    // against what the forward walk showed there (the same numbers).
    const std::uint64_t applied = r.steps_applied();
    for (std::size_t k = n; k-- > 0;) {
      ASSERT_TRUE(r.back(s).ok) << id << " back to " << k;
      ASSERT_EQ(r.step(), k);
      const Seen now = seen_at(r, s);
      expect_same(now, replayed(json, k, r.progress()), id + " step " + std::to_string(k + 1));
      EXPECT_EQ(now.narration_en, forward[k].narration_en) << id << " step " << k + 1;
      EXPECT_EQ(now.expected, forward[k].expected) << id << " step " << k + 1;
      if (k == 0) break;
    }
    // Every step kept its snapshot (the built-in lessons fit the memory bound): Back
    // replayed no step.
    EXPECT_EQ(r.snapshot_every(), 1u) << id;
    EXPECT_EQ(r.steps_applied(), applied) << id;
    EXPECT_FALSE(r.back(s).ok);  // at the start
  }
}

// A lesson of `n` steps on the textbook data: each step visits one point; every third
// asks whether the next visit is a mistake (its effect: one more step).
std::string long_lesson(std::size_t n) {
  std::string json = R"({"format": 1, "id": "long", "title": {"en": "Long"}, "steps": [)";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) json += ",";
    json += R"({"narration": {"en": "k = {k}, w = {w}, b = {b}, step {step}"})";
    if (i == 0) json += R"(, "setup": {"preset": "textbook", "order": "random", "seed": 3})";
    else json += R"(, "actions": [["step"]])";
    if (i % 3 == 2) json += R"(, "question": {"kind": "yes_no", "prompt": {"en": "Mistake?"}, "from": "mistake"})";
    json += "}";
  }
  return json + "]}";
}

TEST(LessonSnapshots, BackOnA200StepLessonReplaysNoStep) {
  const std::string json = long_lesson(200);
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(json, "long.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.steps_applied(), 200u);  // each step's setup and actions once
  EXPECT_EQ(r.snapshot_count(), 200u);
  const std::uint64_t before = r.steps_applied();
  for (std::size_t k = 200; k-- > 0;) {
    ASSERT_TRUE(r.back(s).ok);
    if (k % 50 == 7 || k % 50 == 8) expect_same(seen_at(r, s), replayed(json, k, r.progress()), "step " + std::to_string(k + 1));
    if (k == 0) break;
  }
  EXPECT_EQ(r.step(), 0u);
  // The old Back replayed k steps to reach step k: 199 * 200 / 2 = 19900 in all.
  EXPECT_EQ(r.steps_applied(), before);
  // resume() at a step with its snapshot replays nothing either.
  LessonProgress p;
  p.step = 150;
  ASSERT_TRUE(r.resume(s, p).ok);
  EXPECT_EQ(r.steps_applied(), before);
  expect_same(seen_at(r, s), replayed(json, 150), "resume at 151");
  // With the record of the walk (every question passed over): still no step replayed.
  LessonRunner walked;
  ASSERT_TRUE(walked.load(json, "long.json").ok);
  Session ws;
  ASSERT_TRUE(walked.start(ws).ok);
  while (!walked.done()) ASSERT_TRUE(walked.next(ws).ok);
  p = walked.progress();
  p.step = 149;  // a question step (every third): shown passed over, its effect run
  p.done = false;
  ASSERT_TRUE(r.resume(s, p).ok);
  EXPECT_EQ(r.steps_applied(), before);
  EXPECT_TRUE(r.passed());
  expect_same(seen_at(r, s), replayed(json, 149, p), "resume at 150");
}

// The student changed the session between steps (trained it): Next goes on from what
// they did, as before, and keeps no snapshot of that state; Back still shows the replay.
TEST(LessonSnapshots, AStateTheStudentChangedIsNoSnapshot) {
  const std::string json = long_lesson(12);
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(json, "long.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(s.command({"train"}).ok);  // the student, meanwhile
  const std::uint64_t k_trained = s.learner().updates();
  ASSERT_TRUE(r.next(s).ok);  // step 6 on top of the trained learner
  EXPECT_GE(s.learner().updates(), k_trained);
  const std::size_t kept = r.snapshot_count();
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.snapshot_count(), kept);  // still off the replay's path
  ASSERT_TRUE(r.back(s).ok);            // step 6 as the replay gives it
  expect_same(seen_at(r, s), replayed(json, 5, r.progress()), "step 6");
  ASSERT_TRUE(r.back(s).ok);
  expect_same(seen_at(r, s), replayed(json, 4, r.progress()), "step 5");
}

// Over the memory bound the snapshots thin out as the trace's do (every other one goes,
// the spacing doubles, step 1's stays), and Back replays fewer steps than the spacing.
TEST(LessonSnapshots, SnapshotsStayWithinTheirBound) {
  // 30 steps on 60000 generated points: about 2 MB a snapshot (data and training set).
  std::string json = R"({"format": 1, "id": "big", "title": {"en": "Big"}, "steps": [)";
  json += R"({"narration": {"en": "{points}"}, "setup": {"preset": "textbook"}, "actions": [["generate", "separable", 60000, 2, 0.1, 0, 7]]})";
  for (int i = 1; i < 30; ++i) json += R"(, {"narration": {"en": "k = {k}"}, "actions": [["step"]]})";
  json += "]}";
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(json, "big.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  EXPECT_GT(r.snapshot_every(), 1u);
  EXPECT_LT(r.snapshot_count(), 30u);
  const std::uint64_t before = r.steps_applied();
  ASSERT_TRUE(r.back(s).ok);  // to step 30: from the nearest snapshot before it
  EXPECT_LT(r.steps_applied() - before, r.snapshot_every());
  expect_same(seen_at(r, s), replayed(json, 29), "step 30");
}

}  // namespace
}  // namespace pla::lesson_snapshots_test

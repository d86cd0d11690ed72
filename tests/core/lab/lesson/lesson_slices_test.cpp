// Long lesson work in parts (lesson.hpp: set_slicing, work, finish, cancel). The oracle
// for a walk in slices is the same walk run at once (slicing off, the old path): the
// states, texts and expected answers must match at every step; a cancelled step leaves
// the session and the lesson exactly as they were before it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"

namespace pla::lesson_slices_test {
namespace {

std::string seen(const LessonRunner& r, const Session& s) {
  std::string out = s.state_json() + "\n" + json_text(r.state()) + "\n" + r.narration(s, "en") + "\n" +
                    r.question_prompt("zh") + "\n" + r.expected_answer() + "\n" + r.feedback("vi");
  for (const std::string& o : r.question_options("en")) out += "\n" + o;
  return out;
}

// Drives pending work in the smallest slices (each work() call does one bounded piece);
// returns the number of calls.
std::size_t drive(LessonRunner& r, Session& s) {
  std::size_t calls = 0;
  while (r.busy()) {
    const Json st = r.state();
    EXPECT_TRUE(st.contains("work"));
    EXPECT_LT(st["work"]["done"].get<std::size_t>(), st["work"]["total"].get<std::size_t>());
    EXPECT_EQ(r.question_kind(), QuestionKind::None);  // no question while its numbers are coming
    EXPECT_EQ(r.narration(s, "en"), "");
    r.work(s, 0.0);
    ++calls;
  }
  EXPECT_FALSE(r.state().contains("work"));
  return calls;
}

TEST(LessonSlices, EveryBuiltInLessonInSlicesMatchesTheWalkAtOnce) {
  for (const std::string& id : builtin_lesson_ids()) {
    Session sa, sb;
    LessonRunner a, b;
    ASSERT_TRUE(a.load_builtin(id).ok);
    ASSERT_TRUE(b.load_builtin(id).ok);
    b.set_slicing(true);
    ASSERT_TRUE(a.start(sa).ok);
    ASSERT_TRUE(b.start(sb).ok);
    std::size_t calls = drive(b, sb);
    ASSERT_TRUE(b.work_status().ok) << id;
    for (std::size_t guard = 0; !a.done() && guard < 600; ++guard) {
      ASSERT_EQ(seen(a, sa), seen(b, sb)) << id << " step " << a.step() + 1;
      if (a.question_kind() != QuestionKind::None && a.step() % 2 == 1) {
        ASSERT_TRUE(a.answer(sa, a.expected_answer()).ok);
        ASSERT_TRUE(b.answer(sb, b.expected_answer()).ok);
        calls += drive(b, sb);
        ASSERT_EQ(seen(a, sa), seen(b, sb)) << id << " answered step " << a.step() + 1;
      }
      ASSERT_TRUE(a.next(sa).ok);
      ASSERT_TRUE(b.next(sb).ok);
      calls += drive(b, sb);
      ASSERT_TRUE(b.work_status().ok) << id << ": " << b.work_status().error;
    }
    EXPECT_TRUE(b.done());
    // Back in slices too.
    ASSERT_TRUE(a.back(sa).ok);
    ASSERT_TRUE(b.back(sb).ok);
    calls += drive(b, sb);
    EXPECT_EQ(seen(a, sa), seen(b, sb)) << id << " back";
    EXPECT_GE(calls, a.steps()) << id;
  }
}

// A teacher's step that generates 100000 points and trains: in slices of 30 ms it takes
// many calls and ends where the step run at once ends.
TEST(LessonSlices, AHundredThousandPointsStepRunsInSlices) {
  const std::string json = R"({"format": 1, "id": "big", "title": {"en": "Big"}, "steps": [
    {"narration": {"en": "N = {points}"}, "setup": {"preset": "textbook"}},
    {"narration": {"en": "k = {k}, {mistakes} misclassified, epoch {epoch}"},
     "setup": {"max_epochs": 200},
     "actions": [["generate", "noisy", 100000, 2, 0.1, 0.05, 7], ["train"]],
     "question": {"kind": "yes_no", "prompt": {"en": "Converged?"}, "from": "converged"}}]})";
  Session sa, sb;
  LessonRunner a, b;
  ASSERT_TRUE(a.load(json, "big.json").ok);
  ASSERT_TRUE(b.load(json, "big.json").ok);
  ASSERT_TRUE(a.start(sa).ok);
  ASSERT_TRUE(a.next(sa).ok);
  b.set_slicing(true);
  ASSERT_TRUE(b.start(sb).ok);
  ASSERT_TRUE(b.finish(sb).ok);
  ASSERT_TRUE(b.next(sb).ok);
  using Clock = std::chrono::steady_clock;
  double longest = 0.0;
  std::size_t calls = 0;
  std::size_t last_done = 0;
  while (b.busy()) {
    const Clock::time_point t = Clock::now();
    b.work(sb, 0.03);
    longest = std::max(longest, std::chrono::duration<double>(Clock::now() - t).count());
    ++calls;
    if (b.busy()) {
      const LessonRunner::WorkProgress p = b.work_progress();
      EXPECT_GE(p.done, last_done);  // the progress never goes back
      last_done = p.done;
    }
  }
  std::printf("[ info ] 100000 points generated and trained: %zu slices, the longest %.1f ms\n", calls,
              longest * 1e3);
  EXPECT_GT(calls, 3u);
  EXPECT_GT(last_done, 0u);
  EXPECT_EQ(seen(a, sa), seen(b, sb));
  EXPECT_EQ(sb.data().size(), 100000u);
}

// Cancel (and Back while busy) puts the session and the lesson back to before the step;
// nothing half-done stays, and the step can be run again to the same end.
TEST(LessonSlices, CancelLeavesNothingHalfDone) {
  const std::string json = R"({"format": 1, "id": "c", "title": {"en": "C"}, "steps": [
    {"narration": {"en": "k = {k}"}, "setup": {"preset": "textbook"}, "actions": [["step"]],
     "question": {"kind": "yes_no", "prompt": {"en": "Mistake?"}, "from": "mistake"}},
    {"narration": {"en": "k = {k}, epoch {epoch}"}, "setup": {"max_epochs": 50},
     "actions": [["generate", "noisy", 20000, 2, 0.1, 0.1, 3], ["train"], ["compare", 1, 0.1]]}]})";
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(json, "c.json").ok);
  r.set_slicing(true);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.finish(s).ok);
  const std::string before = seen(r, s);
  const std::uint64_t revision = s.revision();
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.busy());
  for (int i = 0; i < 3 && r.busy(); ++i) r.work(s, 0.0);
  ASSERT_TRUE(r.busy());  // the training is under way
  EXPECT_EQ(r.step(), 1u);
  ASSERT_TRUE(r.cancel(s));
  EXPECT_FALSE(r.busy());
  EXPECT_EQ(r.step(), 0u);
  EXPECT_EQ(seen(r, s), before);
  EXPECT_GT(s.revision(), revision);  // views keyed on it refresh
  EXPECT_FALSE(r.cancel(s));          // nothing left to cancel
  // Back while the work runs cancels it the same way.
  ASSERT_TRUE(r.next(s).ok);
  r.work(s, 0.0);
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_FALSE(r.busy());
  EXPECT_EQ(seen(r, s), before);
  // The step run to its end after all: as a walk at once.
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.finish(s).ok);
  Session t;
  LessonRunner once;
  ASSERT_TRUE(once.load(json, "c.json").ok);
  ASSERT_TRUE(once.start(t).ok);
  ASSERT_TRUE(once.next(t).ok);
  EXPECT_EQ(seen(r, s), seen(once, t));
  EXPECT_EQ(s.eta_runs().size(), 2u);
}

// An answer's effect (next_update) runs in slices too: the feedback waits for it.
TEST(LessonSlices, TheAnswersEffectRunsInSlices) {
  const std::string json = R"({"format": 1, "id": "e", "title": {"en": "E"}, "steps": [
    {"narration": {"en": "start"}, "setup": {"preset": "textbook"}, "actions": [["train"], ["reset"]],
     "question": {"kind": "number", "prompt": {"en": "k after?"}, "from": "k_after",
                  "why": {"en": "k = {k} now"}}}]})";
  Session sa, sb;
  LessonRunner a, b;
  ASSERT_TRUE(a.load(json, "e.json").ok);
  ASSERT_TRUE(b.load(json, "e.json").ok);
  ASSERT_TRUE(a.start(sa).ok);
  b.set_slicing(true);
  ASSERT_TRUE(b.start(sb).ok);
  (void)drive(b, sb);
  ASSERT_TRUE(a.answer(sa, "1").ok);
  ASSERT_TRUE(b.answer(sb, "1").ok);
  EXPECT_TRUE(b.busy() || b.feedback("en") == a.feedback("en"));
  (void)drive(b, sb);
  EXPECT_EQ(b.feedback("en"), a.feedback("en"));
  EXPECT_EQ(b.feedback("en"), "k = 1 now");
  EXPECT_EQ(seen(a, sa), seen(b, sb));
}

}  // namespace
}  // namespace pla::lesson_slices_test

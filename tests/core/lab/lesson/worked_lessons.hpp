// The worked-example lessons' tests share these (lessons_worked_*_test.cpp): the lab's number
// format with a true minus sign, a lesson played to a step and answered right, inner products
// and margins by hand, and an independent perceptron (Li Hang's Algorithm 2.1, in integers
// on these data) to check the lessons' numbers against.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/trace.hpp"

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "missing \"" << (part) << "\" in: " << (text)
#define EXPECT_LACKS(text, part) EXPECT_EQ((text).find(part), std::string::npos) << "unexpected \"" << (part) << "\" in: " << (text)

namespace pla::worked_lessons {

// The interface's number format as the lab shows it (whole numbers exactly, others to 6
// significant digits) with a true minus sign, as the lesson files write literals.
inline const NumberFormat kMinus = [](double v) {
  char buf[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", v);
  }
  const std::string t = buf;
  return !t.empty() && t[0] == '-' ? "\u2212" + t.substr(1) : t;
};

inline std::string narration(const LessonRunner& r, const Session& s, const char* lang = "en") {
  return r.narration(s, lang, kMinus);
}
inline std::string why(const LessonRunner& r, const char* lang = "en") { return r.feedback(lang, kMinus); }

// Runs the lesson (questions skipped with next: their effects run) until step `target` (0-based).
inline void play_to(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

// Answers the current question with the expected answer (it must be right).
inline void answer_right(LessonRunner& r, Session& s) {
  bool correct = false;
  const Status st = r.answer(s, r.expected_answer(), &correct);
  ASSERT_TRUE(st.ok) << st.error;
  ASSERT_TRUE(correct);
}

inline double dot(const std::vector<double>& w, const double* x) {
  double t = 0;
  for (std::size_t j = 0; j < w.size(); ++j) t += w[j] * x[j];
  return t;
}

// y(w.x + b) of data row i.
inline double margin_of(const Dataset& ds, std::size_t i, const std::vector<double>& w, double b) {
  return ds.y[i] * (dot(w, ds.row(i)) + b);
}

inline std::size_t misclassified(const Dataset& ds, const std::vector<double>& w, double b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) n += margin_of(ds, i, w, b) <= 0 ? 1 : 0;
  return n;
}

inline double norm2(const Dataset& ds, std::size_t i) {
  double t = 0;
  for (int j = 0; j < ds.d; ++j) t += ds.row(i)[j] * ds.row(i)[j];
  return t;
}

inline std::vector<std::uint32_t> updates_in_trace(const Session& s) {
  std::vector<std::uint32_t> out;
  for (const TraceStep& t : s.trace().log())
    if (t.mistake) out.push_back(t.index);
  return out;
}

// ---------------------------------------------------------------- an independent perceptron

struct Visit {
  std::size_t index;
  std::vector<double> w;  // before the visit
  double b;
};

struct OracleRun {
  std::vector<std::uint32_t> updates;           // the points updated on, in order
  std::vector<std::vector<double>> w_after;      // w after each update
  std::vector<double> b_after;                   // b after each update
  std::vector<Visit> visits;                     // every visit, the final clean pass included
  std::vector<double> w;
  double b = 0;
  std::uint64_t passes = 0;
};

// Li Hang's Algorithm 2.1 from w = 0, b = 0, visiting x1, x2, ... in turn until a whole
// pass makes no update; restart: after each update the pass starts again from x1.
inline OracleRun perceptron(const Dataset& ds, double eta, bool restart) {
  OracleRun run;
  run.w.assign(static_cast<std::size_t>(ds.d), 0.0);
  for (int guard = 0; guard < 100000; ++guard) {
    ++run.passes;
    bool clean = true;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      run.visits.push_back({i, run.w, run.b});
      if (margin_of(ds, i, run.w, run.b) > 0) continue;
      for (int j = 0; j < ds.d; ++j) run.w[static_cast<std::size_t>(j)] += eta * ds.y[i] * ds.row(i)[j];
      run.b += eta * ds.y[i];
      run.updates.push_back(static_cast<std::uint32_t>(i));
      run.w_after.push_back(run.w);
      run.b_after.push_back(run.b);
      clean = false;
      if (restart) break;
    }
    if (clean) break;
  }
  return run;
}

}  // namespace pla::worked_lessons

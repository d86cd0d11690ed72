// Perceptron Lab core: a student's progress through the lessons, and its JSON record
// (progress.cpp): what LessonRunner::progress() gives and resume() takes, and the course's
// record the interface keeps with the student's saved work.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace pla {

// A student's progress through one lesson: where they are and what they answered, enough
// to rebuild the lesson there (LessonRunner::resume).
struct LessonProgress {
  std::size_t step = 0;              // the step shown (0-based; the last one when done)
  bool done = false;                 // the lesson was finished (Next on its last step)
  // Per step: 0 no answer (yet), 1 right, 2 wrong, 3 passed over with Next unanswered (it
  // counts as not answered and stays closed). The first answer of each question: Back,
  // Next and resume keep it, whatever step is shown (later steps' answers too).
  std::vector<int> results;
  std::vector<std::string> replies;  // per step: the reply given, as answer() takes it ("" none)
  std::size_t right() const;         // questions answered right
  std::size_t answered() const;      // questions answered (right or wrong)
};

// The progress through the built-in lessons, by lesson id (absent: not started). Kept with
// the student's saved work (the browser's localStorage, natively a file in the user's
// configuration folder) as the JSON text of to_json():
//   {"format": 1, "lessons": {"textbook": {"step": 3, "done": false,
//                                          "answers": [[1, "yes", true], [2, "4", false]]}}}
// ("step" 1-based; "answers": [step (1-based), reply, right] of each question answered,
// [step, "", null] of a question passed over with Next (a reader that knows only answers
// drops it); an optional "current": the lesson open when the record was saved).
struct CourseProgress {
  std::map<std::string, LessonProgress> lessons;
  std::string current;  // the lesson open (empty: none)
  std::string to_json() const;
  // False (and `out` unchanged) when the text is no progress record of this format;
  // entries that make no sense (a step out of range, a reply too long) are dropped.
  static bool from_json(const std::string& text, CourseProgress& out);
};

}  // namespace pla

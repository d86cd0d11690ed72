// Perceptron Lab core: guided lessons, the engine's headers in one. A lesson is a JSON file
// of steps; each step sets the session up, drives it through its textual commands,
// narrates what happened with the live numbers and may ask the student a question.
//
//   format.hpp        the lesson format (its documentation) and the types a lesson is
//   runner.hpp        LessonRunner: a lesson loaded and walked over a Session
//   progress.hpp      a student's progress and the course's record of it
//   builtin.hpp       the lessons shipped inside the core, in the course's order
//   placeholders.hpp  the values a step's texts are filled from
//   conceal.hpp       the cues an open question hides
// Their code: loader.cpp (JSON -> Lesson, checked), placeholders.cpp (the placeholder
// table), runner*.cpp (the walk, the work queue and snapshots, answers, texts),
// progress.cpp, builtin.cpp, text_tools.cpp (helpers they share), format.cpp.
#pragma once

#include "core/lab/lesson/builtin.hpp"
#include "core/lab/lesson/format.hpp"
#include "core/lab/lesson/progress.hpp"
#include "core/lab/lesson/runner.hpp"

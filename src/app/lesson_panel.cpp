// Perceptron Lab app: the guided lesson in progress (core/lesson.hpp). Its panel shows
// the narration with the live numbers, the question (yes / no, a choice, a number, or
// the point the next update falls on: clicked on the canvas or chosen from the list; or
// where the line will be after the next update: two handles dragged on the canvas, then
// Check, or "no line"),
// the feedback, Back and Next, and the progress; Enter is Next. The buttons run the
// same commands as the JavaScript API: lesson_next, lesson_back, answer, lesson_exit.
// While a step's work runs in slices (LessonRunner::work) the panel shows its progress
// instead of the narration and the question (their numbers are not there yet), with
// Stop (lesson_cancel: the lesson and the lab back to before the step); Back cancels the
// same way, Next waits (disabled) until the work is done.
#include <algorithm>
#include <cstdio>
#include <string>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

// touch_input.cpp: the number answer's field (with the page's real text input over it).
bool answer_number_field(App& app, float width, const std::string& label);

namespace {

std::string number(double v) { return fmt_num(v, 6); }

}  // namespace

// The expected answer of the open question as the student reads it (LessonRunner::
// expected_text) in the language of `t`, with "none" in the words of the panel's own
// button ("none", "no line"). Empty when no question is open. describe.cpp says it too.
std::string lesson_answer_text(const App& app, const Texts& t) {
  const LessonRunner& l = app.lesson;
  if (l.expected_answer() == "none") {
    if (l.question_kind() == QuestionKind::PickPoint) return t.tr("lesson.none");
    if (l.question_kind() == QuestionKind::PlaceLine) return t.tr("lesson.no_line");
  }
  return l.expected_text(t.lang(), number);
}

namespace {

// A closed question (answered, or passed over with Next): the recorded answer read-only,
// the right one after a wrong answer, the lesson's "why", and practice when the question
// allows it ("retry": true: checked, never recorded). True when no answer inputs follow.
bool closed_question(App& app, const std::string& lang) {
  const LessonRunner& l = app.lesson;
  if (l.answered()) {
    ImGui::PushStyleColor(ImGuiCol_Text, l.last_correct() ? palette(app).ok : palette(app).mistake);
    text_wrapped(app.tr(l.last_correct() ? "lesson.right" : "lesson.wrong"));
    ImGui::PopStyleColor();
  } else {
    text_wrapped(app.tr("lesson.not_answered"));
  }
  // After a wrong answer, the right one as the student reads it (with or without a "why").
  const std::string answer = lesson_answer_text(app, app.texts());
  if (!l.last_correct() && !answer.empty()) text_wrapped(app.trf("lesson.answer_is", {{"answer", answer}}));
  const std::string why = l.feedback(lang, number);
  if (!why.empty()) text_wrapped(why);
  if (!l.retry()) return true;
  ImGui::Separator();
  if (l.practiced()) {
    ImGui::PushStyleColor(ImGuiCol_Text, l.practice_correct() ? palette(app).ok : palette(app).mistake);
    text_wrapped(app.tr(l.practice_correct() ? "lesson.practice_right" : "lesson.practice_wrong"));
    ImGui::PopStyleColor();
    if (!l.practice_correct() && l.last_correct() && !answer.empty())
      text_wrapped(app.trf("lesson.answer_is", {{"answer", answer}}));
  }
  text_wrapped(app.tr("lesson.practice_note"));
  if (l.practicing()) return false;
  Flow again;
  if (again.button(app.label("lesson.try_again", "lesson_retry").c_str())) act(app, {"lesson_retry"});
  return true;
}

// A choice: one button per option in a row; options longer than a line (a sentence each):
// a lettered button, the option's text wrapped beside it, so no option is cut short.
void choice_buttons(App& app, Flow& row, const std::string& lang) {
  const std::vector<std::string> options = app.lesson.question_options(lang, number);
  float widest = 0.0f;
  for (const std::string& o : options) widest = std::max(widest, ImGui::CalcTextSize(o.c_str()).x);
  if (widest + ImGui::GetStyle().FramePadding.x * 2 <= ImGui::GetContentRegionAvail().x) {
    for (std::size_t i = 0; i < options.size(); ++i)
      if (row.button((options[i] + "##option" + std::to_string(i)).c_str())) act(app, {"answer", std::to_string(i)});
    return;
  }
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string letter(1, static_cast<char>('A' + i));
    if (ImGui::Button((letter + "##option" + std::to_string(i)).c_str())) act(app, {"answer", std::to_string(i)});
    ImGui::SameLine();
    ImGui::BeginGroup();
    text_wrapped(options[i]);
    ImGui::EndGroup();
  }
}

// A number: the answer field (the page lays a real text input over it), on a touch screen
// a ± button (a phone's decimal keypad may lack the minus sign), and Check.
void number_answer(App& app, const std::string& lang) {
  const bool enter = answer_number_field(app, std::min(ImGui::GetContentRegionAvail().x * 0.5f, ImGui::GetFontSize() * 8.0f),
                                         app.lesson.question_prompt(lang, number));
  if (app.touch) {
    same_line_or_wrap(ImGui::GetFrameHeight());
    if (ImGui::Button("\u00B1##answer_sign", ImVec2(ImGui::GetFrameHeight(), 0))) {
      std::string t = app.answer_text;
      t = !t.empty() && t[0] == '-' ? t.substr(1) : "-" + t;
      std::snprintf(app.answer_text, sizeof app.answer_text, "%s", t.c_str());
    }
  }
  same_line_or_wrap(ImGui::CalcTextSize(app.tr("lesson.check")).x + ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::Button(app.label("lesson.check", "answer_check").c_str()) || enter) act(app, {"answer", app.answer_text});
}

// The open question's prompt, then its state when closed, else the inputs its kind takes.
void question(App& app) {
  const LessonRunner& l = app.lesson;
  const std::string& lang = app.shown_lang();
  const QuestionKind kind = l.question_kind();
  if (kind == QuestionKind::None) return;
  ImGui::Separator();
  text_wrapped(l.question_prompt(lang, number));
  if (l.closed() && closed_question(app, lang)) return;
  Flow row;
  switch (kind) {
    case QuestionKind::YesNo:
      if (row.button(app.label("lesson.yes", "answer_yes").c_str())) act(app, {"answer", "yes"});
      if (row.button(app.label("lesson.no", "answer_no").c_str())) act(app, {"answer", "no"});
      break;
    case QuestionKind::Choice: choice_buttons(app, row, lang); break;
    case QuestionKind::Number: number_answer(app, lang); break;
    case QuestionKind::PickPoint: {
      text_wrapped(app.tr(app.touch ? "lesson.pick_hint_touch" : "lesson.pick_hint"));
      const Dataset& ds = app.session.data();
      for (std::size_t i = 0; i < ds.size() && i < 24; ++i)
        if (row.button(("x" + std::to_string(i + 1) + "##pick" + std::to_string(i)).c_str(), !app.touch))
          act(app, {"answer", std::to_string(i)});
      if (row.button(app.label("lesson.none", "pick_none").c_str(), !app.touch)) act(app, {"answer", "none"});
      break;
    }
    case QuestionKind::PlaceLine: {
      text_wrapped(app.tr("lesson.line_hint"));
      std::string line;
      if (row.button(app.label("lesson.check", "line_check").c_str()) && place_line_answer(app, line))
        act(app, {"answer", line});
      if (row.button(app.label("lesson.no_line", "line_none").c_str(), !app.touch)) act(app, {"answer", "none"});
      break;
    }
    default: break;
  }
}

// The lesson's end (Next on its last step): the score, a way back to each question
// answered wrong or not answered (lesson_goto: shown read-only), and the next lesson of
// the course (lesson_open) when the lesson is a built-in one with a next.
void lesson_end(App& app) {
  const LessonRunner& l = app.lesson;
  text_wrapped(app.tr("lesson.done"));
  const LessonRunner::Score sc = l.score();
  if (sc.questions > 0)
    text_wrapped(app.trf("lesson.score", {{"right", std::to_string(sc.right)}, {"questions", std::to_string(sc.questions)}}));
  std::vector<std::pair<std::size_t, bool>> back;  // (step, wrong) in step order
  for (std::size_t i : sc.wrong) back.emplace_back(i, true);
  for (std::size_t i : sc.unanswered) back.emplace_back(i, false);
  std::sort(back.begin(), back.end());
  if (!back.empty()) {
    text_wrapped(app.tr("lesson.review"));
    Flow row;
    for (const auto& [i, wrong] : back) {
      const std::string n = std::to_string(i + 1);
      const std::string text = app.trf(wrong ? "lesson.step_wrong" : "lesson.step_unanswered", {{"step", n}});
      if (row.button((text + "##goto" + n).c_str())) act(app, {"lesson_goto", n});
    }
  }
  const std::string next = next_lesson_id(app);
  if (next.empty()) return;
  for (const LessonRow& r : lesson_rows(app))
    if (r.id == next) {
      Flow row;
      if (row.button((app.trf("lesson.next_lesson", {{"title", r.title}}) + "##next_lesson").c_str()))
        act(app, {"lesson_open", next});
    }
}

}  // namespace

void lesson_panel(App& app) {
  LessonRunner& l = app.lesson;
  if (!l.active()) return;
  const std::string& lang = app.shown_lang();
  // Just opened: the panel scrolled to the lesson, its header at the top (the narration
  // read from its start, the question under it).
  bool& scroll_to = app.lesson_ui.scroll_to;
  if (scroll_to) ImGui::SetScrollHereY(0.0f);
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).pos);
  text_wrapped(l.title(lang));
  ImGui::PopStyleColor();
  text_wrapped(app.trf("lesson.progress", {{"step", std::to_string(l.step() + 1)}, {"steps", std::to_string(l.steps())}}));
  if (l.busy()) {
    const LessonRunner::WorkProgress w = l.work_progress();
    const std::string text = app.trf("lesson.working", {{"percent", std::to_string(w.done * 100 / w.total)},
                                                    {"visits", std::to_string(w.visited)}});
    ImGui::ProgressBar(static_cast<float>(w.done) / static_cast<float>(w.total), ImVec2(-1, 0), "");
    text_wrapped(text);
    Flow row;
    if (row.button(app.label("lesson.stop", "lesson_cancel").c_str())) act(app, {"lesson_cancel"});
    if (row.button(app.label("lesson.back", "lesson_back").c_str())) act(app, {"lesson_back"});
    ImGui::BeginDisabled();
    (void)row.button(app.label("lesson.next", "lesson_next").c_str());
    ImGui::EndDisabled();
    return;
  }
  text_wrapped(l.narration(app.session, lang, number));
  question(app);
  if (l.done()) lesson_end(app);
  Flow row;
  if (row.button(app.label("lesson.back", "lesson_back").c_str())) act(app, {"lesson_back"});
  if (!l.done() && row.button(app.label("lesson.next", "lesson_next").c_str())) act(app, {"lesson_next"});
  scroll_to = false;
  // Ending the lesson on a row of its own, after a gap: not pressed for Next by mistake.
  ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight() * 0.5f));
  Flow end;
  if (end.button(app.label("lesson.exit", "lesson_exit").c_str(), !app.touch)) act(app, {"lesson_exit"});
}

}  // namespace pla::app

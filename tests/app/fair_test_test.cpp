// A lesson question is a fair test (core/conceal.hpp): for every question step of every
// built-in lesson, in English, Vietnamese and Chinese, while the question is open
//   - the canvas draws none of the cues the question conceals (state().cues, with every
//     layer switched on and the pointer over a point), and the panels and plots show the
//     "hidden until you answer" line where those figures were;
//   - no text the frame draws outside the lesson's own words, and no sentence of the
//     screen-reader description outside the lesson's section, holds the figures of a
//     concealed cue or the expected answer (a number question's number, read as a token);
//   - every command that would move the lab past the question is refused, naming it, and
//     leaves the lab as it was; view-only commands work;
// and once it is answered, the lab unlocks and the cues are drawn again.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "core/lab/lesson/conceal.hpp"
#include "core/base/values.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "layout_check.hpp"

namespace pla::app::fair_test_test {

namespace {

// The frame drawn with the app's fonts (the layout walk reads their glyphs).
void frames(App& app, int n) { test::draw(app, 1.0f, n); }

// The step's work (sliced in the interface) done, frame by frame.
void settle(App& app) {
  for (int i = 0; i < 2000 && app.lesson.busy(); ++i) frames(app, 1);
  ASSERT_FALSE(app.lesson.busy());
}

// The words of the lesson itself at this step (title, progress, narration, prompt,
// options): a run of text inside one of them is the lesson's own, not a give-away.
std::vector<std::string> lesson_words(const App& app) {
  const LessonRunner& l = app.lesson;
  const std::string lang = app.lang;
  auto num = [](double v) { return fmt_num(v, 6); };
  std::vector<std::string> out = {l.title(lang), l.narration(app.session, lang, num), l.question_prompt(lang, num)};
  for (const std::string& o : l.question_options(lang, num)) out.push_back(o);
  return out;
}

// Runs of spaces as one (the layout walk puts one space back where the pen skipped).
std::string squeeze(const std::string& t) {
  std::string out;
  for (char c : t)
    if (c != ' ' || out.empty() || out.back() != ' ') out += c;
  return out;
}

bool inside_any(const std::string& run, const std::vector<std::string>& texts) {
  for (const std::string& t : texts)
    if (t.find(run) != std::string::npos) return true;
  return false;
}

// `token` in `text` as a whole number ("26" not in "126" or "2.6"; "−1.5" whole).
bool has_token(const std::string& text, const std::string& token) {
  auto part = [](char c) { return (c >= '0' && c <= '9') || c == '.'; };
  for (std::size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + 1)) {
    const bool left = at == 0 || !part(text[at - 1]);
    const std::size_t end = at + token.size();
    const bool right = end >= text.size() || !part(text[end]) ||
                       (text[end] == '.' && (end + 1 >= text.size() || !part(text[end + 1])));
    if (left && right) return true;
  }
  return false;
}

// The first characters of a catalog line before its first placeholder ("R = ", "J₁ = "):
// what the panel draws at the start of that figure's line.
std::string head(const App& app, const char* key) {
  const std::string t = app.tr(key);
  return t.substr(0, t.find('{'));
}

// The catalog lines that carry each cue's figures (their heads, in the language in use).
std::vector<std::pair<unsigned, std::string>> figure_heads(const App& app) {
  std::vector<std::pair<unsigned, std::string>> out = {
      {kCueTheory, head(app, "theory.radius")},  {kCueTheory, head(app, "theory.gamma")},
      {kCueTheory, head(app, "theory.bound")},   {kCueTheory, head(app, "theory.margin_w")},
      {kCueLoss, head(app, "run.losses")},       {kCueMistakes, app.tr("canvas.correct")},
      {kCueMistakes, app.tr("canvas.mistake")}, {kCueAlpha, head(app, "theory.dual_check")},
  };
  return out;
}

// A number question with an answer a reader would spot: not a small whole number (a
// tick label, a count in a sentence).
bool distinctive(double v) { return std::fabs(v) >= 10.0 || v != std::floor(v); }

struct Seen {
  int questions = 0;
  int data_coincidences = 0;             // number answers that are also the data's own figures
  std::set<std::string> cues_hidden;     // cue names concealed by some question
  std::size_t crosses_after = 0;         // crosses drawn after an answer that had hidden them
  bool hover_hidden = false, hover_after = false, regions_after = false, queries_after = false;
};

// Every layer the cues are drawn on switched on, as a curious student would.
void all_layers_on(App& app) {
  for (const char* key : {"hull", "max_margin", "alpha", "mistakes", "field", "update"})
    ASSERT_TRUE(run_command(app, {"set", key, "true"}).ok) << key;
  ASSERT_TRUE(run_command(app, {"set", "panels", "all"}).ok);
}

// The pointer over training point i (the hover box), then a frame.
void hover_point(App& app, std::size_t i) {
  const Dataset& ds = app.session.data();
  if (i >= ds.size() || ds.d != 2) return;
  const Vec2d p = to_screen(app, ds.row(i)[0], ds.row(i)[1]);
  ImGui::GetIO().MousePos = ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
  frames(app, 2);
}

// A number answer to look for in what is drawn and said: its text, when distinctive and not
// also one of the data's own figures (a coordinate, a class count: customers'
// "10 misclassified" beside "+1: 10" is on screen as data, not as the answer); "" otherwise.
std::string answer_token(const App& app, Seen& seen) {
  const LessonRunner& l = app.lesson;
  const std::string expected = l.expected_answer();
  double number = 0.0;
  const bool figure = l.question_kind() == QuestionKind::Number && !expected.empty() && parse_double(expected, number) &&
                      distinctive(number);
  if (!figure) return "";
  const std::string token = fmt_num(number, 6);
  const Dataset& ds = app.session.data();
  std::set<std::string> data_numbers = {std::to_string(ds.size()), std::to_string(ds.d)};
  std::size_t pos = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    pos += ds.y[i] > 0;
    for (int j = 0; j < ds.d; ++j) data_numbers.insert(fmt_num(ds.row(i)[j], 6));
  }
  data_numbers.insert(std::to_string(pos));
  data_numbers.insert(std::to_string(ds.size() - pos));
  if (data_numbers.count(token)) {
    ++seen.data_coincidences;
    return "";
  }
  return token;
}

// The canvas: each plot tab in front in turn, the pointer over each point in turn (the first
// few), every layer on; no concealed cue drawn. The text runs drawn are added to `runs`.
void walk_canvas(App& app, const std::string& where, unsigned hidden, Seen& seen, std::vector<std::string>& runs) {
  const std::size_t n = std::min<std::size_t>(app.session.data().size(), 3);
  for (const std::string& tab : plot_tab_names()) {
    ASSERT_TRUE(run_command(app, {"set", "plot", tab}).ok);
    frames(app, 2);
    for (std::size_t i = 0; i < (tab == plot_tab_names().front() ? n : 0); ++i) {
      hover_point(app, i);
      const LayoutReport r = check_layout();
      runs.insert(runs.end(), r.texts.begin(), r.texts.end());
      if (hidden & kCueMistakes) {
        EXPECT_FALSE(app.view.drawn.hover_verdict) << where << ": the hover box gives the verdict";
        seen.hover_hidden = true;
      }
    }
    const LayoutReport r = check_layout();
    EXPECT_GT(r.glyphs, 20) << where << ": the walk sees no text";
    runs.insert(runs.end(), r.texts.begin(), r.texts.end());
    const CanvasView::Cues& c = app.view.drawn;
    if (hidden & kCueMistakes) {
      EXPECT_EQ(c.crosses, 0u) << where << ": crosses drawn";
    }
    if (hidden & kCueRegions) {
      EXPECT_FALSE(c.regions) << where << ": regions shaded";
    }
    if (hidden & kCueAlpha) {
      EXPECT_FALSE(c.alpha_size) << where << ": α as point size";
    }
    if (hidden & kCueQueries) {
      EXPECT_EQ(c.query_labels, 0u) << where << ": query classes written";
    }
    if (hidden & kCueHull) {
      EXPECT_FALSE(c.hull) << where << ": hulls drawn";
    }
    if (hidden & kCueTheory) {
      EXPECT_FALSE(c.max_margin) << where << ": the max-margin line drawn";
    }
    const Json cues = state(app)["cues"];
    EXPECT_EQ(cues["crosses"].get<std::size_t>(), c.crosses);
  }
  ImGui::GetIO().MousePos = ImVec2(-1, -1);
}

// The panels' text: no figure line of a concealed cue, no answer token, outside the
// lesson's own words; and the counters with their values, as the run panel and the
// description write them.
void check_drawn_text(App& app, const std::string& where, unsigned hidden, const std::vector<std::string>& runs,
                      const std::vector<std::string>& words, const std::string& token) {
  for (const std::string& run : runs) {
    if (run.size() < 2 || inside_any(run, words)) continue;
    for (const auto& f : figure_heads(app))
      if ((hidden & f.first) && !f.second.empty()) {
        EXPECT_NE(run.rfind(f.second, 0), 0u) << where << ": drawn \"" << run << "\"";
      }
    if (!token.empty()) {
      EXPECT_FALSE(has_token(run, token)) << where << ": the answer " << token << " is drawn in \"" << run << "\"";
    }
  }
  if (!(hidden & kCueCounts)) return;
  const Learner& lr = app.session.learner();
  const MsgArgs counts = {{"epoch", std::to_string(lr.epoch())}, {"step", std::to_string(lr.steps())},
                          {"k", std::to_string(lr.updates())}};
  for (const char* key : {"run.counters", "a11y.counters"}) {
    const std::string line = squeeze(app.trf(key, counts));
    for (const std::string& run : runs)
      EXPECT_EQ(squeeze(run).find(line), std::string::npos) << where << ": drawn \"" << run << "\"";
    for (const DescriptionSection& sec : describe(app).sections)
      for (const std::string& item : sec.items)
        EXPECT_EQ(squeeze(item).find(line), std::string::npos) << where << ": described \"" << item << "\"";
  }
}

// The description outside the lesson's section, and the live region: no figure line of a
// concealed cue, no answer token.
void check_described(const App& app, const std::string& where, unsigned hidden, const std::string& token) {
  const Description d = describe(app);
  for (const DescriptionSection& sec : d.sections) {
    if (sec.id == "lesson") continue;
    for (const std::string& item : sec.items) {
      for (const auto& f : figure_heads(app))
        if ((hidden & f.first) && !f.second.empty() && f.second.size() > 3) {
          EXPECT_EQ(item.find(f.second), std::string::npos) << where << ": described \"" << item << "\"";
        }
      if (!token.empty()) {
        EXPECT_FALSE(has_token(item, token)) << where << ": the answer " << token << " described in \"" << item << "\"";
      }
    }
  }
  if (!token.empty()) {
    const std::string live = step_announcement(app) + " " + run_summary(app);
    EXPECT_FALSE(has_token(live, token)) << where << ": the live region says " << token;
  }
}

void check_question(App& app, const std::string& where, Seen& seen) {
  const LessonRunner& l = app.lesson;
  const unsigned hidden = l.concealed();
  ASSERT_NE(hidden, 0u) << where << ": a question that conceals nothing";
  EXPECT_EQ(hidden & question_conceals(l.lesson().steps[l.step()].question),
            question_conceals(l.lesson().steps[l.step()].question))
      << where;
  for (const std::string& n : cue_names(hidden)) seen.cues_hidden.insert(n);
  ++seen.questions;
  const Json st = state(app);
  ASSERT_TRUE(st["lesson"]["locked"].get<bool>()) << where;
  EXPECT_EQ(st["lesson"]["concealed"].size(), cue_names(hidden).size()) << where;
  const std::vector<std::string> words = lesson_words(app);
  const std::string token = answer_token(app, seen);
  std::vector<std::string> runs;
  ASSERT_NO_FATAL_FAILURE(walk_canvas(app, where, hidden, seen, runs));
  check_drawn_text(app, where, hidden, runs, words, token);
  check_described(app, where, hidden, token);
}

// The commands that would move the lab past the question, each refused, the lab unchanged.
void check_locked(App& app, const std::string& where) {
  const std::string before = app.session.state().dump();
  const std::vector<std::vector<std::string>> moves = {
      {"step"},          {"next_update"},      {"epoch"},   {"train"},       {"run"},
      {"train_start"},   {"play"},             {"toggle_play"}, {"seek", "0"}, {"step_back"},
      {"reset"},         {"update_on", "0"},   {"add_point", "0.5", "0.5", "1"},
      {"remove_point", "0"}, {"preset", "six"}, {"generate", "separable", "10"}, {"clear"},
      {"add_query", "1", "1"}, {"clear_queries"}, {"compare"}, {"set", "eta", "0.5"},
      {"set", "order", "random"}, {"set", "max_epochs", "3"}};
  for (const auto& cmd : moves) {
    const Status st = run_command(app, cmd);
    EXPECT_FALSE(st.ok) << where << ": " << cmd[0] << " ran while the question is open";
    if (!st.ok) {
      EXPECT_EQ(st.code, Msg::lesson_locked) << where << ": " << cmd[0] << ": " << st.english();
      EXPECT_NE(st.english().find(cmd[0]), std::string::npos) << st.english();
    }
  }
  EXPECT_FALSE(app.training) << where;
  EXPECT_FALSE(app.session.playing()) << where;
  EXPECT_EQ(app.session.state().dump(), before) << where << ": a refused command changed the lab";
  // What only changes the view, and the reading commands, still work.
  for (const auto& cmd : std::vector<std::vector<std::string>>{
           {"set", "plot", "mistakes"}, {"set", "hull", "false"}, {"set", "hull", "true"}, {"pause"}, {"fit"},
           {"set", "speed", "5"}, {"set", "view3d", "off"}})
    EXPECT_TRUE(run_command(app, cmd).ok) << where << ": " << cmd[0] << " " << (cmd.size() > 1 ? cmd[1] : "");
  EXPECT_FALSE(state(app).empty());
  EXPECT_FALSE(describe_json(app).empty());
}

}  // namespace

TEST(FairTest, EveryQuestionHidesItsAnswerAndLocksTheLabInEveryLanguage) {
  // A display tall enough for every panel and plot to be drawn whole (ImGui draws no text
  // scrolled out of view, and the layout walk reads only what is drawn).
  test::Context ctx(1280, 4000);
  Seen seen;
  for (const char* lang : {"en", "vi", "zh"}) {
    for (const std::string& id : builtin_lesson_ids()) {
      App app;
      init(app);
      ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
      all_layers_on(app);
      ASSERT_TRUE(run_command(app, {"lesson", id}).ok) << id;
      settle(app);
      for (int guard = 0; guard < 200 && !app.lesson.done(); ++guard) {
        settle(app);
        const std::string where = std::string(lang) + " " + id + " step " + std::to_string(app.lesson.step() + 1);
        if (app.lesson.question_open()) {
          const unsigned hidden = app.lesson.concealed();
          frames(app, 2);
          check_question(app, where, seen);
          check_locked(app, where);
          // Answered (the expected answer): unlocked, and the cues are drawn again.
          const std::string expected = app.lesson.expected_answer();
          ASSERT_TRUE(run_command(app, {"answer", expected.empty() ? "0" : expected}).ok) << where;
          settle(app);
          EXPECT_FALSE(app.lesson.question_open()) << where;
          EXPECT_EQ(app.lesson.concealed(), 0u) << where;
          EXPECT_TRUE(state(app)["lesson"]["concealed"].empty()) << where;
          ASSERT_TRUE(run_command(app, {"set", "plot", "mistakes"}).ok);
          frames(app, 2);
          if (hidden & kCueMistakes) seen.crosses_after += app.view.drawn.crosses;
          if (hidden & kCueRegions) seen.regions_after |= app.view.drawn.regions;
          if (hidden & kCueQueries) seen.queries_after |= app.view.drawn.query_labels > 0;
          if ((hidden & kCueMistakes) && !app.session.data().empty()) {
            hover_point(app, 0);
            seen.hover_after |= app.view.drawn.hover_verdict;
            ImGui::GetIO().MousePos = ImVec2(-1, -1);
          }
        }
        ASSERT_TRUE(run_command(app, {"lesson_next"}).ok) << where;
      }
      EXPECT_TRUE(app.lesson.done()) << lang << " " << id;
    }
  }
  // The walk saw every question in three languages, and what it hid comes back after the
  // answer (the checks above could see the cues).
  EXPECT_GE(seen.questions, 3 * 60);
  EXPECT_LE(seen.data_coincidences, 3);  // the token check stays a check
  for (const char* cue : {"mistakes", "regions", "loss", "theory", "alpha", "trace", "queries", "hull", "vc", "counts"})
    EXPECT_TRUE(seen.cues_hidden.count(cue)) << cue << " was never concealed";
  EXPECT_GT(seen.crosses_after, 0u);
  EXPECT_TRUE(seen.regions_after);
  EXPECT_TRUE(seen.queries_after);
  EXPECT_TRUE(seen.hover_hidden);
  EXPECT_TRUE(seen.hover_after);
}

// A teacher's lesson: the derivation needs no hand list, and "conceal" in a step's view
// adds cues; an unknown cue is a load error naming it.
TEST(FairTest, ATeachersLessonConcealsByItsQuestionsAndItsView) {
  LessonRunner l;
  const std::string lesson = R"({"format": 1, "id": "mine", "title": {"en": "Mine"}, "steps": [
    {"narration": {"en": "a"}, "setup": {"preset": "textbook"},
     "question": {"kind": "pick_point", "prompt": {"en": "which?"}}},
    {"narration": {"en": "b"}, "view": {"conceal": "theory, alpha", "plot": "losses"},
     "question": {"kind": "number", "from": "b_after", "prompt": {"en": "b?"}}},
    {"narration": {"en": "c"}, "question": {"kind": "number", "answer": 26, "prompt": {"en": "R²?"}}},
    {"narration": {"en": "d"}, "question": {"kind": "choice", "options": [{"en": "p"}, {"en": "q"}], "answer": 1,
                                             "prompt": {"en": "which?"}}},
    {"narration": {"en": "e"}}]})";
  ASSERT_TRUE(l.load(lesson, "mine.json").ok);
  EXPECT_EQ(l.lesson().steps[1].conceal, unsigned(kCueTheory | kCueAlpha));
  // The view keeps its interface settings, not "conceal".
  ASSERT_EQ(l.lesson().steps[1].view.size(), 1u);
  EXPECT_EQ(l.lesson().steps[1].view[0].first, "plot");
  Session s;
  ASSERT_TRUE(l.start(s).ok);
  EXPECT_TRUE(l.question_open());
  EXPECT_EQ(l.concealed(), unsigned(kCueMistakes | kCueRegions | kCueLoss));
  ASSERT_TRUE(l.answer(s, l.expected_answer()).ok);
  EXPECT_EQ(l.concealed(), 0u);
  ASSERT_TRUE(l.next(s).ok);
  EXPECT_EQ(l.concealed(), unsigned(kCueMistakes | kCueRegions | kCueLoss | kCueTrace | kCueTheory | kCueAlpha));
  ASSERT_TRUE(l.next(s).ok);
  EXPECT_TRUE(l.concealed() & kCueTheory);  // a fixed figure: every figure
  EXPECT_TRUE(l.concealed() & kCueAlpha);
  ASSERT_TRUE(l.next(s).ok);
  EXPECT_EQ(l.concealed(), unsigned(kCueAll));
  ASSERT_TRUE(l.next(s).ok);
  EXPECT_FALSE(l.question_open());
  EXPECT_EQ(l.concealed(), 0u);
  // An unknown cue: refused, naming it and the known ones.
  std::string bad = lesson;
  bad.replace(bad.find("theory, alpha"), 13, "theory, gamma");
  LessonRunner l2;
  const Status st = l2.load(bad, "mine.json");
  ASSERT_FALSE(st.ok);
  EXPECT_EQ(st.code, Msg::lesson_conceal_unknown);
  EXPECT_NE(st.english().find("gamma"), std::string::npos) << st.english();
  EXPECT_NE(st.english().find("step 2 of 5, view, conceal"), std::string::npos) << st.english();  // the author's terms
  ASSERT_NE(st.arg("field"), nullptr);
  EXPECT_EQ(*st.arg("field"), "steps[2].view.conceal");  // the place as in the file (the studio's)
}

}  // namespace pla::app::fair_test_test

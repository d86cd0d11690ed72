// Perceptron Lab app: the lab in words, for screen readers (see describe.hpp).
#include "app/describe.hpp"

#include <cmath>

#include "app/canvas.hpp"  // names_shown
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "core/lab/lesson/conceal.hpp"
#include "core/base/json.hpp"

namespace pla::app {

// lesson_panel.cpp: the expected answer of the open question as the student reads it, in the
// language of `t`.
std::string lesson_answer_text(const App& app, const Texts& t);

namespace {

// The description's words, in app.lang whatever language the frame is drawn in (the display
// falls back to English while a language's fonts load; a screen reader needs no font).
Texts texts_of(const App& app) { return app.texts(app.lang); }

// An open lesson question hides these cues (core/conceal.hpp): the words say so instead.
bool hidden(const App& app, unsigned cue) { return (app.lesson.concealed() & cue) != 0; }

std::string num(double v) { return fmt_num(v, 6); }
std::string vec(const std::vector<double>& v) { return fmt_vec(v, 6); }
std::string count(std::size_t n) { return std::to_string(n); }
// Two sentences one after the other (with a space in English and Vietnamese, none in Chinese).
std::string then(const Texts& t, const std::string& a, const std::string& b) { return t.trf("a11y.sentences", {{"a", a}, {"b", b}}); }

std::vector<double> row_of(const Dataset& ds, std::size_t i) { return {ds.row(i), ds.row(i) + ds.d}; }

// "1·x₁ + 0.5·x₂ − 3": the left side of w·x + b = 0 written out (two features).
std::string line_lhs(const std::vector<double>& w, double b) {
  static const char* const names[] = {"x\xE2\x82\x81", "x\xE2\x82\x82"};  // x₁, x₂
  std::string s;
  for (std::size_t j = 0; j < 2; ++j) {
    if (w[j] == 0.0) continue;
    if (s.empty()) s = fmt_num(w[j], 6);
    else s += std::string(w[j] < 0 ? " " + std::string(kMinusSign) + " " : " + ") + fmt_num(std::fabs(w[j]), 6);
    s += std::string("\xC2\xB7") + names[j];  // ·
  }
  if (b != 0.0) s += std::string(b < 0 ? " " + std::string(kMinusSign) + " " : " + ") + fmt_num(std::fabs(b), 6);
  return s;
}

std::string stop_name(const Texts& t, StopReason why) { return t.tr(("stop." + std::string(to_string(why))).c_str()); }

bool has_bound(const Session& s) {
  return s.margin_ok() && s.margin().separable && std::isfinite(s.margin().bound) && s.margin().bound > 0.0;
}

DescriptionSection data_section(const App& app) {
  const Texts t = texts_of(app);
  const Session& s = app.session;
  const Dataset& ds = s.data();
  DescriptionSection sec{"data", t.tr("panel.data"), {}};
  if (ds.empty()) {
    sec.items.push_back(t.tr("a11y.data_empty"));
    return sec;
  }
  std::size_t pos = 0;
  for (int y : ds.y) pos += y > 0 ? 1 : 0;
  if (s.source() == DataSource::Preset)
    sec.items.push_back(t.trf("a11y.data_name", {{"name", t.tr(("preset." + s.preset_name()).c_str())}}));
  sec.items.push_back(t.trf("a11y.data_counts", {{"n", count(ds.size())},
                                               {"pos", count(pos)},
                                               {"neg", count(ds.size() - pos)},
                                               {"d", std::to_string(ds.d)}}));
  if (names_shown(app))  // the points by the names the canvas and the lessons give them
    for (std::size_t i = 0; i < ds.size(); ++i)
      sec.items.push_back(t.trf("a11y.point_item", {{"name", point_name(i)}, {"x", fmt_vec(row_of(ds, i), 6)}, {"y", fmt_label(ds.y[i])}}));
  if (!s.validation_set().empty())
    sec.items.push_back(t.trf("data.split", {{"train", count(s.train_set().size())},
                                           {"validation", count(s.validation_set().size())}}));
  if (hidden(app, kCueTheory)) {
    sec.items.push_back(t.tr("conceal.theory"));
  } else if (!s.margin_ok()) {
    sec.items.push_back(t.tr("theory.no_margin"));
  } else if (!s.margin().separable) {
    sec.items.push_back(t.tr("a11y.not_separable"));
  } else {
    const MarginResult& r = s.margin();
    sec.items.push_back(std::isfinite(r.gamma) ? t.trf("a11y.separable", {{"gamma", num(r.gamma)}, {"R", num(r.R)}})
                                               : t.tr("theory.separable"));
    if (has_bound(s)) sec.items.push_back(t.trf("a11y.bound", {{"bound", num(r.bound)}}));
  }
  return sec;
}

DescriptionSection hypothesis_section(const App& app) {
  const Texts t = texts_of(app);
  const Session& s = app.session;
  const Learner& l = s.learner();
  DescriptionSection sec{"hypothesis", t.tr("a11y.hypothesis"), {}};
  if (!l.linear() || l.w().empty()) {
    sec.items.push_back(t.tr(l.linear() ? "run.no_w" : "run.nonlinear"));
  } else {
    const std::vector<double>& w = l.w();
    bool zero = true;
    for (double v : w) zero = zero && v == 0.0;
    if (zero) {
      sec.items.push_back(t.tr("a11y.no_line"));
    } else if (w.size() == 2 && !s.lift()) {
      const std::string lhs = line_lhs(w, l.b());
      sec.items.push_back(t.trf("a11y.line", {{"equation", lhs + " = 0"}, {"lhs", lhs}}));
    } else {
      sec.items.push_back(t.trf("a11y.hyperplane", {{"d", std::to_string(w.size())}}));
    }
    sec.items.push_back(t.trf("run.weights", {{"w", vec(w)}, {"b", num(l.b())}}));
  }
  if (!s.train_set().empty() && hidden(app, kCueMistakes | kCueLoss)) {
    sec.items.push_back(t.tr("conceal.mistakes"));
  } else if (!s.train_set().empty()) {
    const Metrics m = s.train_metrics();
    sec.items.push_back(t.trf("a11y.mistakes", {{"j1", count(m.j1)},
                                              {"n", count(s.train_set().size())},
                                              {"accuracy", fmt_num(100.0 * m.accuracy, 3) + "%"}}));
    const std::size_t ties = positives_on_line(m.j1, m.accuracy, s.train_set().size());
    if (ties > 0) sec.items.push_back(t.trf("run.on_line", {{"ties", count(ties)}}));
  }
  return sec;
}

DescriptionSection run_section(const App& app) {
  const Texts t = texts_of(app);
  const Session& s = app.session;
  const Learner& l = s.learner();
  DescriptionSection sec{"run", t.tr("panel.run"), {}};
  if (hidden(app, kCueCounts))
    sec.items.push_back(t.tr("conceal.counts"));
  else
    sec.items.push_back(t.trf("a11y.counters", {{"epoch", std::to_string(l.epoch())},
                                              {"step", std::to_string(l.steps())},
                                              {"k", std::to_string(l.updates())}}));
  if (has_bound(s) && !hidden(app, kCueTheory))
    sec.items.push_back(t.trf("a11y.k_bound", {{"k", std::to_string(l.updates())}, {"bound", num(s.margin().bound)}}));
  const StopReason why = hidden(app, kCueMistakes) ? StopReason::None : s.stop_reason();
  if (why != StopReason::None) sec.items.push_back(t.trf("a11y.stopped", {{"reason", stop_name(t, why)}}));
  else if (s.playing() || app.training) sec.items.push_back(t.tr("a11y.playing"));
  else sec.items.push_back(t.tr("a11y.paused"));
  if (s.scrubbed())
    sec.items.push_back(t.trf("canvas.viewing", {{"step", std::to_string(s.viewed_step())},
                                               {"last", std::to_string(s.live_learner().steps())}}));
  sec.items.push_back(step_announcement(app));
  return sec;
}

DescriptionSection lesson_section(const App& app) {
  const Texts t = texts_of(app);
  const LessonRunner& l = app.lesson;
  const std::string lang = app.lang == kPseudo ? kEnglish : app.lang;
  DescriptionSection sec{"lesson", t.trf("a11y.lesson", {{"title", l.title(lang)}}), {}};
  if (l.done()) {  // the end: the score and the questions to go back to (as the panel shows)
    sec.items.push_back(t.tr("lesson.done"));
    const LessonRunner::Score sc = l.score();
    if (sc.questions > 0) sec.items.push_back(t.trf("lesson.score", {{"right", count(sc.right)}, {"questions", count(sc.questions)}}));
    for (std::size_t i : sc.wrong) sec.items.push_back(t.trf("lesson.step_wrong", {{"step", count(i + 1)}}));
    for (std::size_t i : sc.unanswered) sec.items.push_back(t.trf("lesson.step_unanswered", {{"step", count(i + 1)}}));
    return sec;
  }
  sec.items.push_back(t.trf("a11y.lesson_step", {{"step", count(l.step() + 1)}, {"steps", count(l.steps())}}));
  const std::string narration = l.narration(app.session, lang, num);
  if (!narration.empty()) sec.items.push_back(narration);
  if (l.question_kind() != QuestionKind::None) {
    sec.items.push_back(l.question_prompt(lang, num));
    if (l.closed()) {  // answered (or passed over with Next), shown read-only
      std::string verdict = t.tr(!l.answered() ? "lesson.not_answered" : l.last_correct() ? "lesson.right" : "lesson.wrong");
      const std::string answer = l.last_correct() ? std::string() : lesson_answer_text(app, t);
      if (!answer.empty()) verdict = then(t, verdict, t.trf("lesson.answer_is", {{"answer", answer}}));
      const std::string why = l.feedback(lang, num);
      if (!why.empty()) verdict = then(t, verdict, why);
      sec.items.push_back(verdict);
      if (l.practiced()) sec.items.push_back(t.tr(l.practice_correct() ? "lesson.practice_right" : "lesson.practice_wrong"));
    }
  }
  return sec;
}

DescriptionSection keys_section(const Texts& t) {
  return {"keys", t.tr("panel.keyboard"), {t.tr("a11y.keys_tab"), t.tr("a11y.keys_canvas"), t.tr("a11y.keys_lab")}};
}

}  // namespace

int point_under_cursor(const App& app) {
  if (!app.input.cursor_shown) return -1;
  const Dataset& ds = app.session.data();
  if (ds.size() > 20000 || ds.d < 1) return -1;
  const Vec2d c = data_to_pixel(app.view.map, app.input.cursor);
  int best = -1;
  double best_d2 = 10.0 * 10.0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double* r = ds.row(i);
    const Vec2d p = data_to_pixel(app.view.map, {r[0], ds.d >= 2 ? r[1] : 0.0});
    const double d2 = (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y);
    if (d2 <= best_d2) best_d2 = d2, best = static_cast<int>(i);
  }
  return best;
}

std::string step_announcement(const App& app) {
  const Texts t = texts_of(app);
  const Session& s = app.session;
  const Learner& l = s.learner();
  const std::vector<double>& w = l.running_w();
  const bool has_w = l.linear() && !w.empty();
  std::string text;
  if (s.has_last_step() && s.last_step().index < s.train_index().size()) {
    const StepInfo& st = s.last_step();
    const std::size_t row = s.train_index()[st.index];
    const Dataset& ds = s.data();
    const int y = ds.y[row];
    const MsgArgs args = {{"step", std::to_string(s.viewed_step())},
                          {"x", fmt_vec(row_of(ds, row), 6)},
                          {"name", point_name(row)},
                          {"y", fmt_label(y)},
                          {"m", num(static_cast<double>(y) * st.score)}};
    text = t.trf(st.mistake ? "a11y.step_mistake" : "a11y.step_right", args);
    if (st.mistake)
      text = then(t, text, has_w ? t.trf("a11y.update", {{"w", vec(w)}, {"b", num(l.running_b())}}) : t.tr("a11y.update_dual"));
  } else if (!s.train_set().empty()) {
    text = has_w ? t.trf("a11y.start", {{"w", vec(w)}, {"b", num(l.running_b())}}) : t.tr("a11y.start_dual");
    if (!hidden(app, kCueMistakes | kCueLoss))
      text = then(t, text, t.trf("a11y.start_mistakes", {{"j1", count(s.train_mistakes())}, {"n", count(s.train_set().size())}}));
  } else {
    return t.tr("a11y.data_empty");
  }
  const StopReason why = hidden(app, kCueMistakes) ? StopReason::None : s.stop_reason();
  if (why == StopReason::Converged) {
    text = then(t, text, t.trf("a11y.converged", {{"k", std::to_string(l.updates())}}));
  } else if (why != StopReason::None) {
    text = then(t, text, t.trf("a11y.stopped_after", {{"reason", stop_name(t, why)},
                                                 {"k", std::to_string(l.updates())},
                                                 {"j1", count(s.train_mistakes())}}));
  }
  if (why != StopReason::None && l.linear() && !l.w().empty())
    text = then(t, text, t.trf("a11y.final", {{"w", vec(l.w())}, {"b", num(l.b())}}));
  return text;
}

std::string run_summary(const App& app) {
  const Texts t = texts_of(app);
  const Session& s = app.session;
  const Learner& l = s.learner();
  if (hidden(app, kCueCounts)) return t.tr("conceal.counts");
  if (hidden(app, kCueMistakes | kCueLoss))
    return t.trf("a11y.counters", {{"epoch", std::to_string(l.epoch())},
                                 {"step", std::to_string(l.steps())},
                                 {"k", std::to_string(l.updates())}});
  return t.trf("a11y.summary", {{"epoch", std::to_string(l.epoch())},
                              {"step", std::to_string(l.steps())},
                              {"k", std::to_string(l.updates())},
                              {"j1", count(s.train_mistakes())}});
}

std::string cursor_announcement(const App& app) {
  if (!app.input.cursor_shown) return {};
  const Texts t = texts_of(app);
  const std::string at = fmt_vec({app.input.cursor.x, app.input.cursor.y}, 4);
  const int i = point_under_cursor(app);
  if (i < 0) return t.trf("a11y.cursor", {{"at", at}});
  const Dataset& ds = app.session.data();
  const std::size_t row = static_cast<std::size_t>(i);
  return t.trf("a11y.cursor_point",
             {{"at", at}, {"name", point_name(row)}, {"x", fmt_vec(row_of(ds, row), 6)}, {"y", fmt_label(ds.y[row])}});
}

Description describe(const App& app) {
  const Texts t = texts_of(app);
  Description d;
  d.title = t.tr("a11y.title");
  if (app.lesson.active()) d.sections.push_back(lesson_section(app));
  d.sections.push_back(data_section(app));
  d.sections.push_back(hypothesis_section(app));
  d.sections.push_back(run_section(app));
  d.sections.push_back(keys_section(t));
  return d;
}

std::string describe_json(const App& app) {
  const Description d = describe(app);
  Json sections = Json::array();
  for (const DescriptionSection& s : d.sections)
    sections.push_back(Json{{"id", s.id}, {"heading", s.heading}, {"items", s.items}});
  Json o = {{"lang", app.lang},
            {"title", d.title},
            {"sections", std::move(sections)},
            {"step", step_announcement(app)},
            {"summary", run_summary(app)},
            {"cursor", cursor_announcement(app)},
            {"playing", app.session.playing() || app.training}};
  return o.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace pla::app

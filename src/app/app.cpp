// Perceptron Lab app: the interface's own settings (the plot tab, the canvas's layers, the
// theme, embedding, the panels, the language, the text size: one table that `set`, state(),
// links and saved state walk, of the same shape as the session's) and state(), the session's
// state plus the interface's, as window.perceptronLab.state() returns it.
//
// [SECTION] Start, and the interface's settings
// [SECTION] state()

#include <algorithm>

#include "app/app_internal.hpp"
#include "core/base/json.hpp"
#include "core/base/values.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Start, and the interface's settings
// -----------------------------------------------------------------------------

void init(App& app) {
  app.studio.view_defaults = ui_settings(app);  // what a lesson's views change (the studio records)
  run_command(app, {"preset", "six"});  // before training: Play shows the run from w = 0 (issue 38)
}

namespace {
std::string panels_text(const App& app) { return panels_text(app.panels); }
Status set_panels(App& app, const std::string& value) { return parse_panels(value, app.panels); }

// The groups of controls a lesson keeps from the student (core/conceal.hpp), "none" for none.
Status set_locked(App& app, const std::string& value) {
  std::string bad;
  if (parse_controls(value, app.locked_controls, bad)) return Status::success();
  std::vector<std::string> known = {"all", "none"};
  for (const ControlInfo& c : control_table()) known.emplace_back(c.name);
  return choice_error("locked", known, bad);
}

// `names` joined by commas where `bits` has their bit (bit i for names[i]), or "none".
std::string names_text(const std::vector<std::string>& names, unsigned bits) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (bits & (1u << i)) s += (s.empty() ? "" : ",") + names[i];
  return s.empty() ? "none" : s;
}

// A comma-separated list of `names` (or "all", "none") as bits, bit i for names[i]; false on
// an unknown name (`bad` names it).
bool parse_name_list(const std::string& value, const std::vector<std::string>& names, unsigned& out, std::string& bad) {
  unsigned on = 0;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t end = value.find(',', start);
    if (end == std::string::npos) end = value.size();
    const std::string name = value.substr(start, end - start);
    bool known = name.empty() || name == "none";
    for (std::size_t i = 0; i < names.size(); ++i)
      if (name == names[i] || name == "all") on |= 1u << i, known = true;
    if (!known) {
      bad = name.substr(0, 30);
      return false;
    }
    start = end + 1;
  }
  out = on;
  return true;
}

std::vector<std::string> panel_names() {
  std::vector<std::string> out;
  for (const PanelInfo& p : panel_list()) out.emplace_back(p.name);
  return out;
}

}  // namespace

std::string panels_text(const PanelFlags& shown) {
  unsigned bits = 0, i = 0;
  for (const PanelInfo& p : panel_list()) bits |= (shown.*p.shown ? 1u : 0u) << i++;
  return names_text(panel_names(), bits);
}

// A comma-separated list of the panels to show (panel_list() names, or "all", "none").
Status parse_panels(const std::string& value, PanelFlags& out) {
  unsigned bits = 0, i = 0;
  std::string bad;
  if (!parse_name_list(value, panel_names(), bits, bad)) return Status::fail(Msg::ui_unknown_panel, {{"value", bad}});
  for (const PanelInfo& p : panel_list()) out.*p.shown = (bits >> i++) & 1u;
  return Status::success();
}

std::string tabs_text(unsigned shown) {
  const std::vector<std::string> names = plot_tab_names();
  return names_text(names, shown & ((1u << names.size()) - 1));
}

Status parse_tabs(const std::string& value, unsigned& out) {
  std::string bad;
  if (parse_name_list(value, plot_tab_names(), out, bad)) return Status::success();
  std::vector<std::string> known = plot_tab_names();
  known.insert(known.begin(), {"all", "none"});
  return choice_error("tabs", known, bad);
}

const std::vector<UiSetting>& ui_settings_table() {
  static const std::vector<UiSetting> table = {
      UiSetting::choice(
          "plot", kView, nullptr, plot_tab_names,
          [](const App& a) {
            const int last = static_cast<int>(plot_tabs().size()) - 1;
            return std::string(plot_tabs()[static_cast<std::size_t>(std::clamp(a.plots.tab, 0, last))].name);
          },
          [](App& a, const std::string& v) {
            for (std::size_t i = 0; i < plot_tabs().size(); ++i)
              if (v == plot_tabs()[i].name) {
                a.plots.select_tab = a.plots.tab = static_cast<int>(i);
                return Status::success();
              }
            return choice_error("plot", plot_tab_names(), v);
          }),
      UiSetting::boolean("hull", kView, nullptr, [](App& a) { return &a.view.show_hull; }),
      UiSetting::boolean("max_margin", kView, nullptr, [](App& a) { return &a.view.show_max_margin; }),
      UiSetting::boolean("mistakes", kView, nullptr, [](App& a) { return &a.view.show_mistakes; }),
      UiSetting::boolean("field", kView, nullptr, [](App& a) { return &a.view.show_field; }),
      UiSetting::boolean("update", kView, nullptr, [](App& a) { return &a.view.show_update; }),
      UiSetting::boolean("delete", kView, nullptr, [](App& a) { return &a.input.delete_mode; }),
      UiSetting::boolean("alpha", kView, nullptr, [](App& a) { return &a.view.show_alpha; }),
      UiSetting::boolean("help", kView, nullptr, [](App& a) { return &a.show_help; }),
      [] {
        UiSetting s = UiSetting::choice(
            "label", kView, nullptr, [] { return std::vector<std::string>{"+1", "-1"}; },
            [](const App& a) { return std::string(a.input.draw_label > 0 ? "1" : "-1"); },
            [](App& a, const std::string& v) {
              int label = 0;
              if (!parse_label(v, label)) return choice_error("label", {"+1", "-1"}, v);
              a.input.draw_label = label;
              return Status::success();
            });
        s.get_json = [](const App& a) { return Json(a.input.draw_label > 0 ? 1 : -1); };
        return s;
      }(),
      UiSetting::choice(
          "theme", kView, nullptr, theme_names, [](const App& a) { return std::string(theme_info(a.theme).name); },
          [](App& a, const std::string& v) {
            return parse_theme(v, a.theme) ? Status::success() : choice_error("theme", theme_names(), v);
          }),
      UiSetting::boolean("embed", kView, nullptr, [](App& a) { return &a.embed; }),
      UiSetting::boolean("lessons_menu", kView, nullptr, [](App& a) { return &a.lessons_menu; }),
      UiSetting::boolean("autoplay", kView, nullptr, [](App& a) { return &a.autoplay; }),
      UiSetting::text("panels", kView, nullptr, panels_text, set_panels),
      // The plot tabs shown, and the controls a lesson keeps from the student (issue 36's lock and
      // hide: a step's view sets them, the studio records them).
      UiSetting::text(
          "tabs", kView, nullptr, [](const App& a) { return tabs_text(a.tabs); },
          [](App& a, const std::string& v) { return parse_tabs(v, a.tabs); }),
      UiSetting::text(
          "locked", kView, nullptr, [](const App& a) { return control_names(a.locked_controls); }, set_locked),
      // A language is a catalog of the session's (i18n.hpp), or "pseudo".
      UiSetting::text(
          "lang", kView, nullptr, [](const App& a) { return a.lang; },
          [](App& a, const std::string& v) {
            if (!is_language(a.session.catalogs(), v)) return choice_error("lang", language_choices(a.session.catalogs()), v);
            a.lang = v;  // its texts fetched where this build left them out (data_wait.cpp)
            return Status::success();
          }),
      UiSetting::real("font_scale", kView, nullptr, 0.75, Bound::Closed, 2.5, [](App& a) { return &a.font_scale; }),
  };
  return table;
}

// -----------------------------------------------------------------------------
// [SECTION] state()
// -----------------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> ui_settings(const App& app) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const UiSetting& def : ui_settings_table()) out.emplace_back(def.key, setting_text(def, app));
  return out;
}

Json state(const App& app) {
  Json o = app.session.state();
  for (const UiSetting& def : ui_settings_table()) o[def.key] = setting_json(def, app);
  o["training"] = app.training;
  if (app.training) o["run"] = run_progress(app);
  if (app.lesson.active()) {
    o["lesson"] = app.lesson.state();
    o["lesson"]["next_lesson"] = next_lesson_id(app);  // "Next lesson" at the end ("" none)
  }
  // What the canvas drew in the last frame of the cues a lesson question may hide.
  const CanvasView::Cues& c = app.view.drawn;
  o["cues"] = Json{{"crosses", c.crosses},       {"query_labels", c.query_labels}, {"regions", c.regions},
                   {"alpha_size", c.alpha_size}, {"hull", c.hull},                 {"max_margin", c.max_margin},
                   {"hover_verdict", c.hover_verdict}};
  // The canvas's words as the last frame drew them: the points' names placed, the status
  // line along its top, the empty canvas's hint, the status's Play button (canvas_labels.cpp).
  o["canvas"] = Json{{"point_names", c.point_names}, {"status", c.status}, {"empty_hint", c.empty_hint}, {"play", c.play}};
  // The last action's message and where it was drawn (beside the control that caused it).
  o["message"] = Json{{"text", app.message.empty() ? std::string() : app.message.english()},
                      {"error", app.message_is_error && !app.message.empty()},
                      {"at", app.message_at},
                      {"shown_at", app.message_shown.at},
                      {"times", app.message_shown.times},
                      {"by_train", app.message_shown.by_train},
                      {"refused", app.session.need_data() ? std::string() : app.session.notice().english()},
                      {"train_button", std::vector<float>(app.message_shown.train, app.message_shown.train + 4)},
                      {"line", std::vector<float>(app.message_shown.line, app.message_shown.line + 4)}};
  Json lessons = Json::array();
  for (const LessonRow& r : lesson_rows(app))
    lessons.push_back(Json{{"id", r.id}, {"title", r.title}, {"steps", r.steps}, {"step", r.step}, {"done", r.done},
                           {"right", r.right}, {"questions", r.questions}});
  o["lessons"] = std::move(lessons);
  o["lessons_open"] = app.lessons_open && lessons_menu_available(app);
  Json notices = Json::array();
  for (const Message& m : app.notices) notices.push_back(m.english());
  o["notices"] = std::move(notices);
  o["studio"] = studio_state(app);
  return o;
}

std::string state_json(const App& app) { return state(app).dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace pla::app

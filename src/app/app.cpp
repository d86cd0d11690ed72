// Perceptron Lab app: the frame (layout of the panels) and the scripted-command
// entry point shared with the page's JavaScript API.
#include "app/app.hpp"

#include <algorithm>

#include "app/app_internal.hpp"
#include "core/json.hpp"

namespace pla::app {

void init(App& app) {
  app.session.load_preset("six");
  app.session.train();
  app.fit_pending = true;
}

namespace {
const char* const kPlotNames[] = {"mistakes", "losses", "invariants", "rates"};

bool parse_on_off(const std::string& v, bool& out) {
  if (v == "1" || v == "true" || v == "on" || v == "yes") out = true;
  else if (v == "0" || v == "false" || v == "off" || v == "no") out = false;
  else return false;
  return true;
}

// `set KEY VALUE` for the interface's own settings; false when KEY is not one.
bool set_ui(App& app, const std::string& key, const std::string& value, Status& st) {
  bool* flag = key == "hull"         ? &app.show_hull
               : key == "max_margin" ? &app.show_max_margin
               : key == "mistakes"   ? &app.show_mistakes
               : key == "field"      ? &app.show_field
               : key == "update"     ? &app.show_update
               : key == "delete"     ? &app.delete_mode
               : key == "help"       ? &app.show_help
               : key == "alpha"      ? &app.show_alpha
                                     : nullptr;
  if (flag) {
    st = parse_on_off(value, *flag) ? Status::success() : Status::fail(key + " must be true or false");
    return true;
  }
  if (key == "plot") {
    for (int i = 0; i < 4; ++i)
      if (value == kPlotNames[i]) {
        app.select_plot_tab = i;
        app.plot_tab = i;
        st = Status::success();
        return true;
      }
    st = Status::fail("plot must be mistakes, losses, invariants or rates");
    return true;
  }
  if (key == "theme") {
    if (value != "light" && value != "dark") {
      st = Status::fail("theme must be light or dark");
      return true;
    }
    app.dark = value == "dark";
    st = Status::success();
    return true;
  }
  if (key == "embed" || key == "autoplay") {
    bool v = false;
    if (!parse_on_off(value, v)) {
      st = Status::fail(key + " must be true or false (or 1 / 0)");
      return true;
    }
    (key == "embed" ? app.embed : app.autoplay) = v;
    st = Status::success();
    return true;
  }
  if (key == "panels") {
    // A comma-separated list of the panels to show: data, algorithm, run, theory, plots (or "all").
    bool d = false, a = false, r = false, t = false, p = false;
    std::size_t start = 0;
    while (start <= value.size()) {
      std::size_t end = value.find(',', start);
      if (end == std::string::npos) end = value.size();
      const std::string name = value.substr(start, end - start);
      if (name == "data") d = true;
      else if (name == "algorithm") a = true;
      else if (name == "run") r = true;
      else if (name == "theory") t = true;
      else if (name == "plots") p = true;
      else if (name == "all") d = a = r = t = p = true;
      else if (!name.empty() && name != "none") {
        st = Status::fail("panels: unknown panel '" + name.substr(0, 30) + "' (data, algorithm, run, theory, plots)");
        return true;
      }
      start = end + 1;
    }
    app.panel_data = d, app.panel_algorithm = a, app.panel_run = r, app.panel_theory = t, app.panel_plots = p;
    st = Status::success();
    return true;
  }
  if (key == "label") {
    if (value == "1" || value == "+1") app.draw_label = 1;
    else if (value == "-1" || value == "0") app.draw_label = -1;
    else {
      st = Status::fail("label must be +1 or -1");
      return true;
    }
    st = Status::success();
    return true;
  }
  return false;
}
}  // namespace

namespace {
std::string panels_text(const App& app) {
  std::string s;
  auto add = [&](bool on, const char* name) {
    if (on) s += (s.empty() ? "" : ",") + std::string(name);
  };
  add(app.panel_data, "data");
  add(app.panel_algorithm, "algorithm");
  add(app.panel_run, "run");
  add(app.panel_theory, "theory");
  add(app.panel_plots, "plots");
  return s.empty() ? "none" : s;
}
}  // namespace

std::vector<std::pair<std::string, std::string>> ui_settings(const App& app) {
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  return {{"plot", kPlotNames[std::clamp(app.plot_tab, 0, 3)]},
          {"hull", b(app.show_hull)},
          {"max_margin", b(app.show_max_margin)},
          {"mistakes", b(app.show_mistakes)},
          {"field", b(app.show_field)},
          {"update", b(app.show_update)},
          {"delete", b(app.delete_mode)},
          {"alpha", b(app.show_alpha)},
          {"label", app.draw_label > 0 ? "1" : "-1"},
          {"theme", app.dark ? "dark" : "light"},
          {"embed", b(app.embed)},
          {"autoplay", b(app.autoplay)},
          {"panels", panels_text(app)}};
}

std::string state_json(const App& app) {
  std::string s = app.session.state_json();
  if (s.empty() || s.back() != '}') return s;
  s.pop_back();
  for (const auto& kv : ui_settings(app)) {
    s += ",\"" + kv.first + "\":";
    s += (kv.second == "true" || kv.second == "false" || kv.first == "label") ? kv.second : "\"" + kv.second + "\"";
  }
  s += ",\"training\":" + std::string(app.training ? "true" : "false");
  std::string notices = "[";
  for (std::size_t i = 0; i < app.notices.size(); ++i) notices += (i ? "," : "") + json_string(app.notices[i]);
  s += ",\"notices\":" + notices + "]";
  return s + "}";
}

Status run_command(App& app, const std::vector<std::string>& args) {
  Status ui;
  if (args.size() == 3 && args[0] == "set" && set_ui(app, args[1], args[2], ui)) return ui;
  const Status st = app.session.command(args);
  if (st && !args.empty() &&
      (args[0] == "preset" || args[0] == "clear" || args[0] == "generate" || args[0] == "import_csv"))
    app.fit_pending = true;
  if (st && !args.empty() && (args[0] == "reset" || args[0] == "preset" || args[0] == "clear")) app.training = false;
  app.field.step = ~0ull;
  return st;
}

void frame(App& app, float dt) {
  Session& s = app.session;
  if (app.training) {
    if (s.run_slice(1000000)) app.training = false;
  } else {
    s.advance(static_cast<double>(dt));
  }
  if (app.dark != app.dark_applied) {
    app.dark ? ImGui::StyleColorsDark() : ImGui::StyleColorsLight();
    app.dark_applied = app.dark;
  }
  keyboard(app);

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  const bool any_panel = app.panel_data || app.panel_algorithm || app.panel_run || app.panel_theory;
  float panel = 0.0f, plots_h = 0.0f, strip_h = 0.0f;
  if (app.embed) {
    strip_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().WindowPadding.y * 2;
  } else {
    if (any_panel) panel = std::min(330.0f, std::max(200.0f, vp->WorkSize.x * 0.34f));
    if (app.panel_plots) plots_h = std::min(250.0f, std::max(120.0f, vp->WorkSize.y * 0.32f));
  }

  if (panel > 0.0f) {
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(ImVec2(panel, vp->WorkSize.y));
    ImGui::Begin("Perceptron Lab", nullptr, fixed);
    control_panel(app);
    ImGui::End();
  }

  const ImVec2 canvas_pos(vp->WorkPos.x + panel, vp->WorkPos.y);
  const ImVec2 canvas_size(vp->WorkSize.x - panel, vp->WorkSize.y - plots_h - strip_h);
  ImGui::SetNextWindowPos(canvas_pos);
  ImGui::SetNextWindowSize(canvas_size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("Data", nullptr, fixed | ImGuiWindowFlags_NoDecoration);
  canvas(app);
  ImGui::End();
  ImGui::PopStyleVar();

  if (plots_h > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + panel, vp->WorkPos.y + vp->WorkSize.y - plots_h));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - panel, plots_h));
    ImGui::Begin("Plots", nullptr, fixed | ImGuiWindowFlags_NoTitleBar);
    plots_panel(app);
    ImGui::End();
  }
  if (strip_h > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - strip_h));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, strip_h));
    ImGui::Begin("Controls", nullptr, fixed | ImGuiWindowFlags_NoDecoration);
    embed_strip(app);
    ImGui::End();
  }
  if (!app.notices.empty()) {
    ImGui::SetNextWindowPos(ImVec2(canvas_pos.x + 8, canvas_pos.y + 8));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(std::max(200.0f, canvas_size.x - 16), canvas_size.y * 0.6f));
    ImGui::SetNextWindowBgAlpha(0.95f);
    ImGui::Begin("Notice", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoMove);
    notices_bar(app);
    ImGui::End();
  }
  help_overlay(app);
}

}  // namespace pla::app

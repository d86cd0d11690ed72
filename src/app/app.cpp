// Perceptron Lab app: the frame (layout of the panels) and the scripted-command
// entry point shared with the page's JavaScript API.
#include "app/app.hpp"

#include <algorithm>

#include "app/app_internal.hpp"

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
          {"label", app.draw_label > 0 ? "1" : "-1"}};
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
  keyboard(app);

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  const float panel = std::min(330.0f, std::max(200.0f, vp->WorkSize.x * 0.34f));
  const float plots_h = std::min(250.0f, std::max(120.0f, vp->WorkSize.y * 0.32f));

  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(ImVec2(panel, vp->WorkSize.y));
  ImGui::Begin("Perceptron Lab", nullptr, fixed);
  control_panel(app);
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + panel, vp->WorkPos.y));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - panel, vp->WorkSize.y - plots_h));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("Data", nullptr, fixed | ImGuiWindowFlags_NoDecoration);
  canvas(app);
  ImGui::End();
  ImGui::PopStyleVar();

  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + panel, vp->WorkPos.y + vp->WorkSize.y - plots_h));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - panel, plots_h));
  ImGui::Begin("Plots", nullptr, fixed | ImGuiWindowFlags_NoTitleBar);
  plots_panel(app);
  ImGui::End();

  help_overlay(app);
}

}  // namespace pla::app

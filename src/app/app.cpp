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

Status run_command(App& app, const std::vector<std::string>& args) {
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

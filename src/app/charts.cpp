// Perceptron Lab app: the plots under the canvas (mistakes and the Novikoff
// bound, the losses J and J1, the proof invariants, the learning-rate comparison).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/plot.hpp"

namespace pla::app {

namespace {

// Epoch summaries of the trace up to the viewed step.
void mistakes_tab(App& app, float height) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const std::uint64_t upto = s.viewed_step();
  std::vector<double> ep, mistakes, cumulative;
  double k = 0;
  for (const EpochSummary& e : s.trace().epochs()) {
    if (e.end_step > upto) break;
    k += static_cast<double>(e.mistakes);
    ep.push_back(static_cast<double>(e.epoch));
    mistakes.push_back(static_cast<double>(e.mistakes));
    cumulative.push_back(k);
  }
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.5f;
  Plot a("mistakes", "Mistakes (updates) per epoch", pal);
  a.x_label = "epoch";
  a.step_lines = true;
  a.line("mistakes", ep, mistakes, pal.series[1]);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("cumulative", "Cumulative updates k and the Novikoff bound", pal);
  b.x_label = "epoch";
  b.line("k", ep, cumulative, pal.series[0]);
  const MarginResult& r = s.margin();
  if (s.margin_ok() && r.separable && std::isfinite(r.bound)) b.hline("bound (R_aug/gamma_aug)^2", r.bound, pal.bound);
  b.draw(ImVec2(w, height));
}

void losses_tab(App& app, float height) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const std::uint64_t upto = s.viewed_step();
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.5f;
  std::vector<double> x, j1, j;
  if (!s.step_samples().empty()) {
    for (const StepSample& p : s.step_samples()) {
      if (p.step > upto) break;
      x.push_back(static_cast<double>(p.step));
      j1.push_back(static_cast<double>(p.j1));
      j.push_back(p.j);
    }
    if (!x.empty() && static_cast<double>(upto) > x.back()) {  // flat until the viewed step
      x.push_back(static_cast<double>(upto));
      j1.push_back(j1.back());
      j.push_back(j.back());
    }
  } else {
    for (const EpochSummary& e : s.trace().epochs()) {
      if (e.end_step > upto) break;
      x.push_back(static_cast<double>(e.end_step));
      j1.push_back(static_cast<double>(e.j1));
      j.push_back(e.j);
    }
  }
  Plot a("j", "Perceptron criterion J = sum over mistakes of -y f(x)", pal);
  a.x_label = "step";
  a.step_lines = true;
  a.line("J", x, j, pal.series[0]);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  std::vector<double> ex, tr, va;
  for (const EpochSample& e : s.epoch_samples()) {
    if (e.step > upto) break;
    ex.push_back(static_cast<double>(e.epoch));
    tr.push_back(e.train_accuracy);
    va.push_back(e.validation_accuracy);
  }
  if (!s.validation_set().empty()) {
    Plot b("acc", "Accuracy per epoch", pal);
    b.x_label = "epoch";
    b.y_min = 0.0;
    b.y_max = 1.0;
    b.line("train", ex, tr, pal.series[0]);
    b.line("validation", ex, va, pal.series[1]);
    b.draw(ImVec2(w, height));
  } else {
    Plot b("j1", "J1 = number of misclassified points", pal);
    b.x_label = "step";
    b.step_lines = true;
    b.line("J1", x, j1, pal.series[1]);
    b.draw(ImVec2(w, height));
  }
}

void invariants_tab(App& app, float height) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const MarginResult& r = s.margin();
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.5f;
  if (!s.margin_ok() || !r.separable) {
    ImGui::TextWrapped("The invariants need separable data (a unit max-margin vector u in augmented space).");
    return;
  }
  const double eta = s.settings().learner.pla.eta;
  std::vector<double> k, progress, lower, norm2, upper;
  for (const InvariantSample& p : s.invariants()) {
    if (p.step > s.viewed_step()) break;
    const double kk = static_cast<double>(p.k);
    k.push_back(kk);
    progress.push_back(p.progress);
    lower.push_back(kk * eta * r.gamma_aug);
    norm2.push_back(p.norm2);
    upper.push_back(kk * eta * eta * r.R_aug * r.R_aug);
  }
  Plot a("progress", "w_k . u  >=  k eta gamma_aug", pal);
  a.x_label = "k";
  a.line("w_k . u", k, progress, pal.series[0]);
  a.line("k eta gamma_aug", k, lower, pal.bound);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("growth", "||w_k||^2  <=  k eta^2 R_aug^2", pal);
  b.x_label = "k";
  b.line("||w_k||^2", k, norm2, pal.series[0]);
  b.line("k eta^2 R_aug^2", k, upper, pal.bound);
  b.draw(ImVec2(w, height));
  if (s.settings().learner.pla.init != Init::Zero || s.settings().learner.algo != Algo::Classic)
    ImGui::TextColored(ImColor(pal.mistake), "The bounds are proved for the classic rule starting at w = 0.");
}

void learning_rates_tab(App& app, float height) {
  const Palette& pal = palette(app);
  Session& s = app.session;
  ImGui::SetNextItemWidth(220);
  ImGui::InputText("etas", app.eta_list, sizeof app.eta_list);
  ImGui::SameLine();
  if (ImGui::Button("Compare")) {
    std::vector<double> etas;
    const char* p = app.eta_list;
    while (*p) {
      char* end = nullptr;
      const double v = std::strtod(p, &end);
      if (end == p) {
        ++p;
        continue;
      }
      etas.push_back(v);
      p = end;
    }
    show_result(app, s.compare_etas(etas));
  }
  HelpMarker("Trains the same data in the same order once per learning rate (up to 200 epochs each). From w = 0 "
             "the classic perceptron makes the same mistakes for every eta in exact arithmetic: w is just scaled. "
             "With eta a power of two (1, 0.5, 0.25) the runs agree bit for bit; with 0.1 or 0.01 rounding can turn "
             "an exact tie w.x + b = 0 (on integer data) into a tiny non-zero, so the curves can part.");
  const std::vector<EtaRun>& runs = s.eta_runs();
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.6f;
  Plot a("etas", "Mistakes per epoch for each eta", pal);
  a.x_label = "epoch";
  a.step_lines = true;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::vector<double> x, y;
    for (std::size_t e = 0; e < runs[i].mistakes_per_epoch.size(); ++e) {
      x.push_back(static_cast<double>(e + 1));
      y.push_back(static_cast<double>(runs[i].mistakes_per_epoch[e]));
    }
    a.line("eta " + fmt_num(runs[i].eta, 6), x, y, pal.series[i % 8], 2.0f + static_cast<float>(runs.size() - i) * 0.8f);
  }
  a.draw(ImVec2(w, height - ImGui::GetFrameHeightWithSpacing()));
  ImGui::SameLine();
  ImGui::BeginGroup();
  if (ImGui::BeginTable("eta_table", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("eta");
    ImGui::TableSetupColumn("updates");
    ImGui::TableSetupColumn("converged");
    ImGui::TableSetupColumn("w, b");
    ImGui::TableHeadersRow();
    for (const EtaRun& r : runs) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt_num(r.eta, 6).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(r.updates));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.converged ? "yes" : "no");
      ImGui::TableNextColumn();
      ImGui::Text("%s, %s", fmt_vec(r.w, 4).c_str(), fmt_num(r.b, 4).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::EndGroup();
}

}  // namespace

namespace {
ImGuiTabItemFlags tab_flags(App& app, int tab) {
  if (app.select_plot_tab != tab) return 0;
  app.select_plot_tab = -1;
  return ImGuiTabItemFlags_SetSelected;
}
}  // namespace

void plots_panel(App& app) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() - 6);
  if (ImGui::BeginTabBar("plots")) {
    if (ImGui::BeginTabItem("Mistakes and bound", nullptr, tab_flags(app, 0))) {
      app.plot_tab = 0;
      mistakes_tab(app, height);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Losses J, J1", nullptr, tab_flags(app, 1))) {
      app.plot_tab = 1;
      losses_tab(app, height);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Proof invariants", nullptr, tab_flags(app, 2))) {
      app.plot_tab = 2;
      invariants_tab(app, height);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Learning rates", nullptr, tab_flags(app, 3))) {
      app.plot_tab = 3;
      learning_rates_tab(app, height);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  const ImVec2 end = ImGui::GetWindowPos();
  app.plots_min = {start.x, start.y};
  app.plots_max = {end.x + ImGui::GetWindowSize().x, end.y + ImGui::GetWindowSize().y};
}

}  // namespace pla::app

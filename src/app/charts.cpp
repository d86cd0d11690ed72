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
  Plot a("mistakes", tr("plots.mistakes_title"), pal);
  a.x_label = tr("plots.epoch");
  a.step_lines = true;
  a.line(tr("plots.mistakes"), ep, mistakes, pal.series[1]);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("cumulative", tr("plots.cumulative_title"), pal);
  b.x_label = tr("plots.epoch");
  b.line("k", ep, cumulative, pal.series[0]);
  const MarginResult& r = s.margin();
  if (s.margin_ok() && r.separable && std::isfinite(r.bound)) b.hline(tr("plots.bound"), r.bound, pal.bound);
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
  Plot a("j", tr("plots.j_title"), pal);
  a.x_label = tr("plots.step");
  a.step_lines = true;
  a.line("J", x, j, pal.series[0]);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  std::vector<double> ex, train_acc, va;
  for (const EpochSample& e : s.epoch_samples()) {
    if (e.step > upto) break;
    ex.push_back(static_cast<double>(e.epoch));
    train_acc.push_back(e.train_accuracy);
    va.push_back(e.validation_accuracy);
  }
  if (!s.validation_set().empty()) {
    Plot b("acc", tr("plots.accuracy_title"), pal);
    b.x_label = tr("plots.epoch");
    b.y_min = 0.0;
    b.y_max = 1.0;
    b.line(tr("plots.train"), ex, train_acc, pal.series[0]);
    b.line(tr("plots.validation"), ex, va, pal.series[1]);
    b.draw(ImVec2(w, height));
  } else {
    Plot b("j1", tr("plots.j1_title"), pal);
    b.x_label = tr("plots.step");
    b.step_lines = true;
    b.line("J₁", x, j1, pal.series[1]);
    b.draw(ImVec2(w, height));
  }
}

void invariants_tab(App& app, float height) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const MarginResult& r = s.margin();
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.5f;
  if (!s.margin_ok() || !r.separable) {
    text_wrapped(tr("plots.invariants_need_separable"));
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
  Plot a("progress", tr("plots.progress_title"), pal);
  a.x_label = "k";
  a.line("ŵₖ·u", k, progress, pal.series[0]);
  a.line("kηγ̂", k, lower, pal.bound);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("growth", tr("plots.growth_title"), pal);
  b.x_label = "k";
  b.line("‖ŵₖ‖²", k, norm2, pal.series[0]);
  b.line("kη²R̂²", k, upper, pal.bound);
  b.draw(ImVec2(w, height));
  if (s.settings().learner.pla.init != Init::Zero || s.settings().learner.algo != Algo::Classic)
    {
    ImGui::PushStyleColor(ImGuiCol_Text, pal.mistake);
    text_wrapped(tr("plots.bounds_classic_only"));
    ImGui::PopStyleColor();
  }
}

void learning_rates_tab(App& app, float height) {
  const Palette& pal = palette(app);
  Session& s = app.session;
  // The label, the list and the button on one line when they fit, else wrapped.
  const float list_w = std::max(ImGui::CalcTextSize("1, 0.1, 0.01, 0.001").x + ImGui::GetStyle().FramePadding.x * 2 + 4,
                                std::min(220.0f, ImGui::GetContentRegionAvail().x * 0.5f));
  const std::string compare = label("plots.compare", "compare");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("plots.etas"));
  same_line_or_wrap(list_w);
  ImGui::SetNextItemWidth(std::min(list_w, ImGui::GetContentRegionAvail().x));
  ImGui::InputText("##etas", app.eta_list, sizeof app.eta_list);
  same_line_or_wrap(ImGui::CalcTextSize(tr("plots.compare")).x + ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::Button(compare.c_str())) {
    std::vector<std::string> etas = {"compare"};
    const char* p = app.eta_list;
    while (*p) {
      char* end = nullptr;
      const double v = std::strtod(p, &end);
      if (end == p) {
        ++p;
        continue;
      }
      etas.push_back(json_number(v));
      p = end;
    }
    act(app, etas);
  }
  HelpMarker(tr("plots.rates_help"));
  const std::vector<EtaRun>& runs = s.eta_runs();
  const float w = (ImGui::GetContentRegionAvail().x - 8) * 0.6f;
  Plot a("etas", tr("plots.rates_title"), pal);
  a.x_label = tr("plots.epoch");
  a.step_lines = true;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::vector<double> x, y;
    for (std::size_t e = 0; e < runs[i].mistakes_per_epoch.size(); ++e) {
      x.push_back(static_cast<double>(e + 1));
      y.push_back(static_cast<double>(runs[i].mistakes_per_epoch[e]));
    }
    a.line("η = " + fmt_num(runs[i].eta, 6), x, y, pal.series[i % 8], 2.0f + static_cast<float>(runs.size() - i) * 0.8f);
  }
  a.draw(ImVec2(w, height - ImGui::GetFrameHeightWithSpacing()));
  ImGui::SameLine();
  ImGui::BeginGroup();
  if (ImGui::BeginTable("eta_table", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("η");
    ImGui::TableSetupColumn(tr("plots.updates"));
    ImGui::TableSetupColumn(tr("plots.converged"));
    ImGui::TableSetupColumn("w, b");
    ImGui::TableHeadersRow();
    for (const EtaRun& r : runs) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt_num(r.eta, 6).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(r.updates));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(tr(r.converged ? "plots.yes" : "plots.no"));
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
  static const char* const keys[] = {"plots.tab_mistakes", "plots.tab_losses", "plots.tab_invariants", "plots.tab_rates"};
  static const char* const ids[] = {"tab_mistakes", "tab_losses", "tab_invariants", "tab_rates"};
  void (*const tabs[])(App&, float) = {mistakes_tab, losses_tab, invariants_tab, learning_rates_tab};
  const ImGuiStyle& st = ImGui::GetStyle();
  float needed = 0.0f;
  for (const char* k : keys) needed += ImGui::CalcTextSize(tr(k)).x + st.FramePadding.x * 2 + st.ItemInnerSpacing.x;
  if (needed <= ImGui::GetContentRegionAvail().x) {
    const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() - 6);
    if (ImGui::BeginTabBar("plots")) {
      for (int i = 0; i < 4; ++i)
        if (ImGui::BeginTabItem(label(keys[i], ids[i]).c_str(), nullptr, tab_flags(app, i))) {
          app.plot_tab = i;
          tabs[i](app, height);
          ImGui::EndTabItem();
        }
      ImGui::EndTabBar();
    }
  } else {
    // Too narrow for the tab names (a phone, a long language): a row of buttons that wraps.
    if (app.select_plot_tab >= 0) app.plot_tab = app.select_plot_tab, app.select_plot_tab = -1;
    Flow row;
    for (int i = 0; i < 4; ++i) {
      const bool on = app.plot_tab == i;
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_TabActive));
      if (row.button(label(keys[i], ids[i]).c_str())) act(app, {"set", "plot", kPlotNames[i]});
      if (on) ImGui::PopStyleColor();
    }
    const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - 6);
    tabs[std::clamp(app.plot_tab, 0, 3)](app, height);
  }
  const ImVec2 end = ImGui::GetWindowPos();
  app.plots_min = {start.x, start.y};
  app.plots_max = {end.x + ImGui::GetWindowSize().x, end.y + ImGui::GetWindowSize().y};
}

}  // namespace pla::app

// Perceptron Lab app: the plots under the canvas (mistakes and the Novikoff
// bound, the losses J and J1, the proof invariants, the learning-rate comparison,
// the iteration table, the VC bound against the measured test error).
//
// [SECTION] The curves: mistakes, losses, invariants, learning rates
// [SECTION] The VC bound
// [SECTION] The iteration table
// [SECTION] The plot tab list and the plots panel
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/plot.hpp"
#include "imgui_internal.h"  // ImGuiContext::TabBars: whether the plots tab bar is new
#include "core/theory/vc.hpp"

namespace pla::app {

namespace {

// -----------------------------------------------------------------------------
// [SECTION] The curves: mistakes, losses, invariants, learning rates
// -----------------------------------------------------------------------------

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
  Plot a("mistakes", app.tr("plots.mistakes_title"), pal);
  a.x_label = app.tr("plots.epoch");
  a.step_lines = true;
  a.line(app.tr("plots.mistakes"), ep, mistakes, pal.series[1]);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("cumulative", app.tr("plots.cumulative_title"), pal);
  b.x_label = app.tr("plots.epoch");
  b.line("k", ep, cumulative, pal.series[0]);
  const MarginResult& r = s.margin();
  if (s.margin_ok() && r.separable && std::isfinite(r.bound)) b.hline(app.tr("plots.bound"), r.bound, pal.bound);
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
  Plot a("j", app.tr("plots.j_title"), pal);
  a.x_label = app.tr("plots.step");
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
    Plot b("acc", app.tr("plots.accuracy_title"), pal);
    b.x_label = app.tr("plots.epoch");
    b.y_min = 0.0;
    b.y_max = 1.0;
    b.line(app.tr("plots.train"), ex, train_acc, pal.series[0]);
    b.line(app.tr("plots.validation"), ex, va, pal.series[1]);
    b.draw(ImVec2(w, height));
  } else {
    Plot b("j1", app.tr("plots.j1_title"), pal);
    b.x_label = app.tr("plots.step");
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
    text_wrapped(app.tr("plots.invariants_need_separable"));
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
  Plot a("progress", app.tr("plots.progress_title"), pal);
  a.x_label = "k";
  a.line("ŵₖ·u", k, progress, pal.series[0]);
  a.line("kηγ̂", k, lower, pal.bound);
  a.draw(ImVec2(w, height));
  ImGui::SameLine();
  Plot b("growth", app.tr("plots.growth_title"), pal);
  b.x_label = "k";
  b.line("‖ŵₖ‖²", k, norm2, pal.series[0]);
  b.line("kη²R̂²", k, upper, pal.bound);
  b.draw(ImVec2(w, height));
  if (s.settings().learner.pla.init != Init::Zero || !learner_info(s.settings().learner.algo).novikoff)
    {
    ImGui::PushStyleColor(ImGuiCol_Text, pal.mistake);
    text_wrapped(app.tr("plots.bounds_classic_only"));
    ImGui::PopStyleColor();
  }
}

void learning_rates_tab(App& app, float height) {
  const Palette& pal = palette(app);
  Session& s = app.session;
  // The label, the list and the button on one line when they fit, else wrapped.
  const float list_w = std::max(ImGui::CalcTextSize("1, 0.1, 0.01, 0.001").x + ImGui::GetStyle().FramePadding.x * 2 + 4,
                                std::min(220.0f, ImGui::GetContentRegionAvail().x * 0.5f));
  const std::string compare = app.label("plots.compare", "compare");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(app.tr("plots.etas"));
  same_line_or_wrap(list_w);
  ImGui::SetNextItemWidth(std::min(list_w, ImGui::GetContentRegionAvail().x));
  ImGui::InputText("##etas", app.plots.eta_list, sizeof app.plots.eta_list);
  same_line_or_wrap(ImGui::CalcTextSize(app.tr("plots.compare")).x + ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::Button(compare.c_str())) {
    std::vector<std::string> etas = {"compare"};
    const char* p = app.plots.eta_list;
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
  HelpMarker(app.tr("plots.rates_help"));
  const std::vector<EtaRun>& runs = s.eta_runs();
  // The table beside the plot at its natural width (its cells never clip, in any language);
  // the plot takes the rest, between 35% and 60% of the line.
  const char* const headers[] = {"η", app.tr("plots.updates"), app.tr("plots.converged"), "w, b"};
  float columns[4] = {0, 0, 0, 0};
  for (int c = 0; c < 4; ++c) columns[c] = ImGui::CalcTextSize(headers[c]).x;
  for (const EtaRun& r : runs) {
    const std::string cells[] = {fmt_num(r.eta, 6), std::to_string(r.updates), app.tr(r.converged ? "plots.yes" : "plots.no"),
                                 fmt_vec(r.w, 4) + ", " + fmt_num(r.b, 4)};
    for (int c = 0; c < 4; ++c) columns[c] = std::max(columns[c], ImGui::CalcTextSize(cells[c].c_str()).x);
  }
  float table_w = 0;
  for (float c : columns) table_w += c + ImGui::GetStyle().CellPadding.x * 2 + 1;
  const float avail = ImGui::GetContentRegionAvail().x - 8;
  const float w = std::min(avail * 0.6f, std::max(avail * 0.35f, avail - table_w - ImGui::GetStyle().ItemSpacing.x - 2));
  Plot a("etas", app.tr("plots.rates_title"), pal);
  a.x_label = app.tr("plots.epoch");
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
    for (const char* h : headers) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const EtaRun& r : runs) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt_num(r.eta, 6).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(r.updates));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(app.tr(r.converged ? "plots.yes" : "plots.no"));
      ImGui::TableNextColumn();
      ImGui::Text("%s, %s", fmt_vec(r.w, 4).c_str(), fmt_num(r.b, 4).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::EndGroup();
}

// -----------------------------------------------------------------------------
// [SECTION] The VC bound
// -----------------------------------------------------------------------------

// The VC bound against N next to the error measured on 10,000 fresh points of the
// session's generator (core/vc.hpp). The measured curve is computed when the generator
// or the learner changes (not every frame, App::plots.vc), in parts of about 20 ms a frame
// while the tab shows (vc_part: the page never waits for the whole curve); δ only moves
// the bound.

void vc_tab(App& app, float height) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  float delta = static_cast<float>(s.settings().delta);
  const float top = ImGui::GetCursorScreenPos().y;  // the plot takes what the rows above leave
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(app.tr("theory.delta"));
  const float slider_w = std::min(220.0f, std::max(80.0f, ImGui::GetContentRegionAvail().x * 0.4f));
  same_line_or_wrap(slider_w);
  ImGui::SetNextItemWidth(slider_w);
  if (ImGui::SliderFloat("##delta", &delta, 0.001f, 0.5f, "%.3f", ImGuiSliderFlags_Logarithmic) && delta > 0.0f)
    act(app, {"set", "delta", json_number(static_cast<double>(delta))});
  HelpMarker(app.tr("plots.vc_help"));
  if (s.source() != DataSource::Generated) {
    text_wrapped(app.tr("plots.vc_need_generator"));
    return;
  }
  VcCache& cache = app.plots.vc;
  VcSpec spec;
  spec.gen = s.last_generated();
  spec.learner = s.settings().learner;
  spec.delta = s.settings().delta;
  spec.ns = vc_default_sizes();
  spec.max_epochs = 10;  // at most 10 passes per N: the whole curve stays well under a second
  std::string key = spec.gen.kind + " " + std::to_string(spec.gen.d) + " " + json_number(spec.gen.margin) + " " +
                    json_number(spec.gen.noise) + " " + std::to_string(spec.gen.seed);
  for (const auto& kv : s.settings_list())
    if (kv.first != "delta" && kv.first != "speed") key += " " + kv.first + "=" + kv.second;
  if (key != cache.key) {
    cache.key = key;
    (void)vc_begin(spec, cache.run);  // a failure ends the run: run.status
  }
  // A few sizes per frame (about 20 ms of training), the curve growing as they come.
  if (!cache.run.done) vc_part(cache.run, 0.02);
  if (!cache.run.status) {
    text_wrapped(app.msg(cache.run.status));
    return;
  }
  if (!cache.run.done) {
    cache.computing = true;
    const double share = cache.run.share();
    ImGui::ProgressBar(static_cast<float>(share), ImVec2(-1, 0), (fmt_num(100.0 * share, 3) + "%").c_str());
  }
  const double h = static_cast<double>(spec.gen.d) + 1.0;
  std::vector<double> x, bound, test, train;
  for (const VcSample& p : cache.run.curve) {
    x.push_back(std::log10(static_cast<double>(p.n)));
    bound.push_back(vc_bound(static_cast<double>(p.n), h, spec.delta, p.train_error));
    test.push_back(p.test_error);
    train.push_back(p.train_error);
  }
  Plot a("vc", app.trf("plots.vc_title", {{"h", fmt_num(h, 6)}, {"delta", fmt_num(spec.delta, 4)}}), pal);
  a.x_label = app.tr("plots.vc_axis");
  a.line(app.tr("plots.vc_bound"), x, bound, pal.bound, 2.0f);
  a.line(app.tr("plots.vc_test"), x, test, pal.series[1], 2.0f);
  a.line(app.tr("plots.vc_train"), x, train, pal.series[0]);
  const std::size_t n = s.train_set().size();
  if (n > 0) a.marker(std::log10(static_cast<double>(n)), pal.series[2]);
  // (the δ row, and the progress bar while the curve is being computed)
  a.draw(ImVec2(-1, std::max(80.0f, height - (ImGui::GetCursorScreenPos().y - top))));
}

// -----------------------------------------------------------------------------
// [SECTION] The iteration table
// -----------------------------------------------------------------------------

// The iteration table, as textbooks print it: one row per update, the newest at the
// bottom and highlighted, live while training. Rows are rebuilt from the trace when the
// viewed step or the run changes (at most every 0.3 s for long tables; App::plots.iterations).

void refresh_iterations(IterationCache& c, const Session& s, bool running) {
  const Learner& live = s.live_learner();
  const bool same = c.revision == s.revision() && c.viewed == s.viewed_step() && c.last == live.steps() &&
                    c.updates == live.updates() && c.running_b == live.running_b() && c.running_w == live.running_w();
  if (same) return;
  const double now = ImGui::GetTime();
  if (c.rows.size() > 500 && now - c.built_at < 0.3 && c.revision == s.revision() && running) return;
  c.revision = s.revision();
  c.viewed = s.viewed_step();
  c.last = live.steps();
  c.updates = live.updates();
  c.running_b = live.running_b();
  c.running_w = live.running_w();
  c.built_at = now;
  c.rows = s.iteration_table();
  c.cells.clear();
  c.cells.reserve(c.rows.size());
  c.any_chosen = false;
  for (const IterationRow& r : c.rows) {
    c.any_chosen |= r.chosen;
    c.cells.push_back({std::to_string(r.k), "x" + std::to_string(r.index + 1) + (r.chosen ? "*" : ""), fmt_vec(r.x),
                       fmt_label(r.y), fmt_vec(r.w_before), fmt_num(r.b_before), fmt_num(r.score), fmt_vec(r.w_after),
                       fmt_num(r.b_after)});
  }
}

// The iteration tab's buttons: the CSV export, and the student's own choice of the point
// (small sets: one button per point).
void iteration_buttons(App& app) {
  Session& s = app.session;
  Flow row;
  if (app.hooks.save_file && row.button(app.label("plots.iter_export", "iter_export").c_str())) {
    std::string csv, where;
    Status st = s.iteration_csv(csv);
    if (st && !app.hooks.save_file("perceptron-iterations.csv", "text/csv", csv, where))
      st = Status::fail(Msg::ui_save_failed, {{"name", "perceptron-iterations.csv"}, {"reason", where}});
    show_result(app, st, Message(Msg::ui_saved, {{"where", where}}));
  }
  const std::size_t n = s.data().size();
  if (n > 0 && n <= 24 && Trace::chosen_update_supported(s.learner())) {
    ImGui::BeginDisabled(keeps(app, kControlRun));  // an open lesson question: no update of the student's own
    row.text(app.tr("plots.iter_choose"));
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = "x" + std::to_string(i + 1);
      if (row.button((name + "##choose" + name).c_str(), true)) act(app, {"update_on", std::to_string(i)});
    }
    ImGui::EndDisabled();
    HelpMarker(app.tr(app.touch ? "plots.iter_choose_help_touch" : "plots.iter_choose_help"));
  }
}

// How the iteration rows are shown this frame: the column heads, the height, the row of the
// current update (highlighted) and whether new rows bring it into view.
struct IterationView {
  const char* heads[9];
  float height = 0.0f;
  std::size_t current = 0;
  ImU32 highlight = 0;
  bool grew = false;
};

// New rows are followed until the current one is in view (a table that just appeared or
// grew knows its full height a frame later; one scrolled off the page, later).
void followed(IterationCache& cache) {
  if (cache.follow > 0 && ImGui::GetScrollMaxY() > 0.0f) --cache.follow;
}

// The rows as a table (clipped: only the rows in view are drawn).
void iteration_table(IterationCache& cache, const IterationView& v, const float (&widths)[9]) {
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_BordersV | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX;
  if (!ImGui::BeginTable("iterations", 9, flags, ImVec2(0.0f, v.height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (int c = 0; c < 9; ++c) ImGui::TableSetupColumn(v.heads[c], ImGuiTableColumnFlags_WidthFixed, widths[c]);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(cache.rows.size()));
  if (v.grew) clipper.ForceDisplayRangeByIndices(static_cast<int>(v.current), static_cast<int>(v.current) + 1);
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const auto& cells = cache.cells[static_cast<std::size_t>(r)];
      ImGui::TableNextRow();
      if (static_cast<std::size_t>(r) == v.current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, v.highlight);
      for (int c = 0; c < 9; ++c) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cells[static_cast<std::size_t>(c)].c_str());
      }
      if (static_cast<std::size_t>(r) == v.current && v.grew) ImGui::SetScrollHereY(1.0f);  // its bottom in view
    }
  }
  followed(cache);
  ImGui::EndTable();
}

// Too narrow for the columns (a phone, a long language): one wrapped line per update, the
// newest kListRows (the CSV export has them all).
void iteration_list(const App& app, IterationCache& cache, const IterationView& v) {
  constexpr std::size_t kListRows = 200;
  const std::vector<IterationRow>& rows = cache.rows;
  if (ImGui::BeginChild("iterations_list", ImVec2(0.0f, v.height), true)) {
    const std::size_t first = rows.size() > kListRows ? rows.size() - kListRows : 0;
    if (first > 0) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      text_wrapped(app.trf("plots.iter_omitted", {{"k", std::to_string(rows[first].k - 1)}}));
      ImGui::PopStyleColor();
    }
    const char* const* heads = v.heads;
    for (std::size_t r = first; r < rows.size(); ++r) {
      const auto& c = cache.cells[r];
      const std::string line = "k = " + c[0] + ": " + c[1] + " = " + c[2] + ", y = " + c[3] + "; " + heads[4] + " " + c[4] +
                               ", " + heads[5] + " " + c[5] + "; w·x + b = " + c[6] + "; " + heads[7] + " " + c[7] + ", " +
                               heads[8] + " " + c[8];
      const ImVec2 a = ImGui::GetCursorScreenPos();
      ImGui::BeginGroup();
      text_wrapped(line);
      ImGui::EndGroup();
      if (r == v.current) {
        ImGui::GetWindowDrawList()->AddRectFilled(
            a, ImVec2(a.x + ImGui::GetContentRegionAvail().x, ImGui::GetItemRectMax().y), v.highlight);
        if (v.grew) ImGui::SetScrollHereY(1.0f);
      }
    }
    followed(cache);
  }
  ImGui::EndChild();
}

void iterations_tab(App& app, float height) {
  Session& s = app.session;
  IterationCache& cache = app.plots.iterations;
  refresh_iterations(cache, s, s.playing() || app.training);
  const float top = ImGui::GetCursorPosY();
  iteration_buttons(app);
  const std::vector<IterationRow>& rows = cache.rows;
  if (rows.empty()) {
    text_wrapped(app.tr("plots.iter_empty"));
    return;
  }
  if (rows.front().k > 1) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(app.trf("plots.iter_omitted", {{"k", std::to_string(rows.front().k - 1)}}));
    ImGui::PopStyleColor();
  }
  if (cache.any_chosen) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(app.tr("plots.iter_chosen"));
    ImGui::PopStyleColor();
  }
  IterationView v{{"k", app.tr("plots.iter_point"), "x", "y", app.tr("plots.iter_w_before"), app.tr("plots.iter_b_before"), "w·x + b",
                   app.tr("plots.iter_w_after"), app.tr("plots.iter_b_after")}};
  v.height = std::max(ImGui::GetTextLineHeightWithSpacing() * 3.0f, height - (ImGui::GetCursorPosY() - top));
  v.current = rows.size() - 1;  // the update that made the weights shown
  v.highlight = with_alpha(palette(app).step, 0x40);
  if (rows.size() != cache.follow_count) cache.follow = 20;
  cache.follow_count = rows.size();
  v.grew = cache.follow > 0;
  // Column widths from the header and the widest cell; a table when they fit across.
  const ImGuiStyle& st = ImGui::GetStyle();
  float widths[9];
  float total = 0.0f;
  for (int c = 0; c < 9; ++c) {
    widths[c] = ImGui::CalcTextSize(v.heads[c]).x;
    for (const auto& cells : cache.cells) widths[c] = std::max(widths[c], ImGui::CalcTextSize(cells[c].c_str()).x);
    total += widths[c] + st.CellPadding.x * 2.0f + 1.0f;
  }
  if (total + st.ScrollbarSize + 4.0f <= ImGui::GetContentRegionAvail().x) iteration_table(cache, v, widths);
  else iteration_list(app, cache, v);
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The plot tab list and the plots panel
// -----------------------------------------------------------------------------

namespace {
ImGuiTabItemFlags tab_flags(App& app, int tab) {
  if (app.plots.select_tab != tab) return 0;
  app.plots.select_tab = -1;
  return ImGuiTabItemFlags_SetSelected;
}

std::string tab_label(const App& app, const PlotTab& t) { return app.label(t.label_key, (std::string("tab_") + t.name).c_str()); }

// A tab's content, or one line saying it is hidden while a lesson question is open.
void draw_tab(App& app, const PlotTab& t, float height) {
  if (hides(app, t.cues)) hidden_line(app, t.hidden_key);
  else t.draw(app, height);
}
}  // namespace

const std::vector<PlotTab>& plot_tabs() {
  static const std::vector<PlotTab> table = {
      {"mistakes", "plots.tab_mistakes", mistakes_tab, kCueTrace | kCueTheory | kCueCounts, "conceal.trace"},
      {"losses", "plots.tab_losses", losses_tab, kCueLoss | kCueMistakes, "conceal.loss"},
      {"invariants", "plots.tab_invariants", invariants_tab, kCueTheory, "conceal.theory"},
      {"rates", "plots.tab_rates", learning_rates_tab, 0, ""},
      {"iterations", "plots.tab_iterations", iterations_tab, kCueTrace | kCueAlpha, "conceal.trace"},
      {"vc", "plots.tab_vc", vc_tab, kCueVc, "conceal.vc"},
  };
  return table;
}

std::vector<std::string> plot_tab_names() {
  std::vector<std::string> out;
  for (const PlotTab& t : plot_tabs()) out.emplace_back(t.name);
  return out;
}

void plots_panel(App& app) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const std::vector<PlotTab>& tabs = plot_tabs();
  const int kTabs = static_cast<int>(tabs.size());
  PlotsUi& ui = app.plots;
  // The tabs a lesson shows (the `tabs` setting): one hidden is never in front.
  const auto shown = [&](int i) { return ((app.tabs >> i) & 1u) != 0; };
  int first_shown = -1;
  for (int i = kTabs - 1; i >= 0; --i)
    if (shown(i)) first_shown = i;
  if (first_shown < 0) return;
  if (!shown(ui.tab)) ui.tab = first_shown, ui.select_tab = first_shown;
  if (ui.select_tab >= 0 && !shown(ui.select_tab)) ui.select_tab = ui.tab;
  const ImGuiStyle& st = ImGui::GetStyle();
  float needed = 0.0f;
  for (int i = 0; i < kTabs; ++i)
    if (shown(i)) needed += ImGui::CalcTextSize(app.tr(tabs[static_cast<std::size_t>(i)].label_key)).x + st.FramePadding.x * 2 + st.ItemInnerSpacing.x;
  // The tab bar keeps its own selection by the tabs' ids, which hold their labels: after a
  // change of language (the Chinese font arrives after the first frames), as when it comes
  // back after the row of buttons (the window was narrow) or is new, it is told the tab in
  // front, else it would show its first tab.
  const bool tab_bar = needed <= ImGui::GetContentRegionAvail().x;
  const bool new_bar = !ImGui::GetCurrentContext()->TabBars.GetByKey(ImGui::GetCurrentWindow()->GetID("plots"));
  if (tab_bar && (!ui.tab_bar_last || new_bar || app.shown_lang() != ui.lang_last) && ui.select_tab < 0)
    ui.select_tab = ui.tab;
  ui.tab_bar_last = tab_bar;
  ui.lang_last = app.shown_lang();
  if (tab_bar) {
    const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() - 6);
    // ImGui shows a tab asked for from the next frame on (a new tab bar shows its first tab on
    // its first frame): on this frame the tab asked for stays plots.tab.
    const int asked = ui.select_tab;
    if (ImGui::BeginTabBar("plots")) {
      for (int i = 0; i < kTabs; ++i)
        if (shown(i) && ImGui::BeginTabItem(tab_label(app, tabs[static_cast<std::size_t>(i)]).c_str(), nullptr, tab_flags(app, i))) {
          if (asked < 0 || asked == i) ui.tab = i;
          draw_tab(app, tabs[static_cast<std::size_t>(i)], height);
          ImGui::EndTabItem();
        }
      ImGui::EndTabBar();
    }
  } else {
    // Too narrow for the tab names (a phone, a long language): a row of buttons that wraps.
    if (ui.select_tab >= 0) ui.tab = ui.select_tab, ui.select_tab = -1;
    Flow row;
    for (int i = 0; i < kTabs; ++i) {
      if (!shown(i)) continue;
      const PlotTab& t = tabs[static_cast<std::size_t>(i)];
      const bool on = ui.tab == i;
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_TabActive));
      if (row.button(tab_label(app, t).c_str())) act(app, {"set", "plot", t.name});
      if (on) ImGui::PopStyleColor();
    }
    const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - 6);
    draw_tab(app, tabs[static_cast<std::size_t>(std::clamp(ui.tab, 0, kTabs - 1))], height);
  }
  const ImVec2 end = ImGui::GetWindowPos();
  ui.min = {start.x, start.y};
  ui.max = {end.x + ImGui::GetWindowSize().x, end.y + ImGui::GetWindowSize().y};
}

}  // namespace pla::app

// Perceptron Lab app: the control panel: its panels (data, algorithm, run, theory; the
// plots are charts.cpp's), each one function over the session, then the view settings
// (language, text size, theme) and the sharing buttons.
//
// [SECTION] Helpers
// [SECTION] Data panel
// [SECTION] Algorithm panel
// [SECTION] Run panel
// [SECTION] Theory panel
// [SECTION] The panel list and the control panel

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/describe.hpp"  // positives_on_line
#include "app/view3d.hpp"
#include "core/base/json.hpp"
#include "core/data/presets.hpp"
#include "core/data/read/io.hpp"

namespace pla::app {

namespace {

// -----------------------------------------------------------------------------
// [SECTION] Helpers
// -----------------------------------------------------------------------------

// A fold-out explanation whose title wraps (a tree node's own label would run past the edge).
void explain(const App& app, const char* title_key, const char* text_key, const char* id) {
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID((std::string(id) + "/open").c_str());
  ImGui::SetNextItemOpen(store->GetBool(key, false), ImGuiCond_Always);
  const bool open = ImGui::TreeNodeEx(id, ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_AllowItemOverlap, "%s", "");
  bool toggled = ImGui::IsItemToggledOpen();
  ImGui::SameLine();
  text_wrapped(app.tr(title_key));
  toggled |= ImGui::IsItemClicked();
  if (toggled) store->SetBool(key, !store->GetBool(key, false));
  if (open) {
    ImGui::Indent();
    text_wrapped(app.tr(text_key));
    ImGui::Unindent();
  }
}

// The name a menu shows for an item of a name table ("algo.classic", ...), or the name itself.
std::string shown_name(const App& app, const char* area, const std::string& name) {
  const std::string key = std::string(area) + "." + name;
  const char* t = app.tr(key.c_str());
  return t == key ? name : std::string(t);
}

// A combo over a name table; true when the choice changed.
bool name_combo(const App& app, const char* id, const char* area, const std::vector<std::string>& names, std::string& current) {
  bool changed = false;
  if (begin_combo(id, shown_name(app, area, current))) {
    for (const std::string& n : names)
      if (ImGui::Selectable((shown_name(app, area, n) + "##" + n).c_str(), n == current) && n != current) {
        current = n;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

// A rectangle drawn (display pixels), kept for state().message.
void keep_rect(float (&out)[4], ImVec2 from, ImVec2 to) {
  out[0] = from.x, out[1] = from.y, out[2] = to.x, out[3] = to.y;
}

// The message of the last action, where it was caused (App::message_at): drawn once, by the
// panel `section`; the run panel also takes those caused outside a side panel shown.
void message_line(App& app, const char* section) {
  if (app.message.empty()) return;
  bool here = app.message_at == section;
  if (!here && std::strcmp(section, "run") == 0) {
    here = true;
    for (const PanelInfo& p : panel_list())
      if (p.side && app.message_at == p.name && app.panels.*p.shown) here = false;
  }
  if (!here || app.message_shown.times > 0) return;
  const ImVec2 from = ImGui::GetCursorScreenPos();
  ImGui::PushStyleColor(ImGuiCol_Text, app.message_is_error ? palette(app).mistake : palette(app).ok);
  text_wrapped(app.msg(app.message));
  ImGui::PopStyleColor();
  keep_rect(app.message_shown.line, from, ImGui::GetItemRectMax());
  if (ImGui::SmallButton("×##dismiss_message")) app.message = Message();
  app.message_shown.at = section;
  ++app.message_shown.times;
}

// -----------------------------------------------------------------------------
// [SECTION] Data panel
// -----------------------------------------------------------------------------

std::string data_source_name(const App& app) {
  const Session& s = app.session;
  switch (s.source()) {
    case DataSource::Preset: return shown_name(app, "preset", s.preset_name());
    case DataSource::Generated: return app.trf("preset.generated", {{"kind", shown_name(app, "generator", s.last_generated().kind)}});
    case DataSource::Imported: return app.tr("preset.import");
    default: return app.tr("preset.custom");
  }
}

// The generator's form (kind, n, d, margin, noise, seed) and its Generate button.
void generate_form(App& app) {
  if (ImGui::TreeNode("generate", "%s", app.tr("data.generate"))) {
    GenSpec& g = app.gen;
    if (g.kind.empty()) g.kind = "separable";
    if (form_begin("gen_form")) {
      form_row(app.tr("data.kind"));
      name_combo(app, "##kind", "generator", generator_kinds(), g.kind);
      form_row(app.tr("data.n"));
      int n = static_cast<int>(std::min<std::size_t>(g.n, 1000000));
      if (ImGui::InputInt("##n", &n, 10, 1000)) g.n = static_cast<std::size_t>(std::clamp(n, 2, 1000000));
      form_row(app.tr("data.d"), app.tr("data.d_help"));
      ImGui::InputInt("##d", &g.d);
      g.d = std::clamp(g.d, 1, 1000);
      float margin = static_cast<float>(g.margin), noise = static_cast<float>(g.noise);
      form_row(app.tr("data.margin"));
      if (ImGui::SliderFloat("##margin", &margin, 0.0f, 0.5f, "%.3f")) g.margin = margin;
      form_row(app.tr("data.noise"), app.tr("data.gen_help"));
      if (ImGui::SliderFloat("##noise", &noise, 0.0f, 0.5f, "%.3f")) g.noise = noise;
      form_row(app.tr("data.gen_seed"));
      int seed = static_cast<int>(std::min<std::uint64_t>(g.seed, 2147483647u));
      if (ImGui::InputInt("##gen_seed", &seed)) g.seed = static_cast<std::uint64_t>(std::max(seed, 0));
      ImGui::EndTable();
    }
    if (ImGui::Button(app.label("data.generate_button", "generate_go").c_str()))
      act(app, {"generate", g.kind, std::to_string(g.n), std::to_string(g.d), json_number(g.margin),
                json_number(g.noise), std::to_string(g.seed)});
    ImGui::TreePop();
  }
}

// Clear, fit, import (the platform's picker, or a path typed natively) and the exports
// (the data, the trace, PNGs of the canvas and the plots) where the platform can save.
void data_buttons(App& app) {
  const Session& s = app.session;
  Flow buttons;
  if (buttons.button(app.label("data.clear", "clear").c_str())) act(app, {"clear"});
  if (buttons.button(app.label("data.fit", "fit").c_str())) act(app, {"fit"});
  // Import and export.
  if (app.hooks.pick_data_file) {
    if (buttons.button(app.label("data.import", "import").c_str())) app.hooks.pick_data_file();
  } else {
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(app.tr("data.load")).x - ImGui::GetStyle().FramePadding.x * 2 -
                            ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##path", app.tr("data.file"), app.path, sizeof app.path);
    ImGui::SameLine();
    if (ImGui::Button(app.label("data.load", "load").c_str())) {
      std::string text;
      Status st = read_text_file(app.path, text);
      if (st) st = run_command(app, {"import_csv", text, app.path});
      show_result(app, st, Message(Msg::ui_loaded, {{"source", app.path}}));
    }
  }
  Flow files;
  if (app.hooks.save_file) {
    std::string where;
    auto save = [&](const char* name, const char* mime, const Status& made, const std::string& bytes) {
      Status st = made;
      if (st && !app.hooks.save_file(name, mime, bytes, where))
        st = Status::fail(Msg::ui_save_failed, {{"name", name}, {"reason", where}});
      show_result(app, st, Message(Msg::ui_saved, {{"where", where}}));
    };
    if (files.button(app.label("data.save_data", "save_data").c_str()))
      save("perceptron-data.csv", "text/csv", Status::success(), write_csv(s.data()));
    if (files.button(app.label("data.save_trace_csv", "save_trace_csv").c_str())) {
      std::string csv;
      const Status st = s.trace().to_csv(s.train_set(), csv);
      save("perceptron-trace.csv", "text/csv", st, csv);
    }
    if (files.button(app.label("data.save_trace_json", "save_trace_json").c_str())) {
      std::string json;
      const Status st = s.trace().to_json(s.train_set(), json);
      save("perceptron-trace.json", "application/json", st, json);
    }
  }
  if (app.hooks.save_png) {
    if (files.button(app.label("data.canvas_png", "canvas_png").c_str()))
      app.hooks.save_png("perceptron-canvas.png", static_cast<float>(app.view.canvas_min.x), static_cast<float>(app.view.canvas_min.y),
                         static_cast<float>(app.view.canvas_max.x), static_cast<float>(app.view.canvas_max.y));
    if (files.button(app.label("data.plots_png", "plots_png").c_str()))
      app.hooks.save_png("perceptron-plots.png", static_cast<float>(app.plots.min.x), static_cast<float>(app.plots.min.y),
                         static_cast<float>(app.plots.max.x), static_cast<float>(app.plots.max.y));
  }
}

void data_panel(App& app) {
  Session& s = app.session;
  if (form_begin("data_form")) {
    form_row(app.tr("data.preset"));
    if (begin_combo("##preset", data_source_name(app))) {
      for (const std::string& name : preset_names())
        if (ImGui::Selectable((shown_name(app, "preset", name) + "##" + name).c_str(),
                              s.source() == DataSource::Preset && name == s.preset_name()))
          act(app, {"preset", name});
      ImGui::EndCombo();
    }
    ImGui::EndTable();
  }
  generate_form(app);
  Flow adds;
  adds.text(app.tr(app.touch ? "data.tap_adds" : "data.click_adds"));
  if (adds.radio("+1##add_pos", app.input.draw_label > 0)) act(app, {"set", "label", "1"});
  if (adds.radio((fmt_label(-1) + "##add_neg").c_str(), app.input.draw_label < 0)) act(app, {"set", "label", "-1"});
  bool del = app.input.delete_mode;
  if (adds.checkbox(app.label("data.delete", "delete").c_str(), &del)) act(app, {"set", "delete", del ? "true" : "false"});
  HelpMarker(app.tr(app.touch ? "data.edit_help_touch" : "data.edit_help"));

  data_buttons(app);
  const Dataset& ds = s.data();
  text_wrapped(app.trf("data.summary", {{"n", std::to_string(ds.size())}, {"pos", std::to_string(ds.count(1))},
                                                {"neg", std::to_string(ds.count(-1))}, {"d", std::to_string(ds.d)}})
                               );
  if (!s.validation_set().empty())
    text_wrapped(app.trf("data.split", {{"train", std::to_string(s.train_set().size())},
                                                {"validation", std::to_string(s.validation_set().size())}})
                                 );
}

// -----------------------------------------------------------------------------
// [SECTION] Algorithm panel
// -----------------------------------------------------------------------------

// The kernel's rows, for a learner that takes one (its type; a polynomial's degree, an
// RBF's gamma); true when one changed.
bool kernel_rows(const App& app, SessionSettings& cfg) {
  if (!learner_takes(cfg.learner.algo, "kernel")) return false;
  bool changed = false;
  Kernel& k = cfg.learner.kernel;
  setting_row(app, "kernel");
  std::string type = to_string(k.type);
  if (name_combo(app, "##kernel", "kernel", {"linear", "poly", "rbf"}, type)) changed |= parse_kernel_type(type, k.type);
  if (k.type == KernelType::Poly) {
    form_row(app.tr("algo.degree"));
    changed |= ImGui::SliderInt("##degree", &k.degree, 1, 8);
  }
  if (k.type == KernelType::Rbf) {
    form_row(app.tr("algo.rbf_gamma"));
    float g = static_cast<float>(k.gamma);
    if (ImGui::SliderFloat("##rbf_gamma", &g, 0.01f, 20.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) {
      k.gamma = g;
      changed = true;
    }
  }
  return changed;
}

// The stop rules' rows (epochs, updates) and the validation split (with its patience);
// true when one changed.
bool stop_rows(const App& app, SessionSettings& cfg) {
  bool changed = false;
  setting_row(app, "max_epochs");
  int max_epochs = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_epochs, 100000000));
  if (ImGui::InputInt("##max_epochs", &max_epochs) && max_epochs >= 1) {
    cfg.stop.max_epochs = static_cast<std::uint64_t>(max_epochs);
    changed = true;
  }
  setting_row(app, "max_updates");
  int max_updates = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_updates, 1000000000));
  if (ImGui::InputInt("##max_updates", &max_updates) && max_updates >= 0) {
    cfg.stop.max_updates = static_cast<std::uint64_t>(max_updates);
    changed = true;
  }
  setting_row(app, "validation");
  float validation = static_cast<float>(cfg.validation);
  if (ImGui::SliderFloat("##validation", &validation, 0.0f, 0.5f, "%.2f")) {
    cfg.validation = validation;
    changed = true;
  }
  if (cfg.validation > 0.0) {
    setting_row(app, "patience");
    int patience = static_cast<int>(std::min<std::uint64_t>(cfg.stop.patience, 100000));
    if (ImGui::InputInt("##patience", &patience) && patience >= 0) {
      cfg.stop.patience = static_cast<std::uint64_t>(patience);
      changed = true;
    }
  }
  return changed;
}

void algorithm_panel(App& app) {
  Session& s = app.session;
  SessionSettings cfg = s.settings();
  PerceptronConfig& p = cfg.learner.pla;
  bool changed = false;
  if (!form_begin("algo_form")) return;
  setting_row(app, "algo");
  std::string algo = to_string(cfg.learner.algo);
  if (name_combo(app, "##algo", "algo", learner_names(), algo)) changed |= parse_algo(algo, cfg.learner.algo);
  // η on a log slider, snapped to 1, 2 or 5 times a power of ten.
  setting_row(app, "eta");
  float log_eta = static_cast<float>(std::log10(p.eta));
  const std::string eta_text = fmt_num(p.eta, 6);
  if (ImGui::SliderFloat("##eta", &log_eta, -4.0f, 1.0f, eta_text.c_str())) {
    const double raw = std::pow(10.0, static_cast<double>(log_eta));
    const double e = std::pow(10.0, std::floor(std::log10(raw)));
    const double k = raw / e < 1.5 ? 1.0 : raw / e < 3.5 ? 2.0 : raw / e < 7.5 ? 5.0 : 10.0;
    p.eta = k * e;
    changed = true;
  }
  setting_row(app, "order");
  std::string order = to_string(p.order);
  if (name_combo(app, "##order", "order", order_names(), order)) changed |= parse_order(order, p.order);
  setting_row(app, "restart");
  changed |= ImGui::Checkbox("##restart", &p.restart);
  setting_row(app, "init");
  std::string init = to_string(p.init);
  if (name_combo(app, "##init", "init", init_names(), init)) changed |= parse_init(init, p.init);
  setting_row(app, "seed");
  int seed = static_cast<int>(std::min<std::uint64_t>(p.seed, 2147483647u));
  if (ImGui::InputInt("##seed", &seed) && seed >= 0) {
    p.seed = static_cast<std::uint64_t>(seed);
    changed = true;
  }
  if (learner_takes(cfg.learner.algo, "tau")) {
    setting_row(app, "tau");
    float tau = static_cast<float>(p.tau);
    if (ImGui::SliderFloat("##tau", &tau, 0.0f, 10.0f, "%.2f")) {
      p.tau = tau;
      changed = true;
    }
  }
  changed |= kernel_rows(app, cfg);
  setting_row(app, "lift");
  static const char* const lifts[] = {"none", "x1^2,x2^2", "x1,x2,x1^2,x2^2", "poly2", "poly3"};
  const std::string lift_now = cfg.lift.empty() ? "none" : cfg.lift;
  if (begin_combo("##lift", lift_now == "none" ? app.tr("algo.lift_none") : lift_now)) {
    for (const char* name : lifts)
      if (ImGui::Selectable(std::strcmp(name, "none") == 0 ? app.tr("algo.lift_none") : name, lift_now == name)) {
        cfg.lift = std::strcmp(name, "none") == 0 ? "" : name;
        changed = true;
      }
    ImGui::EndCombo();
  }
  changed |= stop_rows(app, cfg);
  ImGui::EndTable();
  // What the widgets changed goes through the command path, one `set KEY VALUE` per
  // setting that differs (the same checks as window.perceptronLab.command).
  if (changed)
    for (const auto& def : session_settings()) {
      const std::string now = setting_text(def, cfg);
      if (now != setting_text(def, s.settings()) && !act(app, {"set", def.key, now})) break;
    }
}

// -----------------------------------------------------------------------------
// [SECTION] Run panel
// -----------------------------------------------------------------------------

std::string percent(double share) { return fmt_num(100.0 * share, 3) + "%"; }

// Beside Train, under the run buttons: the message of a run button, else why a run cannot
// start (the learner refuses these data: the kernel on 20,000 points), said once. True when
// the learner refuses.
bool beside_train(App& app) {
  const Session& s = app.session;
  const int before = app.message_shown.times;
  message_line(app, "run");
  app.message_shown.by_train = app.message_shown.times > before;
  const bool refused = !s.data().empty() && !s.need_data();
  if (!refused || app.message_shown.times > before) return refused;
  const ImVec2 from = ImGui::GetCursorScreenPos();
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
  text_wrapped(app.msg(s.notice()));
  ImGui::PopStyleColor();
  keep_rect(app.message_shown.line, from, ImGui::GetItemRectMax());
  app.message_shown.at = "run";
  app.message_shown.by_train = true;
  return true;
}

void run_panel(App& app) {
  Session& s = app.session;
  // An open lesson question: nothing here may move the lab past it (the speed stays).
  const bool lock = keeps(app, kControlRun);
  if (locked(app)) hidden_line(app, "conceal.locked");
  else if (lock) hidden_line(app, "conceal.kept");
  ImGui::BeginDisabled(lock);
  Flow row;
  if (row.button((std::string(app.tr(s.playing() ? "run.pause" : "run.play")) + "##play").c_str())) act(app, {"toggle_play"});
  if (row.button(app.label("run.step", "step").c_str())) act(app, {"step"});
  if (row.button(app.label("run.next_update", "next_update").c_str())) act(app, {"next_update"});
  if (row.button(app.label("run.epoch", "epoch").c_str())) act(app, {"epoch"});
  if (!app.training) {
    if (row.button(app.label("run.train", "train").c_str())) act(app, {"train_start"});
    keep_rect(app.message_shown.train, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  } else {
    if (row.button(app.label("run.cancel", "train").c_str())) act(app, {"train_cancel"});
  }
  if (row.button(app.label("run.reset", "reset").c_str())) act(app, {"reset"});
  if (row.button(app.label("run.back", "back").c_str())) act(app, {"step_back"});
  ImGui::EndDisabled();
  const bool refused = beside_train(app);
  if (form_begin("run_form")) {
    setting_row(app, "speed");
    float speed = static_cast<float>(s.settings().speed);
    if (ImGui::SliderFloat("##speed", &speed, 1.0f, 1e6f, "%.0f", ImGuiSliderFlags_Logarithmic))
      act(app, {"set", "speed", json_number(static_cast<double>(speed))});
    ImGui::EndTable();
  }
  if (app.training && (app.run.kind == "train" || app.run.kind == "train_start")) {
    const Learner& l = s.live_learner();
    const double limit = static_cast<double>(std::max<std::uint64_t>(1, s.settings().stop.max_epochs));
    const std::string text = app.trf("run.progress", {{"epoch", std::to_string(l.epoch())}, {"limit", fmt_num(limit, 9)}});
    ImGui::ProgressBar(static_cast<float>(static_cast<double>(l.epoch()) / limit), ImVec2(-1, 0), text.c_str());
  } else if (app.training) {
    // An epoch, next_update, compare or a link's step in slices: the share done.
    const double share = static_cast<double>(run_progress(app)["done"].get<std::size_t>()) / 1000.0;
    ImGui::ProgressBar(static_cast<float>(share), ImVec2(-1, 0), percent(share).c_str());
  }

  // The scrubber over the trace.
  const Trace& t = s.trace();
  std::uint64_t lo = t.first_step(), hi = s.live_learner().steps(), at = s.viewed_step();
  if (hi > lo) {
    ImGui::SetNextItemWidth(-1);
    // The slider's text, made here (a translation must never be a printf format: "%" is
    // escaped) and shortened to the slider's width.
    std::string format;
    for (char c : elide(app.trf("run.scrub", {{"step", std::to_string(at)}}),
                        ImGui::CalcItemWidth() - ImGui::GetStyle().FramePadding.x * 2.0f))
      format += c == '%' ? std::string("%%") : std::string(1, c);
    ImGui::BeginDisabled(lock);
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_U64, &at, &lo, &hi, format.c_str())) act(app, {"seek", std::to_string(at)});
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) tooltip(app.tr("run.scrub_tip"));
  }

  const Learner& l = s.learner();
  const Metrics m = s.train_metrics();
  if (hides(app, kCueCounts))
    hidden_line(app, "conceal.counts");
  else
    text_wrapped(app.trf("run.counters", {{"epoch", std::to_string(l.epoch())}, {"step", std::to_string(l.steps())},
                                      {"k", std::to_string(l.updates())}}));
  if (l.linear() && !l.w().empty()) {
    text_wrapped(app.trf("run.weights", {{"w", fmt_vec(l.w(), 6)}, {"b", fmt_num(l.b(), 6)}}));
  } else {
    text_wrapped(app.tr(l.linear() ? "run.no_w" : "run.nonlinear"));
  }
  if (hides(app, kCueLoss | kCueMistakes)) {
    hidden_line(app, "conceal.loss");
  } else {
    text_wrapped(app.trf("run.losses", {{"j1", std::to_string(m.j1)}, {"j", fmt_num(m.j, 6)},
                                    {"accuracy", percent(m.accuracy)}}));
    const std::size_t ties = positives_on_line(m.j1, m.accuracy, s.train_set().size());
    if (ties > 0) {  // why J₁ and the accuracy disagree, said once
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).muted);
      text_wrapped(app.trf("run.on_line", {{"ties", std::to_string(ties)}}));
      ImGui::PopStyleColor();
    }
    if (!s.validation_set().empty())
      text_wrapped(app.trf("run.validation_accuracy", {{"accuracy", percent(accuracy(l, s.validation_set()))}}));
  }
  const StopReason why = s.stop_reason();
  if (why != StopReason::None && hides(app, kCueMistakes)) {
    hidden_line(app, "conceal.mistakes");
  } else if (why != StopReason::None) {
    ImGui::PushStyleColor(ImGuiCol_Text, why == StopReason::Converged ? palette(app).ok : palette(app).mistake);
    text_wrapped(app.trf("run.stopped", {{"reason", shown_name(app, "stop", to_string(why))}}));
    ImGui::PopStyleColor();
  }
  // The session's notice, unless it is the learner's refusal (said beside Train) or the
  // cause of the message shown.
  if (!s.notice().empty() && !refused && !(app.message.cause && app.msg(*app.message.cause) == app.msg(s.notice())))
    text_wrapped(app.msg(s.notice()));
}

// -----------------------------------------------------------------------------
// [SECTION] Theory panel
// -----------------------------------------------------------------------------

// The dual form for small sets: αᵢ per point, the Gram matrix K(xᵢ, xⱼ), and
// w = Σ αᵢηyᵢxᵢ, b = Σ αᵢηyᵢ checked against the learner's hyperplane.
void dual_table(App& app) {
  const Session& s = app.session;
  const Learner& l = s.learner();
  const Dataset& tr_set = s.train_set();
  const std::vector<std::uint64_t>& alpha = l.alpha();
  if (alpha.empty() || alpha.size() != tr_set.size() || tr_set.size() > 12) return;
  ImGui::Separator();
  text_wrapped(app.tr("theory.dual_title"));
  if (hides(app, kCueAlpha)) {
    hidden_line(app, "conceal.alpha");
    return;
  }
  const int n = static_cast<int>(tr_set.size());
  const Kernel kernel = learner_config(s.settings().learner).kernel;  // the linear one for a learner without a kernel
  // As high as its rows plus a sideways scrollbar: a table that scrolls sideways is a child
  // window, which left at height 0 takes what is left of the panel (none at its bottom).
  const float row_h = ImGui::GetTextLineHeight() + 2.0f * ImGui::GetStyle().CellPadding.y + 1.0f;
  const float gram_h = row_h * static_cast<float>(n + 1) + ImGui::GetStyle().ScrollbarSize + 4.0f;
  if (ImGui::BeginTable("gram", n + 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX,
                        ImVec2(0, gram_h))) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("α");
    for (int j = 0; j < n; ++j) ImGui::TableSetupColumn(("x" + std::to_string(j + 1)).c_str());
    ImGui::TableHeadersRow();
    for (int i = 0; i < n; ++i) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(("x" + std::to_string(i + 1)).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(std::to_string(alpha[static_cast<std::size_t>(i)]).c_str());
      for (int j = 0; j < n; ++j) {
        ImGui::TableSetColumnIndex(j + 2);
        ImGui::TextUnformatted(fmt_num(kernel(tr_set.row(static_cast<std::size_t>(i)), tr_set.row(static_cast<std::size_t>(j)), tr_set.d)).c_str());
      }
    }
    ImGui::EndTable();
  }
  if (l.linear() && !l.w().empty()) {
    const double eta = s.settings().learner.pla.eta;
    std::vector<double> w(static_cast<std::size_t>(tr_set.d), 0.0);
    double b = 0.0;
    for (std::size_t i = 0; i < tr_set.size(); ++i) {
      const double c = static_cast<double>(alpha[i]) * eta * tr_set.y[i];
      for (int j = 0; j < tr_set.d; ++j) w[static_cast<std::size_t>(j)] += c * tr_set.row(i)[j];
      b += c;
    }
    text_wrapped(app.trf("theory.dual_check", {{"w", fmt_vec(w)}, {"b", fmt_num(b)}, {"primal_w", fmt_vec(l.w())},
                                           {"primal_b", fmt_num(l.b())}}));
  }
}

void theory_panel(App& app) {
  const Session& s = app.session;
  const MarginResult& r = s.margin();
  const Learner& l = s.learner();
  if (hides(app, kCueTheory)) {
    hidden_line(app, "conceal.theory");
  } else if (!s.margin_ok()) {
    text_wrapped(app.tr("theory.no_margin"));
  } else {
    text_wrapped(app.trf("theory.radius", {{"R", fmt_num(r.R)}, {"R_hat", fmt_num(r.R_aug)}}));
    if (r.separable) {
      text_wrapped(app.trf("theory.gamma", {{"gamma", fmt_num(r.gamma)}, {"gamma_hat", fmt_num(r.gamma_aug)}}));
      const double k = static_cast<double>(l.updates());
      text_wrapped(app.trf("theory.bound", {{"bound", fmt_num(r.bound)}}));
      text_wrapped(app.trf("theory.k_ratio", {{"k", fmt_num(k, 12)}, {"ratio", fmt_num(r.bound > 0 ? k / r.bound : 0.0, 3)}})
                                   );
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).ok);
      text_wrapped(app.tr("theory.separable"));
      ImGui::PopStyleColor();
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
      text_wrapped(app.tr("theory.not_separable"));
      ImGui::PopStyleColor();
      text_wrapped(app.tr("theory.cycles"));
    }
  }
  const Metrics m = s.train_metrics();
  if (!hides(app, kCueTheory)) {
    text_wrapped(app.trf("theory.margin_w", {{"margin", fmt_num(m.geometric_margin)}}));
    HelpMarker(app.tr("theory.margin_w_help"));
  }
  struct Toggle {
    const char* key;
    const char* setting;
    bool on;
  };
  const Toggle toggles[] = {{"theory.hulls", "hull", app.view.show_hull},
                            {"theory.max_margin", "max_margin", app.view.show_max_margin},
                            {"theory.mistakes", "mistakes", app.view.show_mistakes},
                            {"theory.update_picture", "update", app.view.show_update},
                            {"theory.field", "field", app.view.show_field},
                            {"theory.alpha", "alpha", app.view.show_alpha}};
  Flow row;
  for (const Toggle& t : toggles) {
    bool on = t.on;
    if (row.checkbox(app.label(t.key, t.setting).c_str(), &on)) act(app, {"set", t.setting, on ? "true" : "false"});
  }
  HelpMarker(app.tr("theory.alpha_help"));
  // The 3-D view beside the canvas (a session setting: lessons and links show it too).
  if (form_begin("view3d_form")) {
    setting_row(app, "view3d");
    std::string space = to_string(s.settings().view3d);
    if (name_combo(app, "##view3d", "view3d", view3d_names(), space)) act(app, {"set", "view3d", space});
    ImGui::EndTable();
  }

  // The update formula with the current numbers.
  if (s.has_last_step() && s.last_step().index < s.train_set().size() && l.linear()) {
    const std::size_t i = s.last_step().index;
    const Dataset& tr_set = s.train_set();
    const std::vector<double> x(tr_set.row(i), tr_set.row(i) + tr_set.d);
    const int y = tr_set.y[i];
    const double eta = s.settings().learner.pla.eta;
    const std::string score = fmt_num(y * s.last_step().score);
    ImGui::Separator();
    if (s.last_step().mistake) {
      text_wrapped(app.trf("theory.mistake_on", {{"x", fmt_vec(x)}, {"y", fmt_label(y)}, {"score", score}}));
      text_wrapped(app.trf("theory.update_w", {{"w", fmt_vec(s.previous_w())}, {"eta", fmt_num(eta, 6)},
                                                      {"y", fmt_label(y)}, {"x", fmt_vec(x)}, {"new_w", fmt_vec(l.running_w())}})
                                   );
      text_wrapped(app.trf("theory.update_b", {{"b", fmt_num(s.previous_b())}, {"eta", fmt_num(eta, 6)},
                                                      {"y", fmt_label(y)}, {"new_b", fmt_num(l.running_b())}})
                                   );
    } else {
      text_wrapped(app.trf("theory.right", {{"x", fmt_vec(x)}, {"y", fmt_label(y)}, {"score", score}}));
    }
  }
  dual_table(app);
  explain(app, "theory.explain_margin_title", "theory.explain_margin", "explain_margin");
  explain(app, "theory.explain_bound_title", "theory.explain_bound", "explain_bound");
  explain(app, "theory.explain_cycle_title", "theory.explain_cycle", "explain_cycle");
}

void share_buttons(App& app) {
  Flow row;
  row.first = false;
  if (row.button(app.label("help.button", "help").c_str(), true)) act(app, {"set", "help", app.show_help ? "false" : "true"});
  if (app.hooks.copy_link) {
    if (row.button(app.label("share.copy_link", "copy_link").c_str(), true)) app.hooks.copy_link(encode_query(link_params(app)));
    if (ImGui::IsItemHovered()) tooltip(app.trf("share.copy_link_tip", {{"max", std::to_string(kMaxLinkPoints)}}));
  }
  if (row.button(app.label("share.link_maker", "link_maker").c_str(), true)) app.maker.open = !app.maker.open;
  if (row.button(app.label("share.course", "course_maker").c_str(), true)) course_maker_open(app);
  if (ImGui::IsItemHovered()) tooltip(app.tr("share.course_tip"));
  // The teacher's studio (studio_panel.cpp), also the key S and studio_open.
  if (row.button(app.label("studio.open", "studio_open").c_str(), true))
    act(app, {app.studio.studio.is_open() ? "studio_close" : "studio_open"});
  if (app.hooks.reset_to_lesson) {
    if (row.button(app.label("share.reset", "reset_lesson").c_str(), true)) app.hooks.reset_to_lesson();
    if (ImGui::IsItemHovered()) tooltip(app.tr("share.reset_tip"));
  }
}

// Language, text size and theme: the view settings a teacher sets for a class.
void view_settings(App& app) {
  if (!form_begin("view_form")) return;
  form_row(app.tr("app.language"));
  std::string lang = app.lang;
  if (language_combo(app, "##lang", lang)) act(app, {"set", "lang", lang});
  form_row(app.tr("app.text_size"));
  float scale = static_cast<float>(app.font_scale);
  if (ImGui::SliderFloat("##font_scale", &scale, 0.75f, 2.5f, "%.2f×"))
    act(app, {"set", "font_scale", json_number(std::round(static_cast<double>(scale) * 20.0) / 20.0)});
  form_row(app.tr("app.theme"));
  std::string theme = theme_info(app.theme).name;
  if (name_combo(app, "##theme", "theme", theme_names(), theme)) act(app, {"set", "theme", theme});
  ImGui::EndTable();
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The panel list and the control panel
// -----------------------------------------------------------------------------

const std::vector<PanelInfo>& panel_list() {
  static const std::vector<PanelInfo> table = {
      {"data", "panel.data", &PanelFlags::data, data_panel, true},
      {"algorithm", "panel.algorithm", &PanelFlags::algorithm, algorithm_panel, true},
      {"run", "panel.run", &PanelFlags::run, run_panel, true},
      {"theory", "panel.theory", &PanelFlags::theory, theory_panel, true},
      {"plots", "panel.plots", &PanelFlags::plots, plots_panel, false},
  };
  return table;
}

void control_panel(App& app) {
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  // An error goes away once the data or the settings changed (it may no longer hold).
  if (app.message_is_error && !app.message.empty() && app.session.revision() != app.message_revision)
    app.message = Message();
  app.message_shown = App::MessageShown();
  lessons_button(app, true);  // the course's lessons (lessons_menu.cpp)
  if (app.lesson.active() && ImGui::CollapsingHeader(app.label("lesson.header", "lesson").c_str(), open)) lesson_panel(app);
  for (const PanelInfo& p : panel_list())
    if (p.side && app.panels.*p.shown && ImGui::CollapsingHeader(app.label(p.label_key, p.name).c_str(), open)) {
      // The data and the algorithm change the run: locked while a lesson question is open, or
      // kept from the student by the lesson.
      const bool lock = (p.draw == data_panel && keeps(app, kControlData)) || (p.draw == algorithm_panel && keeps(app, kControlSettings));
      if (lock) hidden_line(app, locked(app) ? "conceal.locked" : "conceal.kept");
      ImGui::BeginDisabled(lock);
      app.ui_section = p.name;  // an action's message goes beside it (message_line)
      p.draw(app);
      if (p.draw != run_panel) message_line(app, p.name);
      app.ui_section.clear();
      ImGui::EndDisabled();
    }
  view_settings(app);
  share_buttons(app);
}

}  // namespace pla::app

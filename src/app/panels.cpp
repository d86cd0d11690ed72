// Perceptron Lab app: the control panel and the small overlays.
//
// [SECTION] Helpers
// [SECTION] Data panel
// [SECTION] Algorithm panel
// [SECTION] Run panel
// [SECTION] Theory panel
// [SECTION] Keyboard and help

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/io.hpp"
#include "core/json.hpp"
#include "core/presets.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Helpers
// -----------------------------------------------------------------------------

void HelpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void show_result(App& app, const Status& st, const std::string& ok_message) {
  if (!st) {
    app.message = st.error;
    app.message_is_error = true;
  } else if (!ok_message.empty()) {
    app.message = ok_message;
    app.message_is_error = false;
  }
  app.field.step = ~0ull;  // the hypothesis may have changed
}

namespace {

void explain(const char* title, const char* text) {
  if (ImGui::TreeNode(title)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
}

// -----------------------------------------------------------------------------
// [SECTION] Data panel
// -----------------------------------------------------------------------------

void data_panel(App& app) {
  Session& s = app.session;
  const std::string current = s.preset();
  if (ImGui::BeginCombo("preset", current.c_str())) {
    for (const std::string& name : preset_names()) {
      if (ImGui::Selectable(name.c_str(), name == current)) act(app, {"preset", name});
    }
    ImGui::EndCombo();
  }
  if (ImGui::TreeNode("Generate")) {
    GenSpec& g = app.gen;
    if (g.kind.empty()) g.kind = "separable";
    if (ImGui::BeginCombo("kind", g.kind.c_str())) {
      for (const std::string& k : generator_kinds())
        if (ImGui::Selectable(k.c_str(), k == g.kind)) g.kind = k;
      ImGui::EndCombo();
    }
    int n = static_cast<int>(std::min<std::size_t>(g.n, 1000000));
    if (ImGui::InputInt("N", &n, 10, 1000)) g.n = static_cast<std::size_t>(std::clamp(n, 2, 1000000));
    ImGui::InputInt("d", &g.d);
    g.d = std::clamp(g.d, 1, 1000);
    HelpMarker("Dimension. For d > 2 the canvas shows the first two features.");
    float margin = static_cast<float>(g.margin), noise = static_cast<float>(g.noise);
    if (ImGui::SliderFloat("margin", &margin, 0.0f, 0.5f, "%.3f")) g.margin = margin;
    if (ImGui::SliderFloat("noise", &noise, 0.0f, 0.5f, "%.3f")) g.noise = noise;
    HelpMarker("separable / noisy: margin around the hidden plane; noisy: share of flipped labels; "
               "xor, circles, moons, blobs: noise is the jitter.");
    int seed = static_cast<int>(std::min<std::uint64_t>(g.seed, 2147483647u));
    if (ImGui::InputInt("gen seed", &seed)) g.seed = static_cast<std::uint64_t>(std::max(seed, 0));
    if (ImGui::Button("Generate"))
      act(app, {"generate", g.kind, std::to_string(g.n), std::to_string(g.d), json_number(g.margin),
                json_number(g.noise), std::to_string(g.seed)});
    ImGui::TreePop();
  }
  ImGui::TextUnformatted("click adds:");
  ImGui::SameLine();
  ImGui::RadioButton("+1", &app.draw_label, 1);
  ImGui::SameLine();
  ImGui::RadioButton("-1", &app.draw_label, -1);
  ImGui::SameLine();
  ImGui::Checkbox("delete", &app.delete_mode);
  HelpMarker("Click on empty space adds a point of the selected class; right click or Shift+click adds the other "
             "class. Drag a point to move it; drag empty space (or the middle button) to pan; the wheel zooms. "
             "With 'delete' on, a click removes a point. Every edit restarts the training trace.");
  if (ImGui::Button("Clear")) act(app, {"clear"});
  ImGui::SameLine();
  if (ImGui::Button("Fit view")) act(app, {"fit"});

  // Import and export.
  if (app.hooks.pick_data_file) {
    if (ImGui::Button("Import CSV...")) app.hooks.pick_data_file();
  } else {
    ImGui::InputText("file", app.path, sizeof app.path);
    ImGui::SameLine();
    if (ImGui::Button("Load")) {
      std::string text;
      Status st = read_text_file(app.path, text);
      if (st) st = run_command(app, {"import_csv", text, app.path});
      show_result(app, st, st ? "loaded " + std::string(app.path) : "");
    }
  }
  if (app.hooks.save_file) {
    std::string where;
    if (ImGui::Button("Data CSV")) {
      const bool ok = app.hooks.save_file("perceptron-data.csv", "text/csv", write_csv(s.data()), where);
      show_result(app, ok ? Status::success() : Status::fail(Msg::ui_save_failed, {{"name", "perceptron-data.csv"}, {"reason", where}}),
                  "saved " + where);
    }
    ImGui::SameLine();
    if (ImGui::Button("Trace CSV")) {
      std::string csv;
      Status st = s.trace().to_csv(s.train_set(), csv);
      if (st && !app.hooks.save_file("perceptron-trace.csv", "text/csv", csv, where)) st = Status::fail(Msg::ui_save_failed, {{"name", "perceptron-trace.csv"}, {"reason", where}});
      show_result(app, st, "saved " + where);
    }
    ImGui::SameLine();
    if (ImGui::Button("Trace JSON")) {
      std::string json;
      Status st = s.trace().to_json(s.train_set(), json);
      if (st && !app.hooks.save_file("perceptron-trace.json", "application/json", json, where)) st = Status::fail(Msg::ui_save_failed, {{"name", "perceptron-trace.json"}, {"reason", where}});
      show_result(app, st, "saved " + where);
    }
  }
  if (app.hooks.save_png) {
    if (ImGui::Button("Canvas PNG"))
      app.hooks.save_png("perceptron-canvas.png", static_cast<float>(app.canvas_min.x), static_cast<float>(app.canvas_min.y),
                         static_cast<float>(app.canvas_max.x), static_cast<float>(app.canvas_max.y));
    ImGui::SameLine();
    if (ImGui::Button("Plots PNG"))
      app.hooks.save_png("perceptron-plots.png", static_cast<float>(app.plots_min.x), static_cast<float>(app.plots_min.y),
                         static_cast<float>(app.plots_max.x), static_cast<float>(app.plots_max.y));
  }
  const Dataset& ds = s.data();
  ImGui::Text("N = %zu (+1: %zu, -1: %zu), d = %d", ds.size(), ds.count(1), ds.count(-1), ds.d);
  if (!s.validation_set().empty())
    ImGui::Text("train %zu, validation %zu (hollow marks)", s.train_set().size(), s.validation_set().size());
}

// -----------------------------------------------------------------------------
// [SECTION] Algorithm panel
// -----------------------------------------------------------------------------

void algorithm_panel(App& app) {
  Session& s = app.session;
  SessionSettings cfg = s.settings();
  PerceptronConfig& p = cfg.learner.pla;
  bool changed = false;
  if (ImGui::BeginCombo("algorithm", to_string(cfg.learner.algo))) {
    for (const std::string& name : learner_names())
      if (ImGui::Selectable(name.c_str(), name == to_string(cfg.learner.algo))) changed |= parse_algo(name, cfg.learner.algo);
    ImGui::EndCombo();
  }
  HelpMarker("classic: the PLA. pocket: keeps the weights with the fewest training mistakes. averaged: predicts with "
             "the mean of all weights. voted: weighted vote of every weight vector. batch: one update per epoch "
             "from all mistakes. margin: updates while y f(x) <= tau. dual: alpha_i per point (Gram matrix). "
             "kernel: the dual with a polynomial or RBF kernel.");
  // eta on a log slider, snapped to 1, 2 or 5 times a power of ten.
  float log_eta = static_cast<float>(std::log10(p.eta));
  char eta_label[32];
  std::snprintf(eta_label, sizeof eta_label, "%g", p.eta);
  if (ImGui::SliderFloat("eta", &log_eta, -4.0f, 1.0f, eta_label)) {
    const double raw = std::pow(10.0, static_cast<double>(log_eta));
    const double e = std::pow(10.0, std::floor(std::log10(raw)));
    const double k = raw / e < 1.5 ? 1.0 : raw / e < 3.5 ? 2.0 : raw / e < 7.5 ? 5.0 : 10.0;
    p.eta = k * e;
    changed = true;
  }
  HelpMarker("Learning rate: on a mistake w <- w + eta * y * x and b <- b + eta * y. From w = 0 the classic "
             "perceptron makes the same mistakes for every eta in exact arithmetic (w just scales); in floating "
             "point an eta that is not a power of two can round an exact tie w.x + b = 0 differently.");
  int order = static_cast<int>(p.order);
  if (ImGui::Combo("order", &order, "cyclic\0shuffle\0random\0")) {
    p.order = static_cast<Order>(order);
    changed = true;
  }
  changed |= ImGui::Checkbox("restart after a mistake", &p.restart);
  HelpMarker("The textbook rule: after each update, start again from the first point.");
  int init = static_cast<int>(p.init);
  if (ImGui::Combo("start", &init, "zero\0random\0")) {
    p.init = static_cast<Init>(init);
    changed = true;
  }
  int seed = static_cast<int>(std::min<std::uint64_t>(p.seed, 2147483647u));
  if (ImGui::InputInt("seed", &seed) && seed >= 0) {
    p.seed = static_cast<std::uint64_t>(seed);
    changed = true;
  }
  if (cfg.learner.algo == Algo::Margin) {
    float tau = static_cast<float>(p.tau);
    if (ImGui::SliderFloat("tau", &tau, 0.0f, 10.0f, "%.2f")) {
      p.tau = tau;
      changed = true;
    }
  }
  if (cfg.learner.algo == Algo::Kernel) {
    Kernel& k = cfg.learner.kernel;
    int type = static_cast<int>(k.type);
    if (ImGui::Combo("kernel", &type, "linear\0poly\0rbf\0")) {
      k.type = static_cast<KernelType>(type);
      changed = true;
    }
    if (k.type == KernelType::Poly) changed |= ImGui::SliderInt("degree", &k.degree, 1, 8);
    if (k.type == KernelType::Rbf) {
      float g = static_cast<float>(k.gamma);
      if (ImGui::SliderFloat("rbf gamma", &g, 0.01f, 20.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) {
        k.gamma = g;
        changed = true;
      }
    }
  }
  static const char* lifts[] = {"none", "x1^2,x2^2", "x1,x2,x1^2,x2^2", "poly2", "poly3"};
  const std::string lift_now = cfg.lift.empty() ? "none" : cfg.lift;
  if (ImGui::BeginCombo("lift", lift_now.c_str())) {
    for (const char* name : lifts)
      if (ImGui::Selectable(name, lift_now == name)) {
        cfg.lift = std::strcmp(name, "none") == 0 ? "" : name;
        changed = true;
      }
    ImGui::EndCombo();
  }
  HelpMarker("Feature lifting: train a linear perceptron on phi(x) (e.g. x1^2, x2^2): the line in feature space is a "
             "curve in the plane, so rings and other non-linear shapes become separable.");
  int max_epochs = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_epochs, 100000000));
  if (ImGui::InputInt("max epochs", &max_epochs) && max_epochs >= 1) {
    cfg.stop.max_epochs = static_cast<std::uint64_t>(max_epochs);
    changed = true;
  }
  int max_updates = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_updates, 1000000000));
  if (ImGui::InputInt("max updates", &max_updates) && max_updates >= 0) {
    cfg.stop.max_updates = static_cast<std::uint64_t>(max_updates);
    changed = true;
  }
  HelpMarker("Stop after this many updates (0: no limit).");
  float validation = static_cast<float>(cfg.validation);
  if (ImGui::SliderFloat("validation", &validation, 0.0f, 0.5f, "%.2f")) {
    cfg.validation = validation;
    changed = true;
  }
  if (cfg.validation > 0.0) {
    int patience = static_cast<int>(std::min<std::uint64_t>(cfg.stop.patience, 100000));
    if (ImGui::InputInt("patience", &patience) && patience >= 0) {
      cfg.stop.patience = static_cast<std::uint64_t>(patience);
      changed = true;
    }
    HelpMarker("Early stopping: Train stops after this many epochs without fewer validation mistakes, and goes back "
               "to the best weights. 0: off.");
  }
  if (changed) show_result(app, s.configure(cfg));
}

// -----------------------------------------------------------------------------
// [SECTION] Run panel
// -----------------------------------------------------------------------------

void run_panel(App& app) {
  Session& s = app.session;
  if (ImGui::Button(s.playing() ? "Pause" : "Play", ImVec2(60, 0))) act(app, {"toggle_play"});
  ImGui::SameLine();
  if (ImGui::Button("Step")) act(app, {"step"});
  ImGui::SameLine();
  if (ImGui::Button("Next update")) act(app, {"next_update"});
  ImGui::SameLine();
  if (ImGui::Button("Epoch")) act(app, {"epoch"});
  if (!app.training) {
    if (ImGui::Button("Train to the end")) act(app, {"train_start"});
  } else {
    if (ImGui::Button("Cancel")) act(app, {"train_cancel"});
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset")) act(app, {"reset"});
  ImGui::SameLine();
  if (ImGui::Button("Back")) act(app, {"step_back"});
  float speed = static_cast<float>(s.settings().speed);
  if (ImGui::SliderFloat("steps/s", &speed, 1.0f, 1e6f, "%.0f", ImGuiSliderFlags_Logarithmic))
    act(app, {"set", "speed", json_number(static_cast<double>(speed))});
  if (app.training) {
    const Learner& l = s.live_learner();
    const double limit = static_cast<double>(std::max<std::uint64_t>(1, s.settings().stop.max_epochs));
    char buf[64];
    std::snprintf(buf, sizeof buf, "epoch %llu / %.0f", static_cast<unsigned long long>(l.epoch()), limit);
    ImGui::ProgressBar(static_cast<float>(static_cast<double>(l.epoch()) / limit), ImVec2(-1, 0), buf);
  }

  // The scrubber over the trace.
  const Trace& t = s.trace();
  std::uint64_t lo = t.first_step(), hi = s.live_learner().steps(), at = s.viewed_step();
  if (hi > lo) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_U64, &at, &lo, &hi, "step %llu")) act(app, {"seek", std::to_string(at)});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag back to any earlier step: canvas, plots and numbers follow.");
  }

  const Learner& l = s.learner();
  const Metrics m = s.train_metrics();
  ImGui::Text("epoch %llu   step %llu   updates k = %llu", static_cast<unsigned long long>(l.epoch()),
              static_cast<unsigned long long>(l.steps()), static_cast<unsigned long long>(l.updates()));
  if (l.linear() && !l.w().empty()) {
    ImGui::TextWrapped("w = %s,  b = %s", fmt_vec(l.w(), 6).c_str(), fmt_num(l.b(), 6).c_str());
  } else {
    ImGui::TextUnformatted(l.linear() ? "w: (none)" : "non-linear hypothesis (kernel or vote)");
  }
  ImGui::Text("J1 = %zu mistakes   J = %.6g   accuracy %.1f%%", m.j1, m.j, 100.0 * m.accuracy);
  if (!s.validation_set().empty()) ImGui::Text("validation accuracy %.1f%%", 100.0 * accuracy(l, s.validation_set()));
  const StopReason why = s.stop_reason();
  if (why != StopReason::None)
    ImGui::TextColored(ImColor(why == StopReason::Converged ? palette(app).ok : palette(app).mistake), "stopped: %s", to_string(why));
  if (!s.notice().empty()) ImGui::TextWrapped("%s", s.notice().english().c_str());
  if (!app.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, app.message_is_error ? palette(app).mistake : palette(app).ok);
    ImGui::TextWrapped("%s", app.message.c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) app.message.clear();
  }
}

// -----------------------------------------------------------------------------
// [SECTION] Theory panel
// -----------------------------------------------------------------------------

void theory_panel(App& app) {
  const Session& s = app.session;
  const MarginResult& r = s.margin();
  const Learner& l = s.learner();
  if (!s.margin_ok()) {
    ImGui::TextUnformatted("margin: not computed for this data");
  } else {
    ImGui::Text("R = %.4g   R_aug = %.4g", r.R, r.R_aug);
    if (r.separable) {
      ImGui::Text("gamma = %.4g   gamma_aug = %.4g", r.gamma, r.gamma_aug);
      const double k = static_cast<double>(l.updates());
      ImGui::Text("bound (R_aug/gamma_aug)^2 = %.4g", r.bound);
      ImGui::Text("k = %.0f   k / bound = %.3f", k, r.bound > 0 ? k / r.bound : 0.0);
      ImGui::TextColored(ImColor(palette(app).ok), "separable%s%s", r.reason.empty() ? "" : ": ", r.reason.c_str());
    } else {
      ImGui::TextColored(ImColor(palette(app).mistake), "not separable: %s", r.reason.c_str());
      ImGui::TextWrapped("The classic perceptron never converges here; pocket or batch keep the best weights.");
    }
  }
  const Metrics m = s.train_metrics();
  ImGui::Text("margin of the current w: %.4g", m.geometric_margin);
  HelpMarker("min_i y_i (w.x_i + b) / ||w||: negative while some point is on the wrong side.");
  ImGui::Checkbox("hulls", &app.show_hull);
  ImGui::SameLine();
  ImGui::Checkbox("max-margin", &app.show_max_margin);
  ImGui::SameLine();
  ImGui::Checkbox("mistakes", &app.show_mistakes);
  ImGui::Checkbox("update picture", &app.show_update);
  ImGui::SameLine();
  ImGui::Checkbox("field", &app.show_field);
  ImGui::SameLine();
  ImGui::Checkbox("alpha size", &app.show_alpha);
  HelpMarker("Dual and kernel forms: each point is drawn with a size growing with alpha_i, the number of updates it "
             "caused.");

  // The update formula with the current numbers.
  if (s.has_last_step() && s.last_step().index < s.train_set().size() && l.linear()) {
    const std::size_t i = s.last_step().index;
    const Dataset& tr = s.train_set();
    const std::vector<double> x(tr.row(i), tr.row(i) + tr.d);
    const int y = tr.y[i];
    const double eta = s.settings().learner.pla.eta;
    ImGui::Separator();
    if (s.last_step().mistake) {
      ImGui::TextWrapped("mistake on x = %s, y = %s:  y f(x) = %s <= 0", fmt_vec(x).c_str(), fmt_label(y).c_str(),
                         fmt_num(y * s.last_step().score).c_str());
      ImGui::TextWrapped("w <- %s + %g * (%+d) * %s = %s", fmt_vec(s.previous_w()).c_str(), eta, y,
                         fmt_vec(x).c_str(), fmt_vec(l.running_w()).c_str());
      ImGui::TextWrapped("b <- %.4g + %g * (%+d) = %.4g", s.previous_b(), eta, y, l.running_b());
    } else {
      ImGui::TextWrapped("x = %s, y = %+d is right: y f(x) = %.4g > 0, no update", fmt_vec(x).c_str(), y,
                         y * s.last_step().score);
    }
  }
  explain("What is the margin?",
          "The margin gamma of a separating line is the distance from the line to the closest point. The best line "
          "(w*, b*) maximises it: gamma is half the distance between the convex hulls of the two classes. In the "
          "augmented space x~ = (x, 1), gamma_aug is the margin of a plane through the origin; R_aug = max ||x~||.");
  explain("Why does the bound hold?",
          "Let u be the unit max-margin vector in augmented space. Each update adds eta*y*x~ to w, so w.u grows by "
          "at least eta*gamma_aug: w_k.u >= k*eta*gamma_aug. An update happens only when y w.x~ <= 0, so "
          "||w||^2 grows by at most eta^2*R_aug^2: ||w_k||^2 <= k*eta^2*R_aug^2. Since w_k.u <= ||w_k||, "
          "k*eta*gamma_aug <= sqrt(k)*eta*R_aug, hence k <= (R_aug/gamma_aug)^2 (Novikoff).");
  explain("Why does it cycle on non-separable data?",
          "If no line separates the classes, every w misclassifies some point, so every epoch makes an update and "
          "the weights never settle: the perceptron cycles (its weights stay bounded but never converge). The "
          "pocket algorithm keeps the best weights seen; batch and averaged versions smooth the updates.");
}

void share_buttons(App& app) {
  if (app.hooks.copy_link) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Copy link")) app.hooks.copy_link(encode_query(link_params(app)));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A link that reopens exactly this lesson: data (up to %zu drawn points), settings and step.",
                        kMaxLinkPoints);
  }
  if (app.hooks.reset_to_lesson) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset to lesson")) app.hooks.reset_to_lesson();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Forget the saved work and reload the lesson this page was opened with.");
  }
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] Keyboard and help
// -----------------------------------------------------------------------------

void keyboard(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) act(app, {"toggle_play"});
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) act(app, {"step"});
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) act(app, {"step_back"});
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) act(app, {"set", "help", "false"});
  for (ImWchar c : io.InputQueueCharacters) {
    switch (c) {
      case 'e': case 'E': act(app, {"epoch"}); break;
      case 'r': case 'R': act(app, {"reset"}); break;
      case 'n': case 'N': act(app, {"next_update"}); break;
      case 'f': case 'F': act(app, {"fit"}); break;
      case 'h': case 'H': case '?': act(app, {"set", "help", app.show_help ? "false" : "true"}); break;
      default: break;
    }
  }
}

void help_overlay(App& app) {
  if (!app.show_help) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.4f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.95f);
  if (ImGui::Begin("Keyboard", &app.show_help,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    static const char* keys[][2] = {{"Space", "play / pause"},      {"Right", "one step"},
                                    {"Left", "one step back"},      {"N", "to the next update"},
                                    {"E", "one epoch"},             {"R", "reset the training"},
                                    {"F", "fit the view to the data"}, {"H or ?", "this help"},
                                    {"Esc", "close this help"}};
    for (const auto& k : keys) {
      ImGui::TextColored(ImColor(palette(app).pos), "%-8s", k[0]);
      ImGui::SameLine(90);
      ImGui::TextUnformatted(k[1]);
    }
    ImGui::Separator();
    ImGui::TextUnformatted("Mouse: click adds a point, right click the other class,\n"
                           "drag a point to move it, drag space to pan, wheel to zoom.");
  }
  ImGui::End();
}

void control_panel(App& app) {
  ImGui::PushItemWidth(-110);
  if (app.panel_data && ImGui::CollapsingHeader("Data", ImGuiTreeNodeFlags_DefaultOpen)) data_panel(app);
  if (app.panel_algorithm && ImGui::CollapsingHeader("Algorithm", ImGuiTreeNodeFlags_DefaultOpen)) algorithm_panel(app);
  if (app.panel_run && ImGui::CollapsingHeader("Run", ImGuiTreeNodeFlags_DefaultOpen)) run_panel(app);
  if (app.panel_theory && ImGui::CollapsingHeader("Theory", ImGuiTreeNodeFlags_DefaultOpen)) theory_panel(app);
  ImGui::PopItemWidth();
  if (ImGui::SmallButton("Keyboard help (H)")) act(app, {"set", "help", app.show_help ? "false" : "true"});
  share_buttons(app);
}

void embed_strip(App& app) {
  Session& s = app.session;
  if (ImGui::SmallButton(s.playing() ? "Pause" : "Play")) act(app, {"toggle_play"});
  ImGui::SameLine();
  if (ImGui::SmallButton("Step")) act(app, {"step"});
  ImGui::SameLine();
  if (ImGui::SmallButton("Epoch")) act(app, {"epoch"});
  ImGui::SameLine();
  if (ImGui::SmallButton("Reset")) act(app, {"reset"});
  ImGui::SameLine();
  const Learner& l = s.learner();
  ImGui::Text("k=%llu J1=%zu%s", static_cast<unsigned long long>(l.updates()), s.train_mistakes(),
              l.converged() ? " converged" : "");
}

void notices_bar(App& app) {
  ImGui::PushTextWrapPos(ImGui::GetMainViewport()->WorkSize.x * 0.6f);
  for (const std::string& n : app.notices) ImGui::TextColored(ImColor(palette(app).mistake), "%s", n.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::SmallButton("Dismiss")) app.notices.clear();
}

}  // namespace pla::app

// Perceptron Lab app: the control panel and the small overlays.
//
// [SECTION] Helpers
// [SECTION] Data panel
// [SECTION] Algorithm panel
// [SECTION] Run panel
// [SECTION] Theory panel
// [SECTION] Keyboard and help
// [SECTION] The panel list, the control panel, the embed strip and the notices

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/view3d.hpp"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "app/i18n.hpp"
#include "core/data/read/io.hpp"
#include "core/base/json.hpp"
#include "core/data/presets.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Helpers
// -----------------------------------------------------------------------------

float tooltip_wrap_width() {
  const ImGuiStyle& st = ImGui::GetStyle();
  return std::max(40.0f, std::min(ImGui::GetFontSize() * 28.0f,
                                   ImGui::GetMainViewport()->WorkSize.x - 2.0f * st.WindowPadding.x - 2.0f * st.DisplaySafeAreaPadding.x - 8.0f));
}

namespace {
bool breaks_around(unsigned c) { return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF); }
}  // namespace

std::vector<std::string> wrap_lines(const std::string& text, float width) {
  std::vector<std::string> lines;
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  const char* p = text.c_str();
  const char* const end = p + text.size();
  while (p <= end) {
    const char* q = p;
    const char* brk = nullptr;  // the last place this line may end
    float w = 0.0f;
    unsigned prev = 0;
    bool newline = false;
    while (q < end) {
      unsigned int c = 0;
      const int n = ImTextCharFromUtf8(&c, q, end);
      if (n <= 0) break;
      if (c == '\n') {
        newline = true;
        break;
      }
      if (breaks_around(c) && q > p && !(prev == ' ')) brk = q;  // before a Han character
      const float cw = font->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
      if (w + cw > width && q > p && c != ' ') break;
      w += cw;
      q += n;
      if (c == ' ' || breaks_around(c)) brk = q;  // after a space or a Han character
      prev = c;
    }
    const char* stop = q;
    if (q < end && !newline && brk && brk > p) stop = brk;  // the line is full: end at the last break
    std::string line(p, stop);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    p = stop;
    if (p < end && *p == '\n') ++p;
    else if (p >= end) break;
    while (p < end && *p == ' ') ++p;
  }
  return lines;
}

void text_wrapped(const std::string& text, float width) {
  // What is left of the line; inside an auto-sized window (a tooltip, a popup) that is
  // last frame's width, so such windows pass their width.
  if (width <= 0.0f) width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const std::vector<std::string> lines = wrap_lines(text, width);
  // The lines of one paragraph at the font's line height; the usual spacing after it.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) ImGui::TextUnformatted(lines[i].c_str());
  ImGui::PopStyleVar();
  if (!lines.empty()) ImGui::TextUnformatted(lines.back().c_str());
}

void tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  text_wrapped(text, tooltip_wrap_width());
  ImGui::EndTooltip();
}

void hidden_line(const char* key) { text_wrapped(tr(key)); }

void HelpMarker(const char* text) {
  same_line_or_wrap(ImGui::CalcTextSize("(?)").x);
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered() || (ImGui::IsItemFocused() && ImGui::GetIO().NavVisible)) tooltip(text);
}

bool begin_combo(const char* id, const std::string& preview) {
  // A preview longer than the box ends in "…" (the list shows it whole, and a tooltip).
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2.0f;
  const std::string shown = elide(preview, room);
  const bool open = ImGui::BeginCombo(id, shown.c_str());
  if (!open && shown != preview && ImGui::IsItemHovered()) tooltip(preview);
  return open;
}

bool begin_dialog(const char* title_key, const char* id, float width_em, bool* open) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // A fixed width (the height follows the content, up to 90% of the window, then scrolls).
  const float width = std::min(vp->WorkSize.x * 0.94f, ImGui::GetFontSize() * width_em);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, vp->WorkSize.y * 0.9f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  const std::string title = std::string(tr(title_key)) + "###" + id;
  return ImGui::Begin(title.c_str(), open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                                               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
}

void same_line_or_wrap(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

void show_result(App& app, const Status& st, const Message& ok_message) {
  if (!st) {
    app.message = st;
    app.message_is_error = true;
  } else if (!ok_message.empty()) {
    app.message = ok_message;
    app.message_is_error = false;
  }
  app.view.field.step = ~0ull;  // the hypothesis may have changed
}

std::string elide(const std::string& text, float room) {
  if (ImGui::CalcTextSize(text.c_str()).x <= room) return text;
  std::string out = text;
  while (!out.empty() && ImGui::CalcTextSize((out + "…").c_str()).x > room) {
    out.pop_back();
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();  // whole UTF-8
  }
  return out + "…";
}

std::string Flow::place(const char* text, float chrome) {
  std::string shown = text;
  std::string id;
  const std::size_t cut = shown.find("##");
  if (cut != std::string::npos) id = shown.substr(cut), shown.resize(cut);
  // A label wider than a whole line ends in "…" (and shows whole in a tooltip).
  const float line = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  full = shown;
  shown = elide(shown, std::max(8.0f, line - chrome));
  if (!first) same_line_or_wrap(ImGui::CalcTextSize(shown.c_str()).x + chrome);
  first = false;
  return shown + (id.empty() ? "##" + full : id);
}

void Flow::tip(const std::string& shown) const {
  if (shown.compare(0, full.size(), full) != 0 && ImGui::IsItemHovered()) tooltip(full);
}

bool Flow::button(const char* text, bool small) {
  const std::string l = place(text, ImGui::GetStyle().FramePadding.x * 2.0f);
  const bool pressed = small ? ImGui::SmallButton(l.c_str()) : ImGui::Button(l.c_str());
  tip(l);
  return pressed;
}

bool Flow::checkbox(const char* text, bool* v) {
  const std::string l = place(text, ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
  const bool changed = ImGui::Checkbox(l.c_str(), v);
  tip(l);
  return changed;
}

bool Flow::radio(const char* text, bool active) {
  const std::string l = place(text, ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
  const bool pressed = ImGui::RadioButton(l.c_str(), active);
  tip(l);
  return pressed;
}

void Flow::text(const std::string& t) {
  const float line = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  const float w = ImGui::CalcTextSize(t.c_str()).x;
  if (!first) same_line_or_wrap(std::min(w, line));
  first = false;
  ImGui::AlignTextToFramePadding();
  if (w <= line) ImGui::TextUnformatted(t.c_str());
  else text_wrapped(t);
}

void form_row(const char* text, const char* help) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  text_wrapped(text);
  if (help) HelpMarker(help);
  ImGui::TableSetColumnIndex(1);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void setting_row(const char* key) {
  const Setting<SessionSettings>* def = find_setting(session_settings(), key);
  IM_ASSERT(def && def->label);  // every setting with a widget has its label in the table
  form_row(tr(def->label), def->help ? tr(def->help) : nullptr);
}

bool form_begin(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp)) return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.58f);
  return true;
}

namespace {

// A fold-out explanation whose title wraps (a tree node's own label would run past the edge).
void explain(const char* title_key, const char* text_key, const char* id) {
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID((std::string(id) + "/open").c_str());
  ImGui::SetNextItemOpen(store->GetBool(key, false), ImGuiCond_Always);
  const bool open = ImGui::TreeNodeEx(id, ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_AllowItemOverlap, "%s", "");
  bool toggled = ImGui::IsItemToggledOpen();
  ImGui::SameLine();
  text_wrapped(tr(title_key));
  toggled |= ImGui::IsItemClicked();
  if (toggled) store->SetBool(key, !store->GetBool(key, false));
  if (open) {
    ImGui::Indent();
    text_wrapped(tr(text_key));
    ImGui::Unindent();
  }
}

// The name a menu shows for an item of a name table ("algo.classic", ...), or the name itself.
std::string shown_name(const char* area, const std::string& name) {
  const std::string key = std::string(area) + "." + name;
  const char* t = tr(key.c_str());
  return t == key ? name : std::string(t);
}

// A combo over a name table; true when the choice changed.
bool name_combo(const char* id, const char* area, const std::vector<std::string>& names, std::string& current) {
  bool changed = false;
  if (begin_combo(id, shown_name(area, current))) {
    for (const std::string& n : names)
      if (ImGui::Selectable((shown_name(area, n) + "##" + n).c_str(), n == current) && n != current) {
        current = n;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

// -----------------------------------------------------------------------------
// [SECTION] Data panel
// -----------------------------------------------------------------------------

std::string data_source_name(const Session& s) {
  switch (s.source()) {
    case DataSource::Preset: return shown_name("preset", s.preset_name());
    case DataSource::Generated: return trf("preset.generated", {{"kind", shown_name("generator", s.last_generated().kind)}});
    case DataSource::Imported: return tr("preset.import");
    default: return tr("preset.custom");
  }
}

void data_panel(App& app) {
  Session& s = app.session;
  if (form_begin("data_form")) {
    form_row(tr("data.preset"));
    if (begin_combo("##preset", data_source_name(s))) {
      for (const std::string& name : preset_names())
        if (ImGui::Selectable((shown_name("preset", name) + "##" + name).c_str(),
                              s.source() == DataSource::Preset && name == s.preset_name()))
          act(app, {"preset", name});
      ImGui::EndCombo();
    }
    ImGui::EndTable();
  }
  if (ImGui::TreeNode("generate", "%s", tr("data.generate"))) {
    GenSpec& g = app.gen;
    if (g.kind.empty()) g.kind = "separable";
    if (form_begin("gen_form")) {
      form_row(tr("data.kind"));
      name_combo("##kind", "generator", generator_kinds(), g.kind);
      form_row(tr("data.n"));
      int n = static_cast<int>(std::min<std::size_t>(g.n, 1000000));
      if (ImGui::InputInt("##n", &n, 10, 1000)) g.n = static_cast<std::size_t>(std::clamp(n, 2, 1000000));
      form_row(tr("data.d"), tr("data.d_help"));
      ImGui::InputInt("##d", &g.d);
      g.d = std::clamp(g.d, 1, 1000);
      float margin = static_cast<float>(g.margin), noise = static_cast<float>(g.noise);
      form_row(tr("data.margin"));
      if (ImGui::SliderFloat("##margin", &margin, 0.0f, 0.5f, "%.3f")) g.margin = margin;
      form_row(tr("data.noise"), tr("data.gen_help"));
      if (ImGui::SliderFloat("##noise", &noise, 0.0f, 0.5f, "%.3f")) g.noise = noise;
      form_row(tr("data.gen_seed"));
      int seed = static_cast<int>(std::min<std::uint64_t>(g.seed, 2147483647u));
      if (ImGui::InputInt("##gen_seed", &seed)) g.seed = static_cast<std::uint64_t>(std::max(seed, 0));
      ImGui::EndTable();
    }
    if (ImGui::Button(label("data.generate_button", "generate_go").c_str()))
      act(app, {"generate", g.kind, std::to_string(g.n), std::to_string(g.d), json_number(g.margin),
                json_number(g.noise), std::to_string(g.seed)});
    ImGui::TreePop();
  }
  Flow adds;
  adds.text(tr(app.touch ? "data.tap_adds" : "data.click_adds"));
  if (adds.radio("+1##add_pos", app.input.draw_label > 0)) act(app, {"set", "label", "1"});
  if (adds.radio((fmt_label(-1) + "##add_neg").c_str(), app.input.draw_label < 0)) act(app, {"set", "label", "-1"});
  bool del = app.input.delete_mode;
  if (adds.checkbox(label("data.delete", "delete").c_str(), &del)) act(app, {"set", "delete", del ? "true" : "false"});
  HelpMarker(tr(app.touch ? "data.edit_help_touch" : "data.edit_help"));

  Flow buttons;
  if (buttons.button(label("data.clear", "clear").c_str())) act(app, {"clear"});
  if (buttons.button(label("data.fit", "fit").c_str())) act(app, {"fit"});
  // Import and export.
  if (app.hooks.pick_data_file) {
    if (buttons.button(label("data.import", "import").c_str())) app.hooks.pick_data_file();
  } else {
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr("data.load")).x - ImGui::GetStyle().FramePadding.x * 2 -
                            ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##path", tr("data.file"), app.path, sizeof app.path);
    ImGui::SameLine();
    if (ImGui::Button(label("data.load", "load").c_str())) {
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
    if (files.button(label("data.save_data", "save_data").c_str()))
      save("perceptron-data.csv", "text/csv", Status::success(), write_csv(s.data()));
    if (files.button(label("data.save_trace_csv", "save_trace_csv").c_str())) {
      std::string csv;
      const Status st = s.trace().to_csv(s.train_set(), csv);
      save("perceptron-trace.csv", "text/csv", st, csv);
    }
    if (files.button(label("data.save_trace_json", "save_trace_json").c_str())) {
      std::string json;
      const Status st = s.trace().to_json(s.train_set(), json);
      save("perceptron-trace.json", "application/json", st, json);
    }
  }
  if (app.hooks.save_png) {
    if (files.button(label("data.canvas_png", "canvas_png").c_str()))
      app.hooks.save_png("perceptron-canvas.png", static_cast<float>(app.view.canvas_min.x), static_cast<float>(app.view.canvas_min.y),
                         static_cast<float>(app.view.canvas_max.x), static_cast<float>(app.view.canvas_max.y));
    if (files.button(label("data.plots_png", "plots_png").c_str()))
      app.hooks.save_png("perceptron-plots.png", static_cast<float>(app.plots.min.x), static_cast<float>(app.plots.min.y),
                         static_cast<float>(app.plots.max.x), static_cast<float>(app.plots.max.y));
  }
  const Dataset& ds = s.data();
  text_wrapped(trf("data.summary", {{"n", std::to_string(ds.size())}, {"pos", std::to_string(ds.count(1))},
                                                {"neg", std::to_string(ds.count(-1))}, {"d", std::to_string(ds.d)}})
                               );
  if (!s.validation_set().empty())
    text_wrapped(trf("data.split", {{"train", std::to_string(s.train_set().size())},
                                                {"validation", std::to_string(s.validation_set().size())}})
                                 );
}

// -----------------------------------------------------------------------------
// [SECTION] Algorithm panel
// -----------------------------------------------------------------------------

void algorithm_panel(App& app) {
  Session& s = app.session;
  SessionSettings cfg = s.settings();
  PerceptronConfig& p = cfg.learner.pla;
  bool changed = false;
  if (!form_begin("algo_form")) return;
  setting_row("algo");
  std::string algo = to_string(cfg.learner.algo);
  if (name_combo("##algo", "algo", learner_names(), algo)) changed |= parse_algo(algo, cfg.learner.algo);
  // η on a log slider, snapped to 1, 2 or 5 times a power of ten.
  setting_row("eta");
  float log_eta = static_cast<float>(std::log10(p.eta));
  const std::string eta_text = fmt_num(p.eta, 6);
  if (ImGui::SliderFloat("##eta", &log_eta, -4.0f, 1.0f, eta_text.c_str())) {
    const double raw = std::pow(10.0, static_cast<double>(log_eta));
    const double e = std::pow(10.0, std::floor(std::log10(raw)));
    const double k = raw / e < 1.5 ? 1.0 : raw / e < 3.5 ? 2.0 : raw / e < 7.5 ? 5.0 : 10.0;
    p.eta = k * e;
    changed = true;
  }
  setting_row("order");
  std::string order = to_string(p.order);
  if (name_combo("##order", "order", order_names(), order)) changed |= parse_order(order, p.order);
  setting_row("restart");
  changed |= ImGui::Checkbox("##restart", &p.restart);
  setting_row("init");
  std::string init = to_string(p.init);
  if (name_combo("##init", "init", init_names(), init)) changed |= parse_init(init, p.init);
  setting_row("seed");
  int seed = static_cast<int>(std::min<std::uint64_t>(p.seed, 2147483647u));
  if (ImGui::InputInt("##seed", &seed) && seed >= 0) {
    p.seed = static_cast<std::uint64_t>(seed);
    changed = true;
  }
  if (learner_takes(cfg.learner.algo, "tau")) {
    setting_row("tau");
    float tau = static_cast<float>(p.tau);
    if (ImGui::SliderFloat("##tau", &tau, 0.0f, 10.0f, "%.2f")) {
      p.tau = tau;
      changed = true;
    }
  }
  if (learner_takes(cfg.learner.algo, "kernel")) {
    Kernel& k = cfg.learner.kernel;
    setting_row("kernel");
    std::string type = to_string(k.type);
    if (name_combo("##kernel", "kernel", {"linear", "poly", "rbf"}, type)) changed |= parse_kernel_type(type, k.type);
    if (k.type == KernelType::Poly) {
      form_row(tr("algo.degree"));
      changed |= ImGui::SliderInt("##degree", &k.degree, 1, 8);
    }
    if (k.type == KernelType::Rbf) {
      form_row(tr("algo.rbf_gamma"));
      float g = static_cast<float>(k.gamma);
      if (ImGui::SliderFloat("##rbf_gamma", &g, 0.01f, 20.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) {
        k.gamma = g;
        changed = true;
      }
    }
  }
  setting_row("lift");
  static const char* lifts[] = {"none", "x1^2,x2^2", "x1,x2,x1^2,x2^2", "poly2", "poly3"};
  const std::string lift_now = cfg.lift.empty() ? "none" : cfg.lift;
  if (begin_combo("##lift", lift_now == "none" ? tr("algo.lift_none") : lift_now)) {
    for (const char* name : lifts)
      if (ImGui::Selectable(std::strcmp(name, "none") == 0 ? tr("algo.lift_none") : name, lift_now == name)) {
        cfg.lift = std::strcmp(name, "none") == 0 ? "" : name;
        changed = true;
      }
    ImGui::EndCombo();
  }
  setting_row("max_epochs");
  int max_epochs = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_epochs, 100000000));
  if (ImGui::InputInt("##max_epochs", &max_epochs) && max_epochs >= 1) {
    cfg.stop.max_epochs = static_cast<std::uint64_t>(max_epochs);
    changed = true;
  }
  setting_row("max_updates");
  int max_updates = static_cast<int>(std::min<std::uint64_t>(cfg.stop.max_updates, 1000000000));
  if (ImGui::InputInt("##max_updates", &max_updates) && max_updates >= 0) {
    cfg.stop.max_updates = static_cast<std::uint64_t>(max_updates);
    changed = true;
  }
  setting_row("validation");
  float validation = static_cast<float>(cfg.validation);
  if (ImGui::SliderFloat("##validation", &validation, 0.0f, 0.5f, "%.2f")) {
    cfg.validation = validation;
    changed = true;
  }
  if (cfg.validation > 0.0) {
    setting_row("patience");
    int patience = static_cast<int>(std::min<std::uint64_t>(cfg.stop.patience, 100000));
    if (ImGui::InputInt("##patience", &patience) && patience >= 0) {
      cfg.stop.patience = static_cast<std::uint64_t>(patience);
      changed = true;
    }
  }
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

void run_panel(App& app) {
  Session& s = app.session;
  // An open lesson question: nothing here may move the lab past it (the speed stays).
  const bool lock = locked(app);
  if (lock) hidden_line("conceal.locked");
  ImGui::BeginDisabled(lock);
  Flow row;
  if (row.button((std::string(tr(s.playing() ? "run.pause" : "run.play")) + "##play").c_str())) act(app, {"toggle_play"});
  if (row.button(label("run.step", "step").c_str())) act(app, {"step"});
  if (row.button(label("run.next_update", "next_update").c_str())) act(app, {"next_update"});
  if (row.button(label("run.epoch", "epoch").c_str())) act(app, {"epoch"});
  if (!app.training) {
    if (row.button(label("run.train", "train").c_str())) act(app, {"train_start"});
  } else {
    if (row.button(label("run.cancel", "train").c_str())) act(app, {"train_cancel"});
  }
  if (row.button(label("run.reset", "reset").c_str())) act(app, {"reset"});
  if (row.button(label("run.back", "back").c_str())) act(app, {"step_back"});
  ImGui::EndDisabled();
  if (form_begin("run_form")) {
    setting_row("speed");
    float speed = static_cast<float>(s.settings().speed);
    if (ImGui::SliderFloat("##speed", &speed, 1.0f, 1e6f, "%.0f", ImGuiSliderFlags_Logarithmic))
      act(app, {"set", "speed", json_number(static_cast<double>(speed))});
    ImGui::EndTable();
  }
  if (app.training && (app.run.kind == "train" || app.run.kind == "train_start")) {
    const Learner& l = s.live_learner();
    const double limit = static_cast<double>(std::max<std::uint64_t>(1, s.settings().stop.max_epochs));
    const std::string text = trf("run.progress", {{"epoch", std::to_string(l.epoch())}, {"limit", fmt_num(limit, 9)}});
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
    for (char c : elide(trf("run.scrub", {{"step", std::to_string(at)}}),
                        ImGui::CalcItemWidth() - ImGui::GetStyle().FramePadding.x * 2.0f))
      format += c == '%' ? std::string("%%") : std::string(1, c);
    ImGui::BeginDisabled(lock);
    if (ImGui::SliderScalar("##scrub", ImGuiDataType_U64, &at, &lo, &hi, format.c_str())) act(app, {"seek", std::to_string(at)});
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) tooltip(tr("run.scrub_tip"));
  }

  const Learner& l = s.learner();
  const Metrics m = s.train_metrics();
  if (hides(app, kCueCounts))
    hidden_line("conceal.counts");
  else
    text_wrapped(trf("run.counters", {{"epoch", std::to_string(l.epoch())}, {"step", std::to_string(l.steps())},
                                      {"k", std::to_string(l.updates())}}));
  if (l.linear() && !l.w().empty()) {
    text_wrapped(trf("run.weights", {{"w", fmt_vec(l.w(), 6)}, {"b", fmt_num(l.b(), 6)}}));
  } else {
    text_wrapped(tr(l.linear() ? "run.no_w" : "run.nonlinear"));
  }
  if (hides(app, kCueLoss | kCueMistakes)) {
    hidden_line("conceal.loss");
  } else {
    text_wrapped(trf("run.losses", {{"j1", std::to_string(m.j1)}, {"j", fmt_num(m.j, 6)},
                                    {"accuracy", percent(m.accuracy)}}));
    if (!s.validation_set().empty())
      text_wrapped(trf("run.validation_accuracy", {{"accuracy", percent(accuracy(l, s.validation_set()))}}));
  }
  const StopReason why = s.stop_reason();
  if (why != StopReason::None && hides(app, kCueMistakes)) {
    hidden_line("conceal.mistakes");
  } else if (why != StopReason::None) {
    ImGui::PushStyleColor(ImGuiCol_Text, why == StopReason::Converged ? palette(app).ok : palette(app).mistake);
    text_wrapped(trf("run.stopped", {{"reason", shown_name("stop", to_string(why))}}));
    ImGui::PopStyleColor();
  }
  if (!s.notice().empty()) text_wrapped(tr_msg(s.notice()));
  if (!app.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, app.message_is_error ? palette(app).mistake : palette(app).ok);
    text_wrapped(tr_msg(app.message));
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("×##dismiss_message")) app.message = Message();
  }
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
  text_wrapped(tr("theory.dual_title"));
  if (hides(app, kCueAlpha)) {
    hidden_line("conceal.alpha");
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
    text_wrapped(trf("theory.dual_check", {{"w", fmt_vec(w)}, {"b", fmt_num(b)}, {"primal_w", fmt_vec(l.w())},
                                           {"primal_b", fmt_num(l.b())}}));
  }
}

void theory_panel(App& app) {
  const Session& s = app.session;
  const MarginResult& r = s.margin();
  const Learner& l = s.learner();
  if (hides(app, kCueTheory)) {
    hidden_line("conceal.theory");
  } else if (!s.margin_ok()) {
    text_wrapped(tr("theory.no_margin"));
  } else {
    text_wrapped(trf("theory.radius", {{"R", fmt_num(r.R)}, {"R_hat", fmt_num(r.R_aug)}}));
    if (r.separable) {
      text_wrapped(trf("theory.gamma", {{"gamma", fmt_num(r.gamma)}, {"gamma_hat", fmt_num(r.gamma_aug)}}));
      const double k = static_cast<double>(l.updates());
      text_wrapped(trf("theory.bound", {{"bound", fmt_num(r.bound)}}));
      text_wrapped(trf("theory.k_ratio", {{"k", fmt_num(k, 12)}, {"ratio", fmt_num(r.bound > 0 ? k / r.bound : 0.0, 3)}})
                                   );
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).ok);
      text_wrapped(tr("theory.separable"));
      ImGui::PopStyleColor();
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
      text_wrapped(tr("theory.not_separable"));
      ImGui::PopStyleColor();
      text_wrapped(tr("theory.cycles"));
    }
  }
  const Metrics m = s.train_metrics();
  if (!hides(app, kCueTheory)) {
    text_wrapped(trf("theory.margin_w", {{"margin", fmt_num(m.geometric_margin)}}));
    HelpMarker(tr("theory.margin_w_help"));
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
    if (row.checkbox(label(t.key, t.setting).c_str(), &on)) act(app, {"set", t.setting, on ? "true" : "false"});
  }
  HelpMarker(tr("theory.alpha_help"));
  // The 3-D view beside the canvas (a session setting: lessons and links show it too).
  if (form_begin("view3d_form")) {
    setting_row("view3d");
    std::string space = to_string(s.settings().view3d);
    if (name_combo("##view3d", "view3d", view3d_names(), space)) act(app, {"set", "view3d", space});
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
      text_wrapped(trf("theory.mistake_on", {{"x", fmt_vec(x)}, {"y", fmt_label(y)}, {"score", score}}));
      text_wrapped(trf("theory.update_w", {{"w", fmt_vec(s.previous_w())}, {"eta", fmt_num(eta, 6)},
                                                      {"y", fmt_label(y)}, {"x", fmt_vec(x)}, {"new_w", fmt_vec(l.running_w())}})
                                   );
      text_wrapped(trf("theory.update_b", {{"b", fmt_num(s.previous_b())}, {"eta", fmt_num(eta, 6)},
                                                      {"y", fmt_label(y)}, {"new_b", fmt_num(l.running_b())}})
                                   );
    } else {
      text_wrapped(trf("theory.right", {{"x", fmt_vec(x)}, {"y", fmt_label(y)}, {"score", score}}));
    }
  }
  dual_table(app);
  explain("theory.explain_margin_title", "theory.explain_margin", "explain_margin");
  explain("theory.explain_bound_title", "theory.explain_bound", "explain_bound");
  explain("theory.explain_cycle_title", "theory.explain_cycle", "explain_cycle");
}

void share_buttons(App& app) {
  Flow row;
  row.first = false;
  if (row.button(label("help.button", "help").c_str(), true)) act(app, {"set", "help", app.show_help ? "false" : "true"});
  if (app.hooks.copy_link) {
    if (row.button(label("share.copy_link", "copy_link").c_str(), true)) app.hooks.copy_link(encode_query(link_params(app)));
    if (ImGui::IsItemHovered()) tooltip(trf("share.copy_link_tip", {{"max", std::to_string(kMaxLinkPoints)}}));
  }
  if (row.button(label("share.link_maker", "link_maker").c_str(), true)) app.maker.open = !app.maker.open;
  if (row.button(label("share.course", "course_maker").c_str(), true)) course_maker_open(app);
  if (ImGui::IsItemHovered()) tooltip(tr("share.course_tip"));
  if (app.hooks.reset_to_lesson) {
    if (row.button(label("share.reset", "reset_lesson").c_str(), true)) app.hooks.reset_to_lesson();
    if (ImGui::IsItemHovered()) tooltip(tr("share.reset_tip"));
  }
}

// Language, text size and theme: the view settings a teacher sets for a class.
void view_settings(App& app) {
  if (!form_begin("view_form")) return;
  form_row(tr("app.language"));
  if (begin_combo("##lang", lang_name(app.lang))) {
    for (Lang l : user_languages())
      if (ImGui::Selectable((std::string(lang_name(l)) + "##" + lang_code(l)).c_str(), l == app.lang))
        act(app, {"set", "lang", lang_code(l)});
    ImGui::EndCombo();
  }
  form_row(tr("app.text_size"));
  float scale = static_cast<float>(app.font_scale);
  if (ImGui::SliderFloat("##font_scale", &scale, 0.75f, 2.5f, "%.2f×"))
    act(app, {"set", "font_scale", json_number(std::round(static_cast<double>(scale) * 20.0) / 20.0)});
  form_row(tr("app.theme"));
  std::string theme = theme_info(app.theme).name;
  if (name_combo("##theme", "theme", theme_names(), theme)) act(app, {"set", "theme", theme});
  ImGui::EndTable();
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] Keyboard and help
// -----------------------------------------------------------------------------

void keyboard(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  keyboard_nav_begin(app);  // keynav.cpp: Tab, Enter on controls; whose the arrows are
  if (io.WantTextInput) return;
  // Space, Right, Left and Enter are the lab's unless a control shows the keyboard focus;
  // on the canvas the arrows and Enter move and use its cursor (canvas.cpp).
  const bool lab = lab_keys(app), off_canvas = lab && !app.input.canvas_focused;
  if (lab && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) act(app, {"toggle_play"});
  // With the keyboard focus in the 3-D view, the arrow keys turn the view instead (view3d.cpp).
  const bool arrows = off_canvas && !view3d_has_focus();
  if (arrows && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) act(app, {"step"});
  if (arrows && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) act(app, {"step_back"});
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    act(app, {"set", "help", "false"});
    app.lessons_open = false;
  }
  if (off_canvas && app.lesson.active() && !app.lesson.done() &&
      (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)))
    act(app, {"lesson_next"});
  for (ImWchar c : io.InputQueueCharacters) {
    switch (c) {
      case 'e': case 'E': act(app, {"epoch"}); break;
      case 'r': case 'R': act(app, {"reset"}); break;
      case 'n': case 'N': act(app, {"next_update"}); break;
      case 'f': case 'F': act(app, {"fit"}); break;
      case 'l': case 'L': if (lessons_menu_available(app)) act(app, {"show_lessons"}); break;
      case 'h': case 'H': case '?': act(app, {"set", "help", app.show_help ? "false" : "true"}); break;
      default: break;
    }
  }
}

void help_overlay(App& app) {
  if (!app.show_help) return;
  if (begin_dialog("panel.keyboard", "help", 30.0f, &app.show_help)) {
    static const char* keys[][2] = {{"help.key_space", "help.space"}, {"help.key_right", "help.right"},
                                    {"help.key_left", "help.left"},   {"N", "help.n"},
                                    {"E", "help.e"},                  {"R", "help.r"},
                                    {"F", "help.f"},                  {"L", "help.l"},
                                    {"help.key_h", "help.h"},
                                    {"help.key_esc", "help.esc"},     {"help.key_tab", "help.tab"},
                                    {"help.key_activate", "help.activate"}, {"help.key_arrows", "help.arrows"},
                                    {"help.key_enter", "help.enter"}, {"help.key_shift_enter", "help.shift_enter"},
                                    {"help.key_delete", "help.delete"}};
    if (ImGui::BeginTable("keys", 2)) {
      ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthStretch, 0.35f);
      ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 0.65f);
      for (const auto& k : keys) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushStyleColor(ImGuiCol_Text, palette(app).pos);
        text_wrapped(std::strchr(k[0], '.') ? tr(k[0]) : k[0]);
        ImGui::PopStyleColor();
        ImGui::TableSetColumnIndex(1);
        text_wrapped(tr(k[1]));
      }
      ImGui::EndTable();
    }
    text_wrapped(tr("help.lab_keys"));
    ImGui::Separator();
    text_wrapped(tr(app.touch ? "help.touch" : "help.mouse"));
  }
  ImGui::End();
}

// -----------------------------------------------------------------------------
// [SECTION] The panel list, the control panel, the embed strip and the notices
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
  lessons_button(app, true);  // the course's lessons (lessons_menu.cpp)
  if (app.lesson.active() && ImGui::CollapsingHeader(label("lesson.header", "lesson").c_str(), open)) lesson_panel(app);
  for (const PanelInfo& p : panel_list())
    if (p.side && app.panels.*p.shown && ImGui::CollapsingHeader(label(p.label_key, p.name).c_str(), open)) {
      // The data and the algorithm change the run: locked while a lesson question is open.
      const bool lock = locked(app) && (p.draw == data_panel || p.draw == algorithm_panel);
      if (lock) hidden_line("conceal.locked");
      ImGui::BeginDisabled(lock);
      p.draw(app);
      ImGui::EndDisabled();
    }
  view_settings(app);
  share_buttons(app);
}

void embed_strip(App& app) {
  Session& s = app.session;
  Flow row;
  ImGui::BeginDisabled(locked(app));
  if (row.button((std::string(tr(s.playing() ? "run.pause" : "run.play")) + "##play").c_str(), true)) act(app, {"toggle_play"});
  if (row.button(label("run.step", "step").c_str(), true)) act(app, {"step"});
  if (row.button(label("run.epoch", "epoch").c_str(), true)) act(app, {"epoch"});
  if (row.button(label("run.reset", "reset").c_str(), true)) act(app, {"reset"});
  ImGui::EndDisabled();
  if (lessons_menu_available(app) && row.button(label("lessons.button", "lessons_menu").c_str(), true)) act(app, {"show_lessons"});
  const Learner& l = s.learner();
  std::string status = hides(app, kCueMistakes | kCueLoss | kCueCounts)
                           ? tr("conceal.loss")
                           : trf("embed.status", {{"k", std::to_string(l.updates())}, {"j1", std::to_string(s.train_mistakes())}});
  if (l.converged() && !hides(app, kCueMistakes)) status += std::string("  ") + tr("embed.converged");
  same_line_or_wrap(std::min(ImGui::CalcTextSize(status.c_str()).x, ImGui::GetContentRegionMax().x * 0.5f));
  text_wrapped(status);
}

void notices_bar(App& app) {
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
  for (const Message& n : app.notices) text_wrapped(tr_msg(n));
  ImGui::PopStyleColor();
  if (ImGui::SmallButton(label("run.dismiss", "dismiss").c_str())) app.notices.clear();
}

}  // namespace pla::app

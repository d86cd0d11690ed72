// Perceptron Lab app: the small widgets every panel and dialog uses: wrapped text (at spaces
// and around Han characters), tooltips, help markers, rows of buttons that wrap (Flow), text
// shortened with "…", combos, centred dialogs and two-column forms.

#include <algorithm>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace pla::app {

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

void hidden_line(const App& app, const char* key) { text_wrapped(app.tr(key)); }

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

bool begin_dialog(const App& app, const char* title_key, const char* id, float width_em, bool* open) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // A fixed width (the height follows the content, up to 90% of the window, then scrolls).
  const float width = std::min(vp->WorkSize.x * 0.94f, ImGui::GetFontSize() * width_em);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, vp->WorkSize.y * 0.9f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  const std::string title = std::string(app.tr(title_key)) + "###" + id;
  return ImGui::Begin(title.c_str(), open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                                               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
}

void same_line_or_wrap(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
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

void setting_row(const App& app, const char* key) {
  const Setting<SessionSettings>* def = find_setting(session_settings(), key);
  IM_ASSERT(def && def->label);  // every setting with a widget has its label in the table
  form_row(app.tr(def->label), def->help ? app.tr(def->help) : nullptr);
}

bool form_begin(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp)) return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 0.42f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 0.58f);
  return true;
}

bool language_combo(const App& app, const char* id, std::string& code) {
  const Catalogs& catalogs = app.session.catalogs();
  bool changed = false;
  if (begin_combo(id, catalogs.name(code))) {
    for (const std::string& each : user_languages(catalogs))
      if (ImGui::Selectable((catalogs.name(each) + id + "_" + each).c_str(), each == code) && each != code) {
        code = each;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace pla::app

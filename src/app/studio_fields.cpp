// Perceptron Lab app: the studio's fields (studio_panel.cpp draws the rest): the lesson's
// title and id; the selected step's texts in every language of the catalogs, each with the
// text as the student will read it there (its placeholders filled, or English where the
// language is missing) and the problems of that field; the placeholders with their values
// at the step; the question of any kind with the answer the lab computes now and a warning
// for each text that would give it away; the panels and plot tabs the student sees and the
// controls kept from them. Each change is a
// studio_* command (act), checked by the lesson loader.
//
// [SECTION] Text fields
// [SECTION] The texts of a step, per language
// [SECTION] The question
// [SECTION] The answer and what gives it away
// [SECTION] The step and the lesson

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/base/values.hpp"
#include "imgui_internal.h"

namespace pla::app {

namespace {

std::string as_text(std::size_t v) { return std::to_string(v); }

// A question's field as the editors read it, or `fallback` when absent or of another type
// (a file opened may hold anything: its problems are listed).
double number_or(const Json& q, const char* key, double fallback) {
  return q.contains(key) && q[key].is_number() ? q[key].get<double>() : fallback;
}
std::string text_or(const Json& q, const char* key) {
  return q.contains(key) && q[key].is_string() ? q[key].get<std::string>() : std::string();
}

// -----------------------------------------------------------------------------
// [SECTION] Text fields
// -----------------------------------------------------------------------------

int resize_text(ImGuiInputTextCallbackData* d) {
  if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    std::string* s = static_cast<std::string*>(d->UserData);
    s->resize(static_cast<std::size_t>(d->BufTextLen));
    d->Buf = s->data();
  }
  return 0;
}

// An ImGui text field over a std::string (grows as typed); true when the text changed.
bool edit_text(const char* id, std::string& s, bool multiline) {
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackResize;
  if (multiline) {
    const ImVec2 size(-1.0f, ImGui::GetTextLineHeight() * 3.2f + ImGui::GetStyle().FramePadding.y * 2);
    return ImGui::InputTextMultiline(id, s.data(), s.capacity() + 1, size, flags, resize_text, &s);
  }
  ImGui::SetNextItemWidth(-1.0f);
  return ImGui::InputText(id, s.data(), s.capacity() + 1, flags, resize_text, &s);
}

// The stored text of a field of the draft ("" when not written).
std::string stored_text(const Json& draft, std::size_t step, const std::string& field, const std::string& lang) {
  const Json* t = nullptr;
  if (field == "title") {
    t = draft.contains("title") ? &draft["title"] : nullptr;
  } else if (draft.contains("steps") && step < draft["steps"].size()) {
    const Json& s = draft["steps"][step];
    const Json* q = s.contains("question") && s["question"].is_object() ? &s["question"] : nullptr;
    const std::size_t open = field.find('[');
    if (field == "narration") t = s.contains("narration") ? &s["narration"] : nullptr;
    else if (q && open == std::string::npos) t = q->contains(field) ? &(*q)[field] : nullptr;
    else if (q && open != std::string::npos) {
      const std::string list = field.substr(0, open);
      const std::size_t i = static_cast<std::size_t>(std::stoul(field.substr(open + 1)));
      if (q->contains(list) && (*q)[list].is_array() && i < (*q)[list].size()) t = &(*q)[list][i];
    }
  }
  if (!t || !t->is_object() || !t->contains(lang) || !(*t)[lang].is_string()) return "";
  return (*t)[lang].get<std::string>();
}

// The problem's name of a field as text() names it ("prompt" -> "question.prompt").
std::string problem_field(const std::string& field) {
  return field == "narration" || field == "title" ? field : "question." + field;
}

// The field being typed in, recorded for the page's real text box over it (StudioUi::PageField).
void page_field(App& app, std::size_t step, const std::string& field, const std::string& lang, const std::string& label,
                bool multiline) {
  StudioUi::PageField& f = app.studio.field;
  f.multiline = multiline;
  f.step = step;
  f.field = field;
  f.lang = lang;
  f.label = label;
  place_page_field(f);
  f.shown = GImGui->CurrentWindow->ClipRect.Overlaps(ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()));
}

// One text field: its label, the field, the text as the student reads it, its problems.
void text_field(App& app, std::size_t step, const std::string& field, const std::string& lang, const std::string& label) {
  StudioUi& s = app.studio;
  const std::string key = (field == "title" ? std::string("-") : as_text(step)) + "|" + field + "|" + lang;
  auto it = s.buffers.find(key);
  if (it == s.buffers.end()) it = s.buffers.emplace(key, stored_text(s.studio.draft(), step, field, lang)).first;
  text_wrapped(label);
  const std::string id = "##studio_text_" + key;
  StudioUi::PageField& pf = s.field;
  const bool typed_on_page = pf.page_focus && pf.step == step && pf.field == field && pf.lang == lang;
  // The page's box has the focus: ImGui's field is not active (its copy of the text would
  // overwrite what the page writes).
  if (typed_on_page && pf.id != 0 && GImGui->ActiveId == pf.id) ImGui::ClearActiveID();
  const bool multiline = field != "title" && field.find('[') == std::string::npos;
  const bool changed = edit_text(id.c_str(), it->second, multiline);
  studio_item(app, "studio_text_" + key);
  if (ImGui::IsItemActive() || typed_on_page) page_field(app, step, field, lang, label, multiline);
  if (changed) {
    s.last_field = field;
    act(app, {"studio_text", as_text(step), field, lang, it->second});
  }
  if (ImGui::IsItemActive()) s.last_field = field;
  StudioPreview pv;
  if (field != "title" && s.studio.preview_text(step, field, lang, it->second, pv) && !pv.text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped((pv.fallback ? std::string(app.tr("studio.fallback")) + " " : std::string("→ ")) + pv.text);
    ImGui::PopStyleColor();
  }
  const std::string where = problem_field(field);
  const int at = field == "title" ? -1 : static_cast<int>(step);
  for (const StudioProblem& p : s.studio.problems())
    if (p.step == at && p.field.rfind(where, 0) == 0 && (p.lang.empty() || p.lang == lang)) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
      text_wrapped(app.msg(p.message));
      ImGui::PopStyleColor();
    }
}

// -----------------------------------------------------------------------------
// [SECTION] The texts of a step, per language
// -----------------------------------------------------------------------------

// The placeholders with their values at the step; choosing one adds it to the field last
// edited.
void placeholder_picker(App& app, std::size_t step, const std::string& lang) {
  StudioUi& s = app.studio;
  if (!begin_combo(("##studio_placeholders_" + lang).c_str(), app.tr("studio.placeholders"))) return;
  std::vector<StudioPlaceholder> list;
  (void)s.studio.placeholders(step, lang, list);
  for (const StudioPlaceholder& p : list)
    if (ImGui::Selectable((p.name + "  = " + p.value + "##studio_ph_" + p.name).c_str())) {
      std::string text = stored_text(s.studio.draft(), step, s.last_field, lang) + p.name;
      act(app, {"studio_text", as_text(step), s.last_field, lang, text});
    }
  ImGui::EndCombo();
}

void language_texts(App& app, std::size_t step, const std::string& lang) {
  const Json st = app.studio.studio.draft()["steps"][step];  // a copy: each field's edit replaces the draft
  text_field(app, step, "narration", lang, app.tr("studio.narration"));
  placeholder_picker(app, step, lang);
  if (!st.contains("question") || !st["question"].is_object()) return;
  const Json& q = st["question"];
  text_field(app, step, "prompt", lang, app.tr("studio.prompt"));
  const std::size_t options = q.contains("options") && q["options"].is_array() ? q["options"].size() : 0;
  for (std::size_t i = 0; i < options; ++i) {
    text_field(app, step, "options[" + as_text(i) + "]", lang, app.trf("studio.option_n", {{"n", as_text(i + 1)}}));
    text_field(app, step, "whys[" + as_text(i) + "]", lang, app.trf("studio.why_n", {{"n", as_text(i + 1)}}));
  }
  text_field(app, step, "why", lang, app.tr("studio.why"));
}

// A tab per language of the catalogs; a language with no narration yet is marked.
void step_texts(App& app, std::size_t step) {
  if (!ImGui::BeginTabBar("##studio_langs")) return;
  const Catalogs& catalogs = app.session.catalogs();
  for (const std::string& lang : lesson_languages(catalogs)) {
    const bool written = !stored_text(app.studio.studio.draft(), step, "narration", lang).empty();
    const std::string tab = catalogs.name(lang) + (written ? "" : " *") + "###studio_lang_" + lang;
    const bool shown = ImGui::BeginTabItem(tab.c_str());
    studio_item(app, "studio_lang_" + lang);
    if (shown) {
      if (!written && lang != kEnglish) text_wrapped(app.tr("studio.missing_language"));
      language_texts(app, step, lang);
      ImGui::EndTabItem();
    }
  }
  ImGui::EndTabBar();
}

// -----------------------------------------------------------------------------
// [SECTION] The question
// -----------------------------------------------------------------------------

// The question as the file writes it, or null.
Json question_of(const App& app, std::size_t step) {
  const Json& st = app.studio.studio.draft()["steps"][step];
  return st.contains("question") ? st["question"] : Json();
}

void set_question(App& app, std::size_t step, const Json& q) {
  act(app, {"studio_question", as_text(step), q.is_null() ? "null" : json_text(q)});
}

// A new question of a kind, keeping the prompt written.
Json new_question(const App& app, QuestionKind kind, const Json& old) {
  if (kind == QuestionKind::None) return Json();
  Json q = {{"kind", to_string(kind)}};
  q["prompt"] = old.is_object() && old.contains("prompt") ? old["prompt"]
                                                          : Json{{kEnglish, app.texts(kEnglish).tr("studio.new_prompt")}};
  if (kind == QuestionKind::YesNo) q["from"] = "mistake";
  if (kind == QuestionKind::Number) q["from"] = "b_after";
  if (kind == QuestionKind::Choice) {
    q["options"] = Json::array({Json{{kEnglish, "A"}}, Json{{kEnglish, "B"}}});
    q["answer"] = 0;
  }
  return q;
}

// A question's answer: computed by the lab (`from`, one of `froms`) or fixed in the file.
void answer_source(App& app, std::size_t step, Json q, const std::vector<std::string>& froms) {
  const std::string from = text_or(q, "from");
  for (const std::string& f : froms)
    if (ImGui::RadioButton((app.trf("studio.from", {{"from", f}}) + "##studio_from_" + f).c_str(), from == f) &&
        from != f) {
      q.erase("answer");
      q.erase("tolerance");
      q["from"] = f;
      set_question(app, step, q);
    }
}

// Number fields of a question (its keys, with their defaults), written back as they change.
struct NumberField {
  const char* key;
  double fallback;
  const char* label_key;
  const char* id;
};
void number_fields(App& app, std::size_t step, Json q, const std::array<NumberField, 2>& fields) {
  double v[2] = {0.0, 0.0};
  bool changed = false;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    v[i] = number_or(q, fields[i].key, fields[i].fallback);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    changed |= ImGui::InputDouble(app.label(fields[i].label_key, fields[i].id).c_str(), &v[i], 0, 0, "%.6g");
  }
  if (!changed) return;
  for (std::size_t i = 0; i < fields.size(); ++i) q[fields[i].key] = json_value(v[i]);
  set_question(app, step, q);
}

void yes_no_editor(App& app, std::size_t step, Json q) {
  answer_source(app, step, q, {"mistake", "converged"});
  const std::string fixed = text_or(q, "answer");
  for (const char* v : {"yes", "no"})
    if (ImGui::RadioButton(app.label(v == std::string("yes") ? "studio.fixed_yes" : "studio.fixed_no",
                                     (std::string("studio_fixed_") + v).c_str()).c_str(), fixed == v)) {
      q.erase("from");
      q["answer"] = v;
      set_question(app, step, q);
    }
}

void number_editor(App& app, std::size_t step, Json q) {
  std::vector<std::string> froms = {"b_after", "k_after"};
  for (std::size_t i = 1; i <= std::min<std::size_t>(static_cast<std::size_t>(app.session.data().d), 4); ++i)
    froms.push_back("w" + as_text(i) + "_after");
  answer_source(app, step, q, froms);
  const bool fixed = !q.contains("from");
  if (ImGui::RadioButton(app.label("studio.fixed_number", "studio_fixed_number").c_str(), fixed) && !fixed) {
    q.erase("from");
    q["answer"] = 0;
    set_question(app, step, q);
  }
  if (fixed)
    number_fields(app, step, q, {{{"answer", 0.0, "studio.answer", "studio_answer"},
                                  {"tolerance", 1e-9, "studio.tolerance", "studio_tolerance"}}});
}

void choice_editor(App& app, std::size_t step, Json q) {
  if (!q["options"].is_array()) return;
  const std::size_t n = q["options"].size();
  const std::size_t right = static_cast<std::size_t>(std::max(0.0, number_or(q, "answer", 0.0)));
  for (std::size_t i = 0; i < n; ++i)
    if (ImGui::RadioButton((app.trf("studio.right_option", {{"n", as_text(i + 1)}}) + "##studio_right_" + as_text(i)).c_str(),
                           right == i) && right != i) {
      q["answer"] = i;
      set_question(app, step, q);
    }
  Flow row;
  if (n < 10 && row.button(app.label("studio.add_option", "studio_add_option").c_str())) {
    q["options"].push_back(Json{{kEnglish, std::string(1, static_cast<char>('A' + n))}});
    if (q.contains("whys")) q["whys"].push_back(nullptr);
    set_question(app, step, q);
  }
  if (n > 2 && row.button(app.label("studio.remove_option", "studio_remove_option").c_str())) {
    q["options"].erase(n - 1);
    if (q.contains("whys") && q["whys"].size() >= n) q["whys"].erase(n - 1);
    if (right >= n - 1) q["answer"] = 0;
    set_question(app, step, q);
  }
}

void place_line_editor(App& app, std::size_t step, const Json& q) {
  number_fields(app, step, q, {{{"angle_deg", 10.0, "studio.angle", "studio_angle"},
                                {"offset", 0.1, "studio.offset", "studio_offset"}}});
}

// -----------------------------------------------------------------------------
// [SECTION] The answer and what gives it away
// -----------------------------------------------------------------------------

// pick_point: the pick mode, in which the teacher clicks the expected point on the canvas.
void pick_point_mode(App& app) {
  bool on = app.studio.picking;
  if (ImGui::Checkbox(app.label("studio.pick_on_canvas", "studio_pick_mode").c_str(), &on))
    act(app, {"studio_pick", on ? "on" : "off"});
  studio_item(app, "studio_pick_mode");
  if (on) text_wrapped(app.tr("studio.pick_canvas_hint"));
}

// pick_point by keyboard: the point expected chosen from a list, checked as the student's reply
// would be; the teacher reads whether it is the lab's answer.
void pick_point_check(App& app) {
  const std::size_t n = std::min<std::size_t>(app.session.data().size(), 200);
  if (!begin_combo("##studio_pick", app.tr("studio.pick_check"))) return;
  for (std::size_t i = 0; i < n; ++i)
    if (ImGui::Selectable(("x" + as_text(i + 1) + "##studio_pick_" + as_text(i)).c_str())) act(app, {"studio_pick", as_text(i)});
  ImGui::EndCombo();
}

// What the last point picked was: the lab's answer or not.
void pick_point_result(App& app) {
  const StudioUi& s = app.studio;
  if (s.pick_checked < 0) return;
  ImGui::PushStyleColor(ImGuiCol_Text, s.pick_right ? palette(app).ok : palette(app).mistake);
  text_wrapped(app.trf(s.pick_right ? "studio.pick_right" : "studio.pick_wrong",
                       {{"point", "x" + as_text(static_cast<std::size_t>(s.pick_checked) + 1)}}));
  ImGui::PopStyleColor();
}

void computed_answer(App& app, std::size_t step) {
  StudioAnswer ans;
  if (!app.studio.studio.answer(step, app.shown_lang(), ans) || ans.kind == QuestionKind::None) return;
  text_wrapped(app.trf("studio.answer_now", {{"answer", ans.text.empty() ? ans.expected : ans.text}}));
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
  for (const StudioGiveaway& g : ans.giveaways)
    text_wrapped(app.trf("studio.giveaway", {{"field", g.field}, {"lang", app.session.catalogs().name(g.lang)},
                                             {"placeholder", g.placeholder}}));
  ImGui::PopStyleColor();
}

void question_editor(App& app, std::size_t step) {
  const Json q = question_of(app, step);
  QuestionKind kind = QuestionKind::None;
  for (int k = 1; k <= static_cast<int>(QuestionKind::PlaceLine); ++k)
    if (q.is_object() && text_or(q, "kind") == to_string(static_cast<QuestionKind>(k)))
      kind = static_cast<QuestionKind>(k);
  const std::string shown = app.tr(("studio.kind_" + std::string(kind == QuestionKind::None ? "none" : to_string(kind))).c_str());
  text_wrapped(app.tr("studio.question"));
  const bool open = begin_combo("##studio_kind", shown);
  studio_item(app, "studio_kind");
  if (open) {
    for (int k = 0; k <= static_cast<int>(QuestionKind::PlaceLine); ++k) {
      const QuestionKind each = static_cast<QuestionKind>(k);
      const std::string name = each == QuestionKind::None ? "none" : to_string(each);
      const bool chosen =
          ImGui::Selectable((std::string(app.tr(("studio.kind_" + name).c_str())) + "##studio_kind_" + name).c_str(), each == kind);
      studio_item(app, "studio_kind_" + name);
      if (chosen && each != kind) set_question(app, step, new_question(app, each, q));
    }
    ImGui::EndCombo();
  }
  if (kind == QuestionKind::YesNo) yes_no_editor(app, step, q);
  if (kind == QuestionKind::Number) number_editor(app, step, q);
  if (kind == QuestionKind::Choice) choice_editor(app, step, q);
  if (kind == QuestionKind::PlaceLine) place_line_editor(app, step, q);
  if (kind == QuestionKind::PickPoint) {
    pick_point_mode(app);
    pick_point_check(app);
    pick_point_result(app);
  }
  if (kind != QuestionKind::None) computed_answer(app, step);
}

// What the student sees and may use from this step on: the panels, the plot tabs and the
// controls kept from them (the `panels`, `tabs` and `locked` view settings, recorded).
void panels_shown(App& app) {
  text_wrapped(app.tr("studio.panels"));
  Flow row;
  for (const PanelInfo& p : panel_list()) {
    bool on = app.panels.*p.shown;
    if (row.checkbox(app.label(p.label_key, (std::string("studio_panel_") + p.name).c_str()).c_str(), &on))
      app.panels.*p.shown = on;
  }
  text_wrapped(app.tr("studio.tabs"));
  Flow tabs;
  unsigned bit = 1;
  for (const PlotTab& t : plot_tabs()) {
    bool on = (app.tabs & bit) != 0;
    if (tabs.checkbox(app.label(t.label_key, (std::string("studio_tab_") + t.name).c_str()).c_str(), &on))
      app.tabs = on ? app.tabs | bit : app.tabs & ~bit;
    bit <<= 1;
  }
  text_wrapped(app.tr("studio.locked"));
  Flow kept;
  for (const ControlInfo& c : control_table()) {
    bool on = (app.locked_controls & c.bit) != 0;
    const std::string key = std::string("studio.control_") + c.name;
    if (kept.checkbox(app.label(key.c_str(), (std::string("studio_locked_") + c.name).c_str()).c_str(), &on))
      app.locked_controls = on ? app.locked_controls | c.bit : app.locked_controls & ~static_cast<unsigned>(c.bit);
  }
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The step and the lesson
// -----------------------------------------------------------------------------

void studio_step_fields(App& app) {
  StudioUi& s = app.studio;
  if (s.synced != s.studio.revision()) {  // the draft changed: the fields show it again
    s.buffers.clear();
    s.synced = s.studio.revision();
  }
  const std::size_t step = s.studio.selected();
  if (step >= s.studio.steps()) return;
  step_texts(app, step);
  ImGui::Separator();
  question_editor(app, step);
  ImGui::Separator();
  panels_shown(app);
}

void studio_lesson_fields(App& app) {
  StudioUi& s = app.studio;
  if (s.synced != s.studio.revision()) {
    s.buffers.clear();
    s.synced = s.studio.revision();
  }
  const Json& draft = s.studio.draft();
  std::string& buf = s.buffers["id"];
  if (buf.empty() && draft.contains("id") && draft["id"].is_string()) buf = draft["id"].get<std::string>();
  text_wrapped(app.tr("studio.lesson_id"));
  const bool changed = edit_text("##studio_id", buf, false);
  studio_item(app, "studio_id");
  if (changed) act(app, {"studio_id", buf});
  // The lesson's title, once per language (not per step: it is the lesson's).
  const Catalogs& catalogs = app.session.catalogs();
  for (const std::string& lang : lesson_languages(catalogs))
    text_field(app, s.studio.selected(), "title", lang, std::string(app.tr("studio.lesson_title")) + " (" + catalogs.name(lang) + ")");
}

void studio_field_input(App& app, const std::string& text) {
  StudioUi& s = app.studio;
  const StudioUi::PageField& f = s.field;
  if (f.field.empty()) return;
  const std::string key = (f.field == "title" ? std::string("-") : as_text(f.step)) + "|" + f.field + "|" + f.lang;
  s.buffers[key] = text;
  s.last_field = f.field;
  act(app, {"studio_text", as_text(f.step), f.field, f.lang, text});
}

void studio_field_focus(App& app, bool focused) {
  StudioUi::PageField& f = app.studio.field;
  f.focus_request = focused && !f.page_focus;
  f.page_focus = focused;
}

}  // namespace pla::app

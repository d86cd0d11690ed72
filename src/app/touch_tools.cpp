// Perceptron Lab app: the touch screen's tool row under the data canvas, what a tap does.
//
// Touch screens (App::touch): what a tap on the canvas does, chosen in the tool row under
// it (touch_tools): add a point of the class app.input.draw_label, or remove one (app.input.delete_mode:
// the Data panel's own choices), add a query point, or make the perceptron update on the
// tapped point. The mouse's modifiers (right click, Shift, Ctrl, Alt) have no touch
// equivalent; the tool row is their touch path. The tool, the row's height and its
// buttons' centres are the App's (App::input).

#include <algorithm>
#include <string>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

namespace {

void note_tool(App& app, const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.input.touch_tool_centres.push_back({name, {(a.x + b.x) * 0.5, (a.y + b.y) * 0.5}});
}

// What a tap does now, for the tool row (touch screens).
std::string touch_hint(const App& app) {
  if (app.lesson.active() && app.lesson.question_kind() == QuestionKind::PickPoint && app.lesson.answerable())
    return app.tr("canvas.touch_pick");
  if (placing_line(app)) return app.tr("canvas.touch_line");
  switch (app.input.touch_tool) {
    case TouchTool::Query: return app.tr("canvas.touch_query");
    case TouchTool::Update: return app.tr("canvas.touch_update");
    default: break;
  }
  if (app.input.delete_mode) return app.tr("canvas.touch_delete");
  return app.trf("canvas.touch_add", {{"label", fmt_label(app.input.draw_label > 0 ? 1 : -1)}});
}

}  // namespace

// The tool row under the canvas on a touch screen: +1, −1, query, update on, delete (one
// at a time), "clear queries" when there are some, and a line saying what a tap does (left
// out when the canvas is too short for it). Drawn in a child window of the canvas's width
// at `at`, `room` high; the buttons' height is measured for the next frame.
ToolRow plan_touch_tools(App& app, float width, float canvas_h) {
  ToolRow r;
  r.pad = ImGui::GetStyle().ItemSpacing.x;
  float& measured = app.input.touch_tools_height;
  if (measured <= 0.0f) measured = r.pad * 0.5f + ImGui::GetFrameHeight();
  r.buttons = measured;
  r.hint_text = touch_hint(app);
  r.hint = static_cast<float>(wrap_lines(r.hint_text, std::max(1.0f, width - 2.0f * r.pad)).size()) * ImGui::GetTextLineHeight() +
           ImGui::GetStyle().ItemSpacing.y;
  if (r.height() > canvas_h * 0.5f) r.hint_text.clear(), r.hint = 0.0f;
  return r;
}

void touch_tools(App& app, ImVec2 at, float width, const ToolRow& plan) {
  TouchTool& tool = app.input.touch_tool;
  const float pad = plan.pad;
  ImGui::SetCursorScreenPos(at);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad * 0.5f));
  ImGui::BeginChild("touch_tools", ImVec2(width, std::max(plan.height(), 1.0f)), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_AlwaysUseWindowPadding);
  const bool edit = tool == TouchTool::Edit;
  auto choose = [&](TouchTool t, int label, bool del) {
    tool = t;
    if (label != 0) run_command(app, {"set", "label", label > 0 ? "1" : "-1"});
    run_command(app, {"set", "delete", del ? "true" : "false"});
  };
  app.input.touch_tool_centres.clear();
  // One button per tool, the chosen one drawn pressed (a row of buttons fits a phone's
  // width where radio buttons need two rows).
  Flow row;
  auto tool_button = [&](const std::string& text, const char* name, bool chosen) {
    if (chosen) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_Text));
      ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
    }
    const bool pressed = row.button(text.c_str());
    if (chosen) {
      ImGui::PopStyleVar();
      ImGui::PopStyleColor(2);
    }
    note_tool(app, name);
    return pressed;
  };
  if (tool_button("+1##touch_pos", "pos", edit && !app.input.delete_mode && app.input.draw_label > 0)) choose(TouchTool::Edit, 1, false);
  if (tool_button(fmt_label(-1) + "##touch_neg", "neg", edit && !app.input.delete_mode && app.input.draw_label < 0))
    choose(TouchTool::Edit, -1, false);
  if (tool_button(app.label("canvas.tool_query", "touch_query"), "query", tool == TouchTool::Query))
    choose(TouchTool::Query, 0, false);
  if (tool_button(app.label("canvas.tool_update", "touch_update"), "update", tool == TouchTool::Update))
    choose(TouchTool::Update, 0, false);
  if (tool_button(app.label("canvas.tool_delete", "touch_delete"), "delete", edit && app.input.delete_mode))
    choose(TouchTool::Edit, 0, true);
  if (tool == TouchTool::Query && !app.session.queries().empty() &&
      tool_button(app.label("canvas.tool_clear", "touch_clear"), "clear", false))
    act(app, {"clear_queries"});
  // (The buttons' bottom without the spacing after them: the hint adds that back.)
  app.input.touch_tools_height = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y;
  if (!plan.hint_text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(app).muted);
    text_wrapped(plan.hint_text);
    ImGui::PopStyleColor();
  }
  ImGui::EndChild();
  ImGui::PopStyleVar();
}

// Test access (browser tests through the platform): the centre of the touch tool button
// `name` (pos, neg, query, update, delete, clear) as drawn last; false when not drawn.
bool touch_tool_centre(const App& app, const std::string& name, Vec2d& at) {
  for (const auto& t : app.input.touch_tool_centres)
    if (t.first == name) {
      at = t.second;
      return true;
    }
  return false;
}

}  // namespace pla::app

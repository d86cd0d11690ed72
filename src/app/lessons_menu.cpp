// Perceptron Lab app: the Lessons menu. Every built-in lesson in the course's order
// (web/lessons/course.json) with its title, its length and the student's progress (not
// started, step i of n, or done with the questions answered right). Choosing one runs
// lesson_open (it resumes an unfinished lesson where the student left it); "Start over"
// runs lesson (step 1). Opened by the Lessons button at the top of the panels, the L key
// or the command show_lessons; in embed mode only when the link sets lessons_menu.
#include <string>
#include <vector>

#include "app/app_internal.hpp"

namespace pla::app {

namespace {

std::string progress_text(const App& app, const LessonRow& r) {
  if (r.step == 0) return app.tr("lessons.not_started");
  if (r.done)
    return r.questions ? app.trf("lessons.done", {{"right", std::to_string(r.right)}, {"questions", std::to_string(r.questions)}})
                       : std::string(app.tr("lessons.done_plain"));
  return app.trf("lessons.at_step", {{"step", std::to_string(r.step)}, {"steps", std::to_string(r.steps)}});
}

}  // namespace

bool lessons_button(App& app, bool wide) {
  if (!lessons_menu_available(app)) return false;
  const std::string text = app.label("lessons.button", "lessons_menu");
  const bool pressed = wide ? ImGui::Button(text.c_str(), ImVec2(-1.0f, 0.0f)) : ImGui::SmallButton(text.c_str());
  if (ImGui::IsItemHovered()) tooltip(app.tr("lessons.button_tip"));
  if (pressed) act(app, {"show_lessons"});
  return pressed;
}

void lessons_menu(App& app) {
  if (!app.lessons_open || !lessons_menu_available(app)) return;
  if (begin_dialog(app, "lessons.title", "lessons", 40.0f, &app.lessons_open)) {
    text_wrapped(app.tr("lessons.intro"));
    // Wide: title, length and progress in three columns; narrow (a phone): one column, the
    // length and progress on a line under the title.
    const bool narrow = ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 28.0f;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("lessons_table", narrow ? 1 : 3, flags)) {
      ImGui::TableSetupColumn(app.tr("lessons.col_lesson"), ImGuiTableColumnFlags_WidthStretch, 0.55f);
      if (!narrow) {
        ImGui::TableSetupColumn(app.tr("lessons.col_length"), ImGuiTableColumnFlags_WidthStretch, 0.15f);
        ImGui::TableSetupColumn(app.tr("lessons.col_progress"), ImGuiTableColumnFlags_WidthStretch, 0.30f);
        ImGui::TableHeadersRow();
      }
      int n = 0;
      for (const LessonRow& r : lesson_rows(app)) {
        ++n;
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        // The lesson's number and title (wrapped, never cut): choosing it starts or resumes it.
        const std::string title = std::to_string(n) + ". " + r.title;
        const float room = ImGui::GetContentRegionAvail().x;
        const std::vector<std::string> lines = wrap_lines(title, room);
        const float line_h = ImGui::GetTextLineHeightWithSpacing();
        const float h = static_cast<float>(lines.size()) * line_h - ImGui::GetStyle().ItemSpacing.y;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        // The whole row is the choice ("Start over" in it stays a button of its own).
        if (ImGui::Selectable(("##lesson_" + r.id).c_str(), app.builtin_open == r.id && app.lesson.active(),
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap, ImVec2(0.0f, h)))
          act(app, {"lesson_open", r.id});
        const ImVec2 after = ImGui::GetCursorScreenPos();
        for (std::size_t i = 0; i < lines.size(); ++i) {
          ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + static_cast<float>(i) * line_h));
          ImGui::TextUnformatted(lines[i].c_str());
        }
        ImGui::SetCursorScreenPos(after);
        ImGui::Dummy(ImVec2(0.0f, 0.0f));
        const std::string length = app.trf("lessons.steps", {{"steps", std::to_string(r.steps)}});
        if (!narrow) {
          ImGui::TableSetColumnIndex(1);
          text_wrapped(length);
          ImGui::TableSetColumnIndex(2);
        }
        if (r.done) ImGui::PushStyleColor(ImGuiCol_Text, palette(app).ok);
        text_wrapped(narrow ? length + " · " + progress_text(app, r) : progress_text(app, r));
        if (r.done) ImGui::PopStyleColor();
        if (r.step > 0) {
          Flow again;
          if (again.button(app.label("lessons.start_over", ("start_over_" + r.id).c_str()).c_str(), true)) {
            app.lessons_open = false;
            act(app, {"lesson", r.id});
          }
        }
      }
      ImGui::EndTable();
    }
    Flow row;
    if (row.button(app.label("lessons.close", "lessons_close").c_str())) app.lessons_open = false;
  }
  ImGui::End();
}

}  // namespace pla::app

// Perceptron Lab app: declarations shared by the app's source files, by the file that
// defines them.
#pragma once
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/plot.hpp"  // to_im (and clamp_px, mapping.hpp)
#include "app/theme.hpp"
#include "core/lab/lesson/conceal.hpp"
#include "imgui.h"

namespace pla::app {

// The colours of the theme in use: canvas, plots and panels.
inline const Palette& palette(const App& app) { return palette(app.theme); }

// An open lesson question hides these cues (core/conceal.hpp) until it is answered, and
// locks the lab: what would move it past the question is disabled (and refused).
inline bool hides(const App& app, unsigned cue) { return (app.lesson.concealed() & cue) != 0; }
inline bool locked(const App& app) { return app.lesson.question_open(); }
// The student may not use these controls (core/conceal.hpp Control) now: an open question locks
// them all, and an open lesson may keep some from the student (the `locked` setting of its view).
inline bool keeps(const App& app, unsigned controls) {
  return controls != 0 && (locked(app) || (app.lesson.active() && (app.locked_controls & controls) != 0));
}

// ---- The windows and panels of a frame (frame.cpp lays them out).
void canvas(App& app);             // canvas.cpp
// The canvas's window is drawn in the canvas's background colour (frame.cpp), so the canvas
// fills no background of its own: one pass over its pixels fewer, most of a frame's cost on a
// software GL. Not with touch: the tools under the canvas share the window and keep its colour.
inline bool canvas_window_is_canvas_colour(const App& app) { return !app.touch; }
void fit_view_to_data(App& app);   // canvas.cpp
void status_play(App& app);        // canvas_labels.cpp: Play in the status band (narrow), after the canvas
void control_panel(App& app);      // panels.cpp
void plots_panel(App& app);        // charts.cpp
void lesson_panel(App& app);       // lesson_panel.cpp
void embed_strip(App& app);        // frame.cpp: the compact controls of embed mode
void notices_bar(App& app);        // frame.cpp
void help_overlay(App& app);       // shortcuts.cpp
void lessons_menu(App& app);       // lessons_menu.cpp: the built-in lessons in course order
bool lessons_button(App& app, bool wide);  // lessons_menu.cpp: opens it (hidden when not available)
void link_maker(App& app);         // link_maker.cpp: the teacher's link dialog
std::string link_maker_query(const LinkMaker& m);
void course_maker(App& app);       // course_maker.cpp: "For your course", the packages
void course_maker_open(App& app);  // opens (or closes) it, with the lesson open ticked

// ---- Keys (shortcuts.cpp: the lab's keys; keynav.cpp: Tab through every control and
// window, Enter presses, which keys are the lab's).
void keyboard(App& app);
void keyboard_nav_begin(App& app);  // right after NewFrame (from keyboard)
void keyboard_nav_end(App& app);    // after the last window of the frame
bool keyboard_focus_shown();        // a control shows the keyboard focus
bool lab_keys(const App& app);      // Space, Right, Left, Enter act on the lab (not on a control)

// ---- Commands (commands.cpp): a command's status in the interface's message line (an
// error, or ok_message when given).
void show_result(App& app, const Status& st, const Message& ok_message = Message());

// ---- Lessons and the course (course.cpp): the frame's slice of a lesson step's work; the
// built-in lesson after the open one in the course ("" none); and the lesson commands of the
// command table (commands.cpp), each as AppCommand::run takes it.
void lesson_frame(App& app);
std::string next_lesson_id(const App& app);
Status cmd_lesson(App& a, const std::vector<std::string>& args);
Status cmd_lesson_open(App& a, const std::vector<std::string>& args);
Status cmd_lesson_review(App& a, const std::vector<std::string>& args);
Status cmd_lesson_next(App& a, const std::vector<std::string>& args);
Status cmd_lesson_back(App& a, const std::vector<std::string>& args);
Status cmd_lesson_cancel(App& a, const std::vector<std::string>& args);
Status cmd_answer(App& a, const std::vector<std::string>& args);
Status cmd_lesson_retry(App& a, const std::vector<std::string>& args);
Status cmd_lesson_goto(App& a, const std::vector<std::string>& args);
Status cmd_lesson_exit(App& a, const std::vector<std::string>& args);
Status cmd_lesson_add(App& a, const std::vector<std::string>& args);

// ---- The teacher's studio (studio_commands.cpp): its rows of the command table; a lab command
// run while it is open noted in its log (the step's actions when recorded); the frame's
// return from "Try as a student"; state().studio; the panel (studio_panel.cpp).
const std::vector<AppCommand>& studio_commands();
void studio_note(App& app, const std::vector<std::string>& args, const Status& st);
void studio_frame(App& app);
Json studio_state(const App& app);
// The last item drawn is a field the page lays a real input over (touch_input.cpp): its place
// recorded, the keyboard focus moved to it when the page's input has just taken the focus;
// true when it is whole in its window's view.
bool place_page_field(PageInputField& f);
// The studio's pick mode is on and the selected step asks pick_point: a click on a point of
// the canvas checks it (studio_pick POINT) instead of editing the data.
bool studio_picking(const App& app);
void studio_panel(App& app);
void studio_item(App& app, const std::string& id);  // the last item's place, by its id (StudioUi::items)

// ---- Packages (packages.cpp): the command `package STANDARD [OPTIONS]`; a lesson id that
// lesson_add and the packages take: 1 to 64 lower-case letters, digits or '-', not starting
// with '-' (the H5P content type and SCORM identifiers need no more).
Status cmd_package(App& a, const std::vector<std::string>& args);
bool package_id(const std::string& id);

// ---- Widgets (widgets.cpp).
// Buttons in a row that wraps to the next line instead of running past the window's edge.
// A label wider than the whole line ends in "…" (the full text in a tooltip).
struct Flow {
  bool first = true;
  bool button(const char* label, bool small = false);
  bool checkbox(const char* label, bool* v);
  bool radio(const char* label, bool active);
  void text(const std::string& text);  // wraps when wider than a line

 private:
  std::string full;  // the last item's whole label
  std::string place(const char* label, float chrome);
  void tip(const std::string& shown) const;
};
// `text` shortened to `room` pixels with a final "…" when it is wider.
std::string elide(const std::string& text, float room);
// Text wrapped at spaces and around Han characters only (ImGui's own wrap also breaks
// after '.', which splits numbers: "0." / "4714"); width <= 0: what is left of the line.
std::vector<std::string> wrap_lines(const std::string& text, float width);
void text_wrapped(const std::string& text, float width = 0.0f);
// One muted line saying a cue is hidden until the answer ("conceal.theory", ...).
void hidden_line(const App& app, const char* key);
// A tooltip whose text wraps inside the window, however narrow; "(?)" with one.
void tooltip(const std::string& text);
float tooltip_wrap_width();
void HelpMarker(const char* text);
// BeginCombo whose preview ends in "…" when it does not fit the box.
bool begin_combo(const char* id, const std::string& preview);
// A combo of the languages a user can choose (each named in its own script, from its
// catalog); true when `code` changed.
bool language_combo(const App& app, const char* id, std::string& code);
// A centred dialog of a fixed width (em) whose height follows its content; ImGui::End() after.
bool begin_dialog(const App& app, const char* title_key, const char* id, float width_em, bool* open);
// SameLine, or a new line when `width` does not fit in what is left of this one.
void same_line_or_wrap(float width);
// A two-column form: the label wraps in the left column, the widget fills the right.
bool form_begin(const char* id);
void form_row(const char* text, const char* help = nullptr);
// The form row of a session setting: its label and help from the settings table.
void setting_row(const App& app, const char* key);

}  // namespace pla::app

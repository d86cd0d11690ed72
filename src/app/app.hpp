// Perceptron Lab app: the Dear ImGui interface. It reads the core's Session and
// sends it commands; it owns only small UI state (the view, the tool in use, the
// open panels). The platform layer fills in PlatformHooks.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "app/i18n.hpp"
#include "app/mapping.hpp"
#include "core/generators.hpp"
#include "core/lesson.hpp"
#include "core/session.hpp"
#include "core/urlstate.hpp"

namespace pla::app {

// What only the platform can do. Unset hooks hide the matching buttons.
struct PlatformHooks {
  // Offers a file to the user (browser: a download; native: written to the working
  // folder). `where` says where it went. False + `where` = the error.
  std::function<bool(const std::string& name, const std::string& mime, const std::string& bytes, std::string& where)>
      save_file;
  // Opens the platform's file picker for a data file (browser); the platform then
  // calls Session::import_csv. Native builds type a path instead.
  std::function<void()> pick_data_file;
  // Saves a PNG of a rectangle (display pixels) of the frame being drawn.
  std::function<void(const std::string& name, float x0, float y0, float x1, float y1)> save_png;
  // Puts a link to this lesson (its query string) where the user can copy it.
  std::function<void(const std::string& query)> copy_link;
  // Puts a text (the iframe snippet) on the clipboard.
  std::function<void(const std::string& text)> copy_text;
  // Forgets the saved state and reloads the lesson the page was opened with.
  std::function<void()> reset_to_lesson;
};

// The decision field of a non-linear hypothesis, sampled on a coarse pixel grid
// and cached until the hypothesis or the view changes.
struct FieldCache {
  std::uint64_t step = ~0ull;
  const void* learner = nullptr;
  Mapping view;
  int cell = 6, cols = 0, rows = 0;
  std::vector<signed char> sign;
};

// The link maker's choices (for teachers: a lesson, language, panels, theme, embed).
struct LinkMaker {
  bool open = false;
  int lesson = 1;  // 0: none, else 1 + the index in builtin_lesson_ids()
  int lang = 0;    // index in user_languages()
  bool panels[5] = {true, true, true, true, true};
  std::string theme = "light";  // a choice of the `theme` setting (ui_settings_table)
  bool embed = false;
  bool lessons_menu = false;  // embed mode: the Lessons menu shown all the same (lessons_menu=1)
};

struct App {
  Session session;
  PlatformHooks hooks;

  // Data canvas
  Mapping view;
  bool fit_pending = true;
  int draw_label = 1;           // class a left click adds (right click or Shift adds the other)
  bool delete_mode = false;
  bool show_hull = false, show_max_margin = false, show_alpha = true, show_mistakes = true;
  bool show_update = true, show_field = true;
  int drag_point = -1;          // index of the point being moved
  Vec2d drag_to;
  bool pressing = false, panning = false;
  Vec2d press_pixel;
  int hovered_point = -1;       // data row under the mouse (neuron view)
  FieldCache field;
  Vec2d canvas_min, canvas_max, plots_min, plots_max;  // for PNG export

  // Panels
  bool show_help = false;
  bool training = false;        // a long "train to the end" run in slices, cancellable
  int select_plot_tab = -1;     // a tab to bring to the front on the next frame (0..3)
  int plot_tab = 0;             // the tab in front (as drawn last)
  GenSpec gen;
  char path[512] = "";
  char eta_list[128] = "1, 0.1, 0.01, 0.001";
  // Embedding and sharing
  bool embed = false;           // minimal chrome: canvas plus a compact control strip
  bool dark = false;            // dark theme
  bool panel_data = true, panel_algorithm = true, panel_run = true, panel_theory = true, panel_plots = true;
  bool autoplay = false;
  bool dark_applied = false;    // the ImGui style in use
  // Language and text size (link parameters lang and font_scale).
  Lang lang = Lang::En;
  double font_scale = 1.0;      // 0.75 .. 2.5: text and layout together, for projectors
  double font_scale_applied = 0.0;  // the scale the fonts were last built for (0: not yet)
  float strip_height = 0.0f;    // the embed strip's height as drawn last (its rows wrap)
  bool touch = false;           // a touch screen (set by the platform): every control at least 44 px high
  double style_scale_applied = 0.0;
  bool touch_applied = false;
  // Accessibility (describe.hpp, keynav.cpp): the high-contrast theme (theme=contrast),
  // the system's reduced-motion wish (set by the platform: no autoplay), and the
  // canvas's keyboard cursor (data coordinates; shown while the canvas has the focus).
  bool contrast = false, contrast_applied = false;
  bool reduced_motion = false;
  bool cursor_shown = false;
  Vec2d cursor;
  bool canvas_focused = false;  // the canvas had the keyboard focus in the last frame
  // The guided lesson in progress, if any (commands lesson, lesson_next, lesson_back,
  // answer, lesson_exit), and the text typed as a number answer.
  LessonRunner lesson;
  // The course: the Lessons menu (lessons_menu.cpp; in embed mode only with the setting
  // lessons_menu), the student's progress through the built-in lessons (kept by the
  // platform with the saved work whenever course_revision changes), the built-in lesson
  // open (empty: none, or a teacher's lesson), and the key of the open lesson's progress:
  // a built-in lesson's id, or "file:" and a hash of a teacher's lesson text (the page
  // fetches that file again on a reload, and the student goes on where they left it; a
  // changed file is another lesson and starts at step 1).
  bool lessons_open = false, lessons_menu = false;
  CourseProgress course;
  std::uint64_t course_revision = 0;
  std::string builtin_open, progress_key;
  LinkMaker maker;
  char answer_text[64] = "";
  std::vector<Message> notices;  // dismissible notices (ignored link parameters, ...), shown in the language in use
  Message message;              // the last error or result of a UI action
  bool message_is_error = false;
};

// One built-in lesson as the Lessons menu and state().lessons show it: its title in the
// language in use, its steps and questions (steps that ask one), and the student's
// progress: step reached (1-based; 0 not started), done, questions answered right.
struct LessonRow {
  std::string id, title;
  std::size_t steps = 0, questions = 0, step = 0, right = 0;
  bool done = false;
};
std::vector<LessonRow> lesson_rows(const App& app);  // course order (web/lessons/course.json)
// The Lessons menu can be opened: always, except in embed mode without lessons_menu.
bool lessons_menu_available(const App& app);

// Sets up a fresh lesson: the six-point preset trained by the classic perceptron.
void init(App& app);
// Builds one frame of the interface; dt is the time since the last frame (seconds).
void frame(App& app, float dt);
// Display position (ImGui pixels) where data point (x, y) is drawn.
Vec2d to_screen(const App& app, double x, double y);
// The session's state plus the interface's own settings (plot, hull, ...), one
// JSON object: what window.perceptronLab.state() returns.
std::string state_json(const App& app);
// The interface's own settings (the view, the theme, the panels): one table of the
// same shape as the session's (core/settings.hpp); `set KEY VALUE`, state(), links and
// saved state walk it.
using UiSetting = Setting<App>;
const std::vector<UiSetting>& ui_settings_table();
// The interface's own settings, as `set KEY VALUE` takes them.
std::vector<std::pair<std::string, std::string>> ui_settings(const App& app);
// state() as typed JSON: the session's part plus the interface's.
Json state(const App& app);

// The interface's own commands (fit the view, sliced training, play toggle),
// checked and run like the session's; run_command tries them first.
struct AppCommand {
  const char* name;
  const char* usage;
  int min_args, max_args;
  Status (*run)(App&, const std::vector<std::string>& args);
};
const std::vector<AppCommand>& app_commands();
// Every command name: the session's, then the interface's.
const std::vector<std::string>& command_names();
// run_command, then the result shown in the interface's message line (buttons and keys).
Status act(App& app, const std::vector<std::string>& args);
// Applies link parameters (from a link or the saved state): data first (preset,
// gen, data), then settings, then the initial step and autoplay. Parameters that
// are unknown or invalid are skipped and listed in `ignored` ("key: why"); nothing
// a parameter says can crash or hang the app (sizes and steps are capped).
void apply_params(App& app, const Params& params, std::vector<Message>& ignored);
// The link parameters that reproduce the lab as it is (data inline up to
// kMaxLinkPoints points, else the preset or generator that made it).
Params link_params(const App& app);
// Runs a textual command as window.perceptronLab does, keeping the view in step
// (a new data set refits the view). The one entry point for scripted commands.
Status run_command(App& app, const std::vector<std::string>& args);

}  // namespace pla::app

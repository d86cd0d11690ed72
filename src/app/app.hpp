// Perceptron Lab app: the Dear ImGui interface. It reads the core's Session and
// sends it commands; it owns only the interface's state, each App its own (the view,
// the pointer, the panels, the plots' caches, ...: no state is shared between Apps).
// The platform layer fills in PlatformHooks.
//
// [SECTION] The name tables: plot tabs and panels
// [SECTION] Per-app state, by concern
#pragma once
#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "app/i18n.hpp"
#include "app/mapping.hpp"
#include "app/point_batch.hpp"
#include "app/theme.hpp"
#include "core/data/generators.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/session/urlstate.hpp"
#include "core/lab/studio/studio.hpp"
#include "core/theory/vc.hpp"

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
  // Makes a package for a course (the command `package`; "For your course"): standard
  // scorm12, scorm2004, h5p or html, options the checked JSON object package_options() writes.
  // The work goes on in the platform's own time (browser: web/package/make_package.js); the file
  // is offered as a download when `download` (the dialog's buttons), and the platform reports
  // the end with package_done(). False: this platform makes no packages (unset: neither).
  std::function<bool(const std::string& standard, const std::string& options, bool download)> make_package;
  // Opens the platform's file picker for a lesson file, or a box to paste a lesson's text
  // (browser); the platform then runs `lesson_add` with the text.
  std::function<void()> pick_lesson_file;
  std::function<void()> paste_lesson;
  // The address of the page the lab runs in (no query or hash), for the embed code; empty
  // where it has none a course page could use (a file opened from disk).
  std::function<std::string()> page_address;
  // The studio's lesson file picked, or pasted (browser): the platform then runs `studio_load`
  // with its text.
  std::function<void()> pick_studio_file;
  std::function<void()> paste_studio;
  // A link that opens a lesson: the page's address and the lesson's whole text compressed into
  // its fragment (#lesson-data=...). False: no link made (`link` says why, in English).
  std::function<bool(const std::string& lesson, std::string& link)> share_link;
  // Draws a batched layer of the canvas (app/point_batch.hpp) from buffers the platform keeps
  // on the GPU, as an ImDrawList callback; unset: the layer's triangles go into the draw list.
  ImDrawCallback draw_batch = nullptr;
};

// -----------------------------------------------------------------------------
// [SECTION] The name tables: plot tabs and panels
// -----------------------------------------------------------------------------
// (The themes are theme.hpp's themes(); the 3-D view's modes are core's view3d_names().)

struct App;

// One plot tab (charts.cpp holds the list): the name `set plot`, links and state().plot
// use, the catalog key of its label, and what draws it. The ImGui id is "tab_" + name.
struct PlotTab {
  const char* name;       // "mistakes"
  const char* label_key;  // "plots.tab_mistakes"
  void (*draw)(App& app, float height);
  unsigned cues;           // what it shows that a lesson question may hide (core/conceal.hpp)
  const char* hidden_key;  // the line shown instead while hidden ("conceal.trace")
};
// The plot tabs, in tab order (plot = index into this list).
const std::vector<PlotTab>& plot_tabs();
// The plot tabs' names, in tab order (the `plot` setting's choices).
std::vector<std::string> plot_tab_names();
// The plot tabs shown as the `tabs` setting writes them ("mistakes,rates", or "none"), and read
// from a comma-separated list of names (or "all", "none"): bit i for plot_tabs()[i].
std::string tabs_text(unsigned shown);
Status parse_tabs(const std::string& value, unsigned& out);

// Which panels are shown (the `panels` setting; the link maker's choice).
struct PanelFlags {
  bool data = true, algorithm = true, run = true, theory = true, plots = true;
};
// One panel (panels.cpp holds the list): the name the `panels` setting takes, the catalog
// key of its title, its flag, and what draws its content. The side panels are drawn in
// the control panel; the plots in their own window under the canvas.
struct PanelInfo {
  const char* name;       // "data"
  const char* label_key;  // "panel.data"
  bool PanelFlags::*shown;
  void (*draw)(App& app);
  bool side;              // in the control panel (not: the plots, under the canvas)
};
// The panels, in the order the control panel and the `panels` setting list them.
const std::vector<PanelInfo>& panel_list();
// The panels shown as the `panels` setting writes them ("data,run", or "none"), and read
// from a comma-separated list of names (or "all", "none").
std::string panels_text(const PanelFlags& shown);
Status parse_panels(const std::string& value, PanelFlags& out);

// -----------------------------------------------------------------------------
// [SECTION] Per-app state, by concern
// -----------------------------------------------------------------------------

// The decision field of a non-linear hypothesis, sampled at the corners of a coarse pixel
// grid and cached until the hypothesis or the view changes.
struct FieldCache {
  std::uint64_t step = ~0ull;
  const void* learner = nullptr;
  Mapping view;
  int cell = 6, cols = 0, rows = 0;
  std::vector<float> value;  // f at the cells' corners, (cols + 1) x (rows + 1): the boundary between them is interpolated
};

// The data canvas: how data coordinates map to pixels, the layers shown (view settings
// hull, max_margin, alpha, mistakes, update, field), the field's cache, and where the
// canvas was drawn last (PNG export).
struct CanvasView {
  Mapping map;
  bool fit_pending = true;  // fit the view to the data on the next frame
  bool show_hull = false, show_max_margin = false, show_alpha = false, show_mistakes = true;  // α as size: opt-in (issue 38)
  bool show_update = true, show_field = true;
  // The layout puts the run panel below the first screen (narrow: a phone held upright), so
  // a status inviting Play carries its own Play button (canvas_labels.cpp, frame.cpp).
  bool play_in_status = false;
  // What the last frame drew of the cues an open question may hide (state().cues: the
  // browser tests check that a concealed cue is not drawn).
  struct Cues {
    std::size_t crosses = 0, query_labels = 0;
    bool regions = false, alpha_size = false, hull = false, max_margin = false, hover_verdict = false;
    std::vector<std::string> point_names;  // the names placed beside points (x1 …)
    std::string status;                     // the status line along the canvas's top
    bool empty_hint = false;                // an empty canvas said what a click does
    std::vector<float> play;                // the status line's Play button (display pixels), or empty
  } drawn;
  FieldCache field;
  CanvasBatches batches;         // the points and the field as batched geometry
  Vec2d canvas_min, canvas_max;  // display pixels
};

// What a tap on the canvas does on a touch screen (the tool row under it, canvas.cpp).
enum class TouchTool { Edit, Query, Update };

// The pointer, the keyboard cursor and the touch tools on the canvas.
struct CanvasInput {
  int draw_label = 1;           // class a left click adds (right click or Shift adds the other)
  bool delete_mode = false;
  int drag_point = -1;          // index of the point being moved
  Vec2d drag_to;
  bool pressing = false, panning = false;
  Vec2d press_pixel;
  int hovered_point = -1;       // data row under the mouse (neuron view)
  // The canvas's keyboard cursor (data coordinates; shown while the canvas has the focus).
  bool cursor_shown = false;
  Vec2d cursor;
  bool canvas_focused = false;  // the canvas had the keyboard focus in the last frame
  TouchTool touch_tool = TouchTool::Edit;
  float touch_tools_height = 0.0f;  // the tool row's buttons as drawn last (they wrap)
  // The tool buttons' centres as drawn last (display pixels), for tests: pos, neg, query,
  // update, delete, clear.
  std::vector<std::pair<std::string, Vec2d>> touch_tool_centres;
};

// The iteration table's rows and cells, rebuilt from the trace when the viewed step or
// the run changes (at most every 0.3 s for long tables), and how it follows new rows.
struct IterationCache {
  std::uint64_t revision = ~0ull, viewed = ~0ull, last = ~0ull, updates = ~0ull;
  double running_b = 0.0;
  std::vector<double> running_w;
  double built_at = -1e9;
  std::vector<IterationRow> rows;
  // The cells as drawn: k, point, x, y, w before, b before, w.x + b, w after, b after.
  std::vector<std::array<std::string, 9>> cells;
  bool any_chosen = false;
  std::size_t follow_count = 0;  // rows when new rows were last followed
  int follow = 0;                // frames left to follow, counted while the list has a measured height
};

// The VC tab's measured curve, computed when the generator or the learner changes.
struct VcCache {
  std::string key;
  VcRun run;               // the curve, computed a few sizes per frame (vc_part)
  bool computing = false;  // the tab drew an unfinished curve this frame (frames go on)
};

// The plots panel: the tab in front, the tabs' own state and caches.
struct PlotsUi {
  int select_tab = -1;          // a tab to bring to the front on the next frame (index into plot_tabs())
  int tab = 0;                  // the tab in front (as drawn last)
  char eta_list[128] = "1, 0.1, 0.01, 0.001";
  Vec2d min, max;               // where the panel was drawn last (display pixels; PNG export)
  bool tab_bar_last = false;    // the last frame drew a tab bar (not the row of buttons)
  std::string lang_last = "en";  // the language of the last frame's tab labels
  IterationCache iterations;
  VcCache vc;
};

// What ImGui's style and the fonts were last built for.
struct Applied {
  Theme theme = Theme::Light;
  double style_scale = 0.0;
  bool touch = false;
  double font_scale = 0.0;      // 0: not yet
  // The language chosen whose fonts were not at hand when the fonts were last built
  // (fonts.hpp: the browser fetches a language's fonts when it is first chosen); the
  // interface is drawn in English meanwhile. Empty: none.
  std::string fonts_missing;
};

// A lesson's place_line question: the student's line through two handles (data
// coordinates), keyed by the question shown (LessonRunner::shown_serial: a new question,
// or the same step shown again, starts them afresh on the current line's visible segment).
struct LineHandles {
  std::uint64_t serial = 0;  // the lesson step shown when placed
  Vec2d p[2];                // the handles
  int dragging = -1;         // the handle being dragged
  bool placed = false;
  int next_key = 0;          // the handle the keyboard's Enter puts at the cursor next
};

// A field of the interface the page lays a real input over (a phone's keyboard, an input
// method's composed text reach only a real one), as the last frame drew it.
struct PageInputField {
  bool shown = false;           // drawn, in its window's view, nothing over it
  Vec2d min, max;               // the field (display pixels)
  bool active = false;          // ImGui's field has the keyboard focus (a click or Tab)
  unsigned id = 0, window = 0;  // ImGui's ids of the field and of its window
  // Set by the platform: the page's input has the focus (ImGui's field then only shows the
  // text the page writes), and it has just taken it.
  bool page_focus = false, focus_request = false;
};

// The lesson's own widgets on the canvas.
struct LessonUi {
  mutable LineHandles line;  // placed when first needed (from const code too)
  // A step's work runs in slices (LessonRunner::work), this much lab work per frame and
  // in the command that starts it; the view is refitted when the work of an opened
  // lesson ends (its data may come last).
  double budget_seconds = 0.025;
  bool fit_when_done = false;
  // Next while the work runs waits for its end: pressed in the interface (during a
  // frame) it is deferred to then; a script's lesson_next finishes the work first.
  bool next_when_done = false;
  bool in_frame = false;  // frame() is running
  // A lesson was opened: the next frame scrolls its panel to it (the question in view).
  bool scroll_to = false;
  // Embed mode: the lesson's height above the canvas (display pixels; it grows to fit
  // the steps shown, never shrinks while the lesson is open, so the canvas stays put).
  float embed_height = 0.0f;
  // The number question's answer field as the last frame drew it, for the page's real
  // text input over it (a phone's keyboard opens only for one: src/platform/main.cpp).
  struct AnswerField : PageInputField {
    std::string hint, label;    // its placeholder and the question (the input's name)
  } answer;
};

// A finger dragging a panel scrolls it (touch screens; app.cpp): the window under the
// press, and whether the drag became a scroll.
struct Swipe {
  unsigned window = 0;  // ImGuiID of the window scrolled (0: none)
  bool scrolling = false;
  int axis = 1;         // 0: x, 1: y
};

// Tab through windows (keynav.cpp): this frame's request and the one carried to the next.
struct KeyNav {
  int dir = 0;           // this frame's Tab: +1, -1 (0: none of ours)
  int pending = 0;       // enter the window focused last frame at its first (+1) or last (-1) control
  int entering = 0;      // this frame enters a window (the pending direction)
  bool fresh = false;    // no control had the focus: start at the first (last) window
};

// A long run in slices, driven frame by frame while App::training (cancellable, with
// progress): "Train to the end" (train_start: to a stop rule), a command whose work did not
// fit in one slice (train, epoch, next_update, compare: Session::start_run, the same steps
// as the command run at once), or a link's or saved state's step. Each frame (and the
// command that starts the run) does about budget_ms of lab work (at least one piece: 4096
// steps at most).
struct SlicedRun {
  std::string kind = "train_start";  // "train_start", "step", or the command's name
  CommandRun command;                // a command's run (kind: its name)
  std::uint64_t to_step = 0;         // kind "step": the step to reach (a stop rule may end it sooner)
  std::uint64_t start_step = 0;      // the learner's step when it started
  double budget_ms = 25.0;
  double slice_ms_max = 0.0;         // the longest slice since the platform last read it (ms)
  bool last_finished = false;        // the last run reached its goal (false: cancelled)
};

// The link maker's choices (for teachers: a lesson, language, panels, theme, embed).
struct LinkMaker {
  bool open = false;
  int lesson = 1;  // 0: none, else 1 + the index in builtin_lesson_ids()
  std::string lang = "en";  // one of user_languages()
  PanelFlags panels;
  Theme theme = Theme::Light;
  bool embed = false;
  bool lessons_menu = false;  // embed mode: the Lessons menu shown all the same (lessons_menu=1)
};

// "For your course" (course_maker.cpp): the lessons, language, pass mark, theme and panels of
// the packages a teacher downloads, and how the last one went.
struct CourseMaker {
  bool open = false;
  std::vector<std::string> lessons;  // the lessons ticked (ids); packed in the Lessons menu's order
  bool chosen = false;               // lessons set (else: the lesson open, or the first)
  std::string lang = "en";           // one of user_languages()
  bool with_pass = false;
  int pass = 80;                     // percent
  Theme theme = Theme::Light;
  PanelFlags panels;
  bool embed = false;
  std::string added;                 // a lesson just added (lesson_add): ticked at the next frame
  std::string making;                // the standard being made ("" none)
  // The last package made, or why not: a core message (a refused option), or a catalog key
  // and its arguments (the platform's report; status_why: the catalog's words for its
  // reason, else the reason as the platform gave it), shown in the language in use.
  Message status;
  std::string status_key, status_why;
  MsgArgs status_args;
  bool status_error = false;
};

// A teacher's lesson added to the lab's lessons (`lesson_add`): listed after the built-in
// ones and opened by its id as they are.
struct OwnLesson {
  std::string id, json;
  LessonInfo info;
};

// The teacher's studio (studio_commands.cpp, studio_panel*.cpp): the lesson being made, the
// lesson commands run since its step was selected (its actions when recorded), the last
// recording's report, a student's try of it, and the panel's own choices.
// The longest share link the studio makes (characters): a lesson whose link is longer is
// saved as a file instead (README, "Write a lesson").
constexpr std::size_t kStudioLinkMax = 32000;
struct StudioUi {
  Studio studio;
  std::vector<StudioCommand> log;  // the commands run since the step was selected
  StudioRecord recorded;           // what the last "Record this step" wrote
  bool has_recorded = false;
  // Try as a student: the lesson opened in `try_lang`; when it closes the studio opens again at
  // step `try_step` in the language the teacher had (`lang_before`).
  bool trying = false;
  std::size_t try_step = 0;
  std::string try_lang = "en", lang_before = "en";
  // The panel's own state:
  std::uint64_t synced = ~0ull;    // the draft's revision the edit buffers were filled from
  std::map<std::string, std::string> buffers;  // the fields' text as typed, by "step|field|lang"
  std::string last_field = "narration";  // the text field edited last (a placeholder goes there)
  int pick_checked = -1;           // pick_point: the point the teacher checked last (-1 none)
  bool pick_right = false;         // and whether it is the lab's answer
  bool picking = false;            // pick mode: a click on a point of the canvas checks it (studio_pick)
  // Where the panel's items were drawn in the last frame, by their ImGui id ("studio_record",
  // "studio_text_0|narration|en", ...): x0, y0, x1, y1 in display pixels (browser tests click them).
  std::map<std::string, std::array<float, 4>> items;
  StudioView view_defaults;        // the interface's view when the app started (init)
  const Catalogs* catalogs = nullptr;  // the catalogs the studio was given last (the session's)
  // The text field being typed in, for the page's real text box over it (an input method's
  // Vietnamese or Chinese reaches only a real one; web/page/studio.js): set when drawn active.
  struct PageField : PageInputField {
    bool multiline = false;
    std::size_t step = 0;         // which text: as studio_text names it
    std::string field, lang, label;
  } field;
};

struct App {
  Session session;
  PlatformHooks hooks;

  CanvasView view;
  CanvasInput input;
  PanelFlags panels;            // the panels shown (setting panels)
  unsigned tabs = ~0u;          // the plot tabs shown: bit i for plot_tabs()[i] (setting tabs)
  unsigned locked_controls = 0;  // the groups of controls a lesson keeps from the student while it
                                 // is open (setting locked; core/conceal.hpp Control)
  PlotsUi plots;
  LessonUi lesson_ui;
  Swipe swipe;
  KeyNav keynav;
  LinkMaker maker;
  CourseMaker course_maker;
  std::vector<OwnLesson> own_lessons;
  StudioUi studio;
  // A command's reply text (studio_export, studio_link), set by the command; the page's
  // command() returns it as `reply`. Cleared by run_command before each command.
  std::string reply;

  // Panels
  bool show_help = false;
  bool training = false;        // a long run in slices (SlicedRun), cancellable
  SlicedRun run;
  GenSpec gen;
  char path[512] = "";
  // Embedding and sharing
  bool embed = false;           // minimal chrome: canvas plus a compact control strip
  bool autoplay = false;
  // The look: the theme (theme=light|dark|contrast; contrast: describe.hpp), the language
  // and text size (link parameters lang and font_scale), a touch screen (set by the
  // platform: every control at least 44 px high), the system's reduced-motion wish (set by
  // the platform: no autoplay), and what the style and fonts were built for.
  Theme theme = Theme::Light;
  std::string lang = "en";      // a catalog's code (i18n.hpp: user_languages), or "pseudo"
  double font_scale = 1.0;      // 0.75 .. 2.5: text and layout together, for projectors
  bool touch = false;
  bool reduced_motion = false;
  Applied applied;
  float strip_height = 0.0f;    // the embed strip's height as drawn last (its rows wrap)
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
  char answer_text[64] = "";
  // Commands that wait for a file this build left out (data_wait.cpp: a built-in lesson's
  // text, a language's catalog), run again in order once none is pending; the files that
  // have come (the fonts look at the texts again); a language whose catalog could not come.
  std::vector<std::vector<std::string>> waiting;
  std::uint64_t files_arrived = 0;
  std::string lang_failed;
  std::vector<Message> notices;  // dismissible notices (ignored link parameters, ...), shown in the language in use
  Message message;              // the last error or result of a UI action
  bool message_is_error = false;
  // Where it was caused: the side panel drawing when the action ran ("data", "algorithm",
  // "run", ...; "" outside them: shown in the run panel) and the session's revision then (an
  // error goes away once the data or the settings change: it may no longer hold).
  std::string message_at;
  std::uint64_t message_revision = 0;
  std::string ui_section;       // the side panel being drawn (control_panel), else ""
  // Where the last frame drew the message (state().message, browser tests): the panel, how
  // many times, and whether right under the run buttons (beside Train).
  struct MessageShown {
    std::string at;
    int times = 0;
    bool by_train = false;
    float train[4] = {0, 0, 0, 0};  // the Train button (x0, y0, x1, y1, display pixels)
    float line[4] = {0, 0, 0, 0};   // the message, or the refusal beside Train
  } message_shown;
  mutable PseudoTexts pseudo_texts;  // "pseudo"'s texts, made as first asked for (i18n.hpp)

  // The interface's texts (i18n.hpp), in the language it is drawn in: the one chosen, or
  // English while that language's fonts are not at hand (Applied::fonts_missing)
  // (and English while its catalog has not come: core/base/data_files.hpp, data_wait.cpp).
  const std::string& shown_lang() const {
    return lang == applied.fonts_missing || !session.catalogs().whole(lang) ? kEnglish : lang;
  }
  Texts texts() const { return texts(shown_lang()); }
  Texts texts(const std::string& language) const { return Texts(session.catalogs(), language, pseudo_texts); }
  const char* tr(const char* key) const { return texts().tr(key); }
  std::string trf(const char* key, const MsgArgs& args) const { return texts().trf(key, args); }
  std::string msg(const Message& m) const { return texts().msg(m); }
  std::string label(const char* key, const char* id) const { return texts().label(key, id); }
};

// One built-in lesson as the Lessons menu and state().lessons show it: its title in the
// language in use, its steps and questions (steps that ask one), and the student's
// progress: step reached (1-based; 0 not started), done, questions answered right.
struct LessonRow {
  std::string id, title;
  std::size_t steps = 0, questions = 0, step = 0, right = 0;
  bool done = false;
};
std::vector<LessonRow> lesson_rows(const App& app);  // course order (web/lessons/course.json), then own lessons
// A teacher's lesson added with lesson_add, or null.
const OwnLesson* own_lesson(const App& app, const std::string& id);
// The command `package STANDARD [OPTIONS]`: checks OPTIONS (a JSON object: lessons (ids, or
// a lesson's JSON text), lang, pass, theme, panels, embed, title) and writes them as the
// platform's make_package takes them (a lesson added with lesson_add as its JSON text).
Status package_options(const App& app, const std::string& standard, const std::string& options, std::string& out);
// The platform's report of a package made (or not): the dialog shows it.
// error_code: "" (made), or the packager's reason (offline, files, too_big, ...); detail: its words.
void package_done(App& app, const std::string& standard, const std::string& name, double size_bytes, double ms,
                  const std::string& error_code, const std::string& detail);
// The dialog's line about the last package, in the language in use ("" none).
std::string course_status(const App& app);
// The Lessons menu can be opened: always, except in embed mode without lessons_menu.
bool lessons_menu_available(const App& app);

// The page's text box over the studio's field being typed in (StudioUi::PageField): its text,
// which becomes the field's (studio_text), and its focus, taken or lost.
void studio_field_input(App& app, const std::string& text);
void studio_field_focus(App& app, bool focused);

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

// Long work in slices (sliced_run.cpp, SlicedRun). run_sliced_command: a command that can
// run long (train, run, epoch, next_update, compare; run_command sends them here) does its
// first slice at once and, when that does not end it, goes on in the frames (App::training);
// the status is the command's own, or success while it goes on. begin_run: a run to the
// stop rule ("train_start") or to a link's step ("step", to_step) from the next frame on.
// advance_run: the frame's slice (while App::training); false when no run is left.
// working: sliced work is under way (a run, or a lesson's work). run_progress: state().run
// while App::training: {"kind", "done", "total" (thousandths), "visited", "step", "epoch",
// "updates"}.
Status run_sliced_command(App& app, const std::vector<std::string>& args);
void begin_run(App& app, const std::string& kind, std::uint64_t to_step = 0);
bool advance_run(App& app);
bool working(const App& app);
Json run_progress(const App& app);

// Files this build left out (core/base/data_files.hpp; data_wait.cpp). A command whose
// status is data_pending waits (wait_for_data keeps it: working() is true) and runs again
// once no file is pending (data_frame, once a frame, which also asks for the catalog of the
// language in use and adds it when it comes: the language is drawn in English until then, as
// while its fonts come). need_catalog: success when the language's catalog is whole (adding
// it when its file has come), else data_pending / data_failed.
// provide_data: the platform's delivery of a file (ok) or of why it could not come.
bool wait_for_data(App& app, const std::vector<std::string>& args, const Status& st);
void data_frame(App& app);
Status need_catalog(App& app, const std::string& code);
void provide_data(App& app, const std::string& name, bool ok, std::string text);

}  // namespace pla::app

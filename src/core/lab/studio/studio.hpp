// Perceptron Lab core: the teacher's studio. A Studio holds one lesson being made (the
// draft: the lesson file's own JSON tree, docs/lesson-format.md, unchanged) and edits it
// by operations a teacher does in the lab: record the lab as it is now as a step's setup
// and the commands run as its actions, write the texts per language, set a question,
// insert, duplicate, move and delete steps. After every edit the lesson loader's checks
// run on the draft and its problems are kept with their place (step, field, language), so
// the interface marks the field at fault. Previews walk the draft on a scratch Session
// with a LessonRunner, through their public API only: the texts as the student reads them
// at a step, the placeholders' values there, the answer the lab computes for a question
// and what on the screen would still give it away.
//
// Steps are numbered from 0, as in the file's "steps" array; a field is named as the file
// names it, below its step ("narration", "question.prompt", "question.options[1]",
// "setup.eta", "actions[0]"), array positions from 0 too. The loader's own messages keep
// their wording (problems carry them as they are).
//
// Every operation returns a Status and changes nothing when it fails. An edit that leaves
// the field it edits invalid is refused with the loader's message naming that field; an
// edit that makes another place invalid (a step moved before the one loading the data) is
// kept, and the place is listed in problems().
//
//   Studio st;
//   st.record(session, {{"next_update"}});            // step 0: the lab now, then next_update
//   st.text(0, "narration", "en", "w = {w}, b = {b}.");
//   st.question(0, R"({"kind": "number", "prompt": {"en": "b ="}, "from": "b_after"})");
//   if (st.problems().empty()) save(st.export_text());
//
// One object per owner (the interface holds one beside its Session); no process state.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/json.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/lesson.hpp"

namespace pla {

class Session;

// One problem of the draft: the loader's message and where it points.
struct StudioProblem {
  int step = -1;        // the step (0-based); -1: the lesson itself (format, id, title, steps)
  std::string field;    // below the step (or the lesson): "narration", "question.options[1]",
                        // "setup.data[3][2]", "actions[0]"; "" the whole step
  std::string lang;     // the language of the text at fault ("" when none)
  Message message;      // the loader's message (the interface renders it in its language)
  std::string english;  // its English rendering
};

// One step as the step list shows it.
struct StudioStepInfo {
  QuestionKind kind = QuestionKind::None;
  std::string summary;  // the English narration's start, on one line
};

// A text as the student reads it at its step.
struct StudioPreview {
  std::string text;       // its placeholders filled with the lab's numbers there
  bool fallback = false;  // not written in the language asked: the English text, as the student gets it
};

// A placeholder offered to a text, with its value at a step ("{k}", "3").
struct StudioPlaceholder {
  std::string name;   // "{k}"
  std::string value;  // as the step's narration would write it
};

// A text of a question's step that would show what the open question hides.
struct StudioGiveaway {
  std::string field;        // "narration", "question.prompt", "question.options[2]"
  std::string lang;         // the language it is written in
  std::string placeholder;  // "{answer}", "{mistakes}"
  std::string cue;          // the cue it shows (conceal.hpp's name), "answer" for {answer}
};

// The answer the lab computes now for a step's question.
struct StudioAnswer {
  QuestionKind kind = QuestionKind::None;
  bool computed = false;                  // from the lab (pick_point, place_line, "from"), not fixed in the file
  std::string expected;                   // as LessonRunner::answer takes it ("2", "yes", "-1", "1 1 -3", "none")
  std::string text;                       // as the student reads it, in the language asked
  unsigned concealed = 0;                 // the cues hidden while it is open (conceal.hpp)
  std::vector<StudioGiveaway> giveaways;  // what of the step's texts would give it away
};

// What record() wrote into a step.
struct StudioRecord {
  bool data = false;                  // the data went into the setup (a preset or its rows)
  std::vector<std::string> settings;  // the settings written, in the setup's order
  std::vector<std::string> view;      // the view keys written
  std::size_t actions = 0;            // the actions written
  std::vector<std::string> ignored;   // commands run that no lesson step can run ("play", ...)
  bool verified = false;              // the step was replayed (the draft up to it runs)
  std::vector<std::string> differs;   // what the replay reaches otherwise than the lab: "data",
                                      // "settings", "run" (step, w, b), "queries"
};

// Key/value pairs of the interface's own view settings (its `set` table), as text.
using StudioView = std::vector<std::pair<std::string, std::string>>;
// A command as Session::command takes it.
using StudioCommand = std::vector<std::string>;

class Studio {
 public:
  Studio();  // a new lesson (new_lesson()), in the languages of the embedded catalogs
  // The languages the lesson may be written in and the words its placeholders write: the
  // lab's (Session::shared_catalogs()), so a language the page added is one the studio takes.
  void use_catalogs(std::shared_ptr<Catalogs> catalogs);

  // ---- open or closed: the interface's mode (the draft stays while closed)
  void open() { open_ = true; }
  void close() { open_ = false; }
  bool is_open() const { return open_; }

  // ---- the draft
  // An empty lesson: id "my-lesson", no title yet, one step with no text and no setup (the
  // problems say what it lacks).
  Status new_lesson();
  // Any lesson file's text, kept as it is even when the loader refuses it (its problems are
  // listed); refused only when it is no JSON object. `source` names it in messages.
  Status load(const std::string& text, const std::string& source = "studio");
  // load() of a built-in lesson's file (lesson_builtin_unknown for an id that is none;
  // where this build left its text out, fetched through `files`: builtin_lesson_text).
  Status load_builtin(const std::string& id, DataFiles* files = nullptr);
  // The lesson's id (the loader's rule: 1 to 64 of a-z, 0-9, '-', '_').
  Status set_id(const std::string& id);
  // The selected step (the one record() writes; the interface shows it).
  Status select(std::size_t step);
  std::size_t selected() const { return selected_; }
  std::size_t steps() const;

  // ---- texts: `field` "narration", "prompt", "why", "options[I]", "whys[I]" (the question's,
  // I from 0; I equal to the count adds one) or "title" (the lesson's: `step` unused); `lang`
  // one of lesson_languages() of the catalogs in use. An empty text takes the language out (English: refused where
  // the text is required; an empty why or whys[I] in every language takes it out).
  Status text(std::size_t step, const std::string& field, const std::string& lang, const std::string& text);
  // The step's question as a JSON object of the format (any kind), or "null" to take it out.
  Status question(std::size_t step, const std::string& json);

  // ---- recording: the lab as it is now becomes step selected()'s setup (the data, the
  // session's settings and the interface's view, each only where it differs from what the
  // steps before it leave: the data of the step before, the settings those steps set, and
  // `view_defaults` with their views over it), and the commands run while recording its
  // actions (those a lesson may run, session_commands() marked kCmdLesson, in order; "run"
  // and the interface's "train_start" as "train"; others are listed in report.ignored).
  // The step's texts, question and view "conceal" stay. The first step always loads its data.
  Status record(const Session& lab, const std::vector<StudioCommand>& commands, const StudioView& view = {},
                const StudioView& view_defaults = {}, StudioRecord* report = nullptr);

  // ---- steps: a new empty step at `at` (0 .. steps()), a copy after `step`, a step moved
  // to position `to`, a step deleted (not the last one left). The selection follows.
  Status insert(std::size_t at);
  Status duplicate(std::size_t step);
  Status move(std::size_t from, std::size_t to);
  Status remove(std::size_t step);

  // ---- the result
  // The draft as a lesson file (`pla lesson --file` takes it once problems() is empty).
  std::string export_text() const;
  const Json& draft() const { return draft_; }
  // The loader's problems with the draft, in the order of the file (empty: it loads).
  const std::vector<StudioProblem>& problems() const { return problems_; }
  std::vector<StudioStepInfo> step_infos() const;
  // Grows with every change of the draft (a view can key a cache on it).
  std::uint64_t revision() const { return revision_; }

  // ---- previews, at a step of the draft walked from its start on a scratch session (the
  // steps with problems as far as they run); numbers through set_number_format's formatter.
  void set_number_format(NumberFormat fmt);
  // A field of the step (as text() names them, "title" too) as the student reads it in `lang`.
  Status preview(std::size_t step, const std::string& field, const std::string& lang, StudioPreview& out) const;
  // Any text (as typed, not yet stored) filled as `field` of the step would be.
  Status preview_text(std::size_t step, const std::string& field, const std::string& lang, const std::string& text,
                      StudioPreview& out) const;
  // Every placeholder of the table (lesson_placeholder_names()) with its value at the step.
  Status placeholders(std::size_t step, const std::string& lang, std::vector<StudioPlaceholder>& out) const;
  // The answer the lab computes for the step's question, and what would give it away.
  Status answer(std::size_t step, const std::string& lang, StudioAnswer& out) const;
  // Checks a reply as the student's would be (the teacher's click on the expected point).
  Status try_reply(std::size_t step, const std::string& reply, bool& right) const;
  // Walks the whole draft from its start on a scratch session, Next at every step (a question
  // passed over runs its effect as an answer would): the failures the loader cannot see
  // (an action the data refuses at run time, a place_line on lifted data), the first one
  // with its place in `failed` (left as it is when the walk succeeds).
  Status run_through(StudioProblem* failed = nullptr) const;
  // The lab as the student finds it at a step: before its setup (what record() compares
  // with), or shown (its setup and actions run, its question open). `lab` is replaced.
  Status lab_before(std::size_t step, Session& lab) const;
  Status lab_at(std::size_t step, Session& lab) const;

  // {"open", "lesson" (the draft), "step" (selected), "problems": [{"step", "field", "lang",
  // "code", "message"}], "steps": [{"kind", "summary"}]}: state().studio.
  Json state() const;

 private:
  struct Values;  // the placeholders' values at a step (studio_preview.cpp)
  // Keeps `next` or refuses it for a problem in one of `fields` of `step` (studio.cpp).
  Status edited(Json next, int step, const std::vector<std::string>& fields, const std::string& lang);
  void changed();  // the draft replaced: checked again, the selection and the caches follow
  Status step_index(std::size_t step) const;
  Status walk_to(std::size_t step, LessonRunner& runner, Session& lab) const;
  const Values* values(std::size_t step, const std::vector<std::string>& extra) const;

  bool open_ = false;
  Json draft_;
  std::string source_ = "studio";
  std::size_t selected_ = 0;
  std::uint64_t revision_ = 0;
  std::shared_ptr<Catalogs> catalogs_;
  std::vector<StudioProblem> problems_;
  Json runnable_;  // the draft with its faulty parts taken out (null: none loads)
  NumberFormat fmt_;
  mutable std::map<std::size_t, std::shared_ptr<const Values>> values_;  // by step, this revision
};

// The lesson loader's problems with a lesson tree, every one it can find (after each, the
// faulty part is taken out of a copy and the loader runs again); `runnable` the copy that
// loads at the end (null when none does).
std::vector<StudioProblem> studio_problems(const Json& lesson, const std::string& source, const Catalogs& catalogs,
                                           Json* runnable = nullptr);
// A lesson tree as its file's text: 2-space indents, a value on one line when it fits.
std::string lesson_file_text(const Json& lesson);
// The cues (conceal.hpp) a placeholder's value shows on the screen ({mistakes}: mistakes),
// kCueAll for {answer}; false for a name that is no row of the placeholder table.
bool studio_placeholder_cues(const std::string& name, unsigned& cues);

}  // namespace pla

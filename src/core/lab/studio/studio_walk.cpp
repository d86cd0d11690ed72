// Perceptron Lab core: the studio's walks (studio_internal.hpp): a lesson tree run on a
// scratch session by a LessonRunner, through its public API, to show a step or to find the
// lab as a step's setup finds it.
#include "core/lab/session/session.hpp"
#include "core/lab/studio/studio_internal.hpp"

namespace pla::studio {

namespace {

void fresh(const std::shared_ptr<Catalogs>& catalogs, Session& lab) {
  lab = Session();
  lab.share_catalogs(catalogs);
}

}  // namespace

Status walk_to_step(const Json& lesson, std::size_t target, const std::shared_ptr<Catalogs>& catalogs,
                    LessonRunner& runner, Session& lab) {
  fresh(catalogs, lab);
  runner = LessonRunner(lab);
  Status st = runner.load(json_text(lesson), "studio");
  if (st) st = runner.start(lab);
  while (st && runner.step() < target && !runner.done()) st = runner.next(lab);
  return st;
}

namespace {

// Every setting back to its default (two passes: a setting's value may depend on another's,
// as the lesson runner's start does) and no query points.
void defaults(Session& lab) {
  const SessionSettings fresh;
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& def : session_settings()) (void)lab.command({"set", def.key, setting_text(def, fresh)});
  (void)lab.command({"clear_queries"});
}

// A setting's value as the file writes it, as the text `set` takes.
std::string scalar_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  return v.is_number() ? json_number(v.get<double>()) : "";
}

// The data and settings of the setups of steps 0 .. target - 1 (what they write, as far as
// it applies; no action runs).
void setups_only(const Json& draft, std::size_t target, Session& lab) {
  defaults(lab);
  const Json* steps = draft.is_object() && draft.contains("steps") ? &draft["steps"] : nullptr;
  for (std::size_t i = 0; steps && steps->is_array() && i < target && i < steps->size(); ++i) {
    const Json& step = (*steps)[i];
    if (!step.is_object() || !step.contains("setup") || !step["setup"].is_object()) continue;
    const Json& setup = step["setup"];
    if (setup.contains("preset") && setup["preset"].is_string())
      (void)lab.command({"preset", setup["preset"].get<std::string>()});
    if (setup.contains("data") && setup["data"].is_array()) {
      std::string csv;
      const std::size_t width = !setup["data"].empty() && setup["data"][0].is_array() ? setup["data"][0].size() : 0;
      for (std::size_t j = 1; j < width; ++j) csv += "x" + std::to_string(j) + ",";
      csv += "label\n";
      for (const Json& row : setup["data"]) {
        if (!row.is_array()) continue;
        std::string line;
        for (const Json& v : row) line += (line.empty() ? "" : ",") + scalar_text(v);
        csv += line + "\n";
      }
      (void)lab.command({"import_csv", csv, "studio.csv"});
    }
    for (auto it = setup.begin(); it != setup.end(); ++it)
      if (it.key() != "preset" && it.key() != "data") (void)lab.command({"set", it.key(), scalar_text(*it)});
  }
}

}  // namespace

Status walk_before_step(const Json& lesson, const Json& draft, std::size_t target,
                        const std::shared_ptr<Catalogs>& catalogs, Session& lab) {
  fresh(catalogs, lab);
  if (target == 0) {
    defaults(lab);
    return Status::success();
  }
  if (lesson.is_object() && lesson.contains("steps") && lesson["steps"].is_array() &&
      target <= lesson["steps"].size()) {
    Json prefix = lesson;
    Json& steps = prefix["steps"];
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(target), steps.end());
    LessonRunner runner;
    Status st = walk_to_step(prefix, target - 1, catalogs, runner, lab);
    if (st && !runner.done()) st = runner.next(lab);  // the last question's effect: the lesson ends
    if (st && runner.done()) return st;
    fresh(catalogs, lab);
  }
  setups_only(draft, target, lab);
  return Status::success();
}

}  // namespace pla::studio

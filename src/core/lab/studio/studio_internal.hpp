// Perceptron Lab core: what the studio's files share (studio.hpp is the interface): the
// places in a lesson tree as the studio names them, and walks of a lesson tree on a
// scratch session through LessonRunner's public API.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/base/json.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/studio/studio.hpp"

namespace pla::studio {

// ---- places in a lesson tree
// "question.options[1]" -> {"question", "options", "[1]"}: keys and 0-based [I] positions.
std::vector<std::string> path_parts(const std::string& field);
// The value at `field` below `root` (null when there is none).
const Json* find_at(const Json& root, const std::string& field);
inline Json* find_at(Json& root, const std::string& field) {
  return const_cast<Json*>(find_at(static_cast<const Json&>(root), field));
}
// A text of a step ("narration", "question.prompt", "question.why", "question.options[I]",
// "question.whys[I]") or of the lesson ("title"): an object of one string per language.
bool is_text_field(const std::string& field);
// `field` is `outer` or lies inside it ("question.options[1]" inside "question").
bool inside(const std::string& field, const std::string& outer);
// The place of a failure of the loader or the runner ("steps[3].actions[2]" as step 2,
// field "actions[1]"); `langs` the languages a text may be written in.
StudioProblem problem_of(const Status& st, const std::vector<std::string>& langs);
// The failure a problem reports, as a Status (its cause kept).
Status as_status(const Message& m);
// "a, b, c".
std::string joined(const std::vector<std::string>& names);

// ---- walks of a tree that loads (Studio::runnable_): `lab` replaced by a fresh scratch
// session speaking `catalogs`, `runner` by a runner of it
// Loads `lesson` into `runner` and shows step `target` (its setup and actions run, its
// question open), as a student who passed every question before it with Next.
Status walk_to_step(const Json& lesson, std::size_t target, const std::shared_ptr<Catalogs>& catalogs,
                    LessonRunner& runner, Session& lab);
// The session as step `target`'s setup finds it: every setting back to its default, then the
// steps before it with their setups, actions and questions' effects. When those do not run
// (`lesson` null, a step failing), their setups alone (the data and the settings written).
Status walk_before_step(const Json& lesson, const Json& draft, std::size_t target,
                        const std::shared_ptr<Catalogs>& catalogs, Session& lab);

}  // namespace pla::studio

// Perceptron Lab core: what an open lesson question hides and locks (conceal.hpp).
#include "core/lab/lesson/conceal.hpp"

#include <cstring>

#include "core/lab/lesson/format.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/settings.hpp"

namespace pla {

// =============================================================================
// [SECTION] Cues
// =============================================================================

namespace {
// The cues, one row each: the bit and its name.
const std::vector<CueInfo> kCueTable = {
    {kCueMistakes, "mistakes"}, {kCueRegions, "regions"}, {kCueLoss, "loss"},
    {kCueTheory, "theory"},     {kCueAlpha, "alpha"},     {kCueTrace, "trace"},
    {kCueQueries, "queries"},   {kCueHull, "hull"},       {kCueVc, "vc"},
    {kCueCounts, "counts"},
};
}  // namespace

const std::vector<CueInfo>& cue_table() { return kCueTable; }

std::vector<std::string> cue_names(unsigned cues) {
  std::vector<std::string> out;
  for (const CueInfo& c : cue_table())
    if (cues & c.bit) out.emplace_back(c.name);
  return out;
}

std::string cue_names_joined() {
  std::string out = "all";
  for (const CueInfo& c : cue_table()) out += std::string(", ") + c.name;
  return out;
}

namespace {
// A list of names of `table` ("theory alpha", commas or spaces; "all": every bit of `all`) as
// bits; false on an unknown name (`bad` names it). The cues' and the controls' lists.
template <typename Info>
bool parse_names(const std::string& text, const std::vector<Info>& table, unsigned all, unsigned& out, std::string& bad) {
  unsigned bits = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j == i) break;
    const std::string name = text.substr(i, j - i);
    bool found = name == "all" || name == "none";
    if (name == "all") bits |= all;
    for (const Info& c : table)
      if (name == c.name) bits |= c.bit, found = true;
    if (!found) {
      bad = name.substr(0, 40);
      return false;
    }
    i = j;
  }
  out = bits;
  return true;
}
}  // namespace

bool parse_cues(const std::string& text, unsigned& out, std::string& bad) {
  return parse_names(text, cue_table(), kCueAll, out, bad);
}

// =============================================================================
// [SECTION] Rules
// =============================================================================

namespace {

// Which point the next update falls on, or whether the next visit is a mistake: the
// crosses and the regions single the point out, J₁ and the stop status count them.
constexpr unsigned kNextUpdate = kCueMistakes | kCueRegions | kCueLoss;

// One rule: a question of this kind whose `from` is this one ("" an answer fixed in the
// file, "*" any) conceals these cues. The first rule that matches applies.
struct ConcealRule {
  QuestionKind kind;
  const char* from;
  unsigned cues;
};

const ConcealRule kRules[] = {
    // Which point causes the next update: which points are misclassified now.
    {QuestionKind::PickPoint, "*", kNextUpdate},
    // Will the next visited point be a mistake.
    {QuestionKind::YesNo, "mistake", kNextUpdate},
    // Does the run end with every point classified right: the mistakes, the stop status,
    // the theory's "separable", the hulls.
    {QuestionKind::YesNo, "converged", kNextUpdate | kCueTheory | kCueHull},
    // A yes/no fixed in the file (is x3 misclassified, are the points separable, will the
    // next pass update, ...): every cue.
    {QuestionKind::YesNo, "", kCueAll},
    // A figure fixed in the file (R̂², α₃, G₁₃, J, the bound, h, y(w·x + b) of a point, k or
    // another count): it may be any figure the lab shows, so every figure and per-point
    // verdict.
    {QuestionKind::Number, "", kCueMistakes | kCueLoss | kCueTheory | kCueAlpha | kCueTrace | kCueVc | kCueCounts},
    // A figure after the next update (b, w⁽ʲ⁾, k): what the update will be.
    {QuestionKind::Number, "*", kNextUpdate | kCueTrace},
    // Where the line goes after the next update.
    {QuestionKind::PlaceLine, "*", kNextUpdate},
    // A choice (which point never updates, which query points are +1, which line, ...):
    // every cue.
    {QuestionKind::Choice, "*", kCueAll},
};

}  // namespace

unsigned question_conceals(const LessonQuestion& q) {
  if (q.kind == QuestionKind::None) return 0;
  for (const ConcealRule& r : kRules) {
    if (r.kind != q.kind) continue;
    if (std::strcmp(r.from, "*") == 0 || q.from == r.from) return r.cues;
  }
  return kCueAll;  // a kind or source no rule names: hide everything
}

// =============================================================================
// [SECTION] Locks
// =============================================================================

namespace {

// The settings that never change the run: the 3-D view beside the canvas and the speed
// of play (play itself is locked).
bool setting_moves(const std::string& key) {
  const Setting<SessionSettings>* def = find_setting(session_settings(), key);
  if (!def) return false;  // an interface setting (the view, the theme, ...) or none
  return def->invalidates != kView && key != "speed";
}

// The commands that run the lab along (the run's controls); every other command that moves
// the lab edits the data or the query points.
const char* const kRunCommands[] = {"reset",   "step", "step_back", "seek",        "next_update", "epoch",    "train",
                                    "run",     "play", "update_on", "train_start", "toggle_play", "compare"};

const std::vector<ControlInfo> kControlTable = {
    {kControlRun, "run"}, {kControlData, "data"}, {kControlSettings, "settings"}};

}  // namespace

const std::vector<ControlInfo>& control_table() { return kControlTable; }

unsigned command_controls(const std::vector<std::string>& args) {
  if (args.empty()) return 0;
  const std::string& name = args[0];
  if (name == "set") return args.size() >= 2 && setting_moves(args[1]) ? unsigned{kControlSettings} : 0u;
  for (const char* r : kRunCommands)
    if (name == r) return kControlRun;
  for (const Command& c : session_commands())
    if (name == c.name) return (c.flags & kCmdMoves) != 0 ? unsigned{kControlData} : 0u;
  return 0;
}

bool question_locks(const std::vector<std::string>& args) { return command_controls(args) != 0; }

std::string control_names(unsigned controls) {
  std::string out;
  for (const ControlInfo& c : control_table())
    if (controls & c.bit) out += (out.empty() ? "" : ",") + std::string(c.name);
  return out.empty() ? "none" : out;
}

bool parse_controls(const std::string& text, unsigned& out, std::string& bad) {
  return parse_names(text, control_table(), kControlAll, out, bad);
}

}  // namespace pla

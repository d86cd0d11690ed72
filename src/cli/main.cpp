// pla: the command-line face of the Perceptron Lab core.
//
//   pla train   --data FILE [options]     train a learner, print the result
//   pla margin  --data FILE [--json]      exact margin, Novikoff bound
//   pla gen     --kind KIND --out FILE    generate a data set
//   pla predict --model FILE --data FILE  predict with a saved model
//   pla lesson  --file FILE | --id ID     walk a lesson with the expected answers, print every text
//   pla --help, pla COMMAND --help, pla --version
//
// Exit status: 0 success, 2 bad input (usage, a malformed file), 1 other failures.
// Errors print in English (Status::error); which status a core failure gives is
// decided from its code (Status::exit_code, MsgKind), never from its words.
//
// [SECTION] index
//   usage        the usage and help texts; `pla train`'s from the settings table's CLI
//                column (session_settings()) and the name tables
//   options      --key value parsing, "did you mean", the reading options
//   train        flags -> settings (the table), train_run (core: placement and path), output
//   margin, gen, predict, lesson
//   main
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/lab/lesson/conceal.hpp"
#include "core/learn/fast_pla.hpp"
#include "core/data/generators.hpp"
#include "core/data/read/io.hpp"
#include "core/base/catalogs.hpp"
#include "core/base/json.hpp"
#include "core/learn/learners.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/data/lift.hpp"
#include "core/theory/margin.hpp"
#include "core/base/memory.hpp"
#include "core/learn/metrics.hpp"
#include "core/learn/model.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/settings.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/learn/stream_train.hpp"
#include "core/learn/train_run.hpp"

namespace {

constexpr int kOk = 0, kFailure = 1, kBadInput = 2;

// [SECTION] usage

const char* const kMarginUsage = "  pla margin --data FILE [--labels FILE.npy] [--decimal .|,] [--json]\n";
const char* const kGenUsage =
    "  pla gen --kind separable|noisy|xor|circles|moons|blobs|textbook|six|and|or|customers|iris\n"
    "          [--n N] [--d D] [--margin G] [--noise F] [--seed S] [--stream] --out FILE\n";
const char* const kPredictUsage = "  pla predict --model FILE --data FILE [--labels FILE.npy] [--decimal .|,] [--json]\n";

const char* const kLessonUsage = "  pla lesson --file FILE.json | --id ID [--lang CODE] [--wrong]\n";

const char* const kDataHelp =
    "Data files: CSV (label column last or named label/y; labels -1/1 or 0/1; ',' separated with a decimal\n"
    "  point, or ';' / tab separated with a decimal point or comma: 3,5;2,25;1), LIBSVM, or NumPy .npy\n"
    "  (float64/float32, C or Fortran order: a 2-D array with the label last, or --labels y.npy).\n";
// The learners whose row has `can`, as "classic or margin".
std::string learners_that(bool pla::LearnerInfo::*can) { return pla::join_choices(pla::learner_names_where(can)); }

// `pla train`'s own options besides the settings with a CLI flag: name, whether it takes a
// value, its usage item ("" when another's item shows it), and whether it comes before them.
struct OwnOption {
  const char* name;
  bool value;
  std::string usage;
  bool first;
};
std::string dtype_choices();
const std::vector<OwnOption>& train_own_options() {
  static const std::vector<OwnOption> own = {
      {"data", true, "--data FILE", true},
      {"labels", true, "[--labels FILE.npy]", true},
      {"trace", true, "[--trace FILE]", false},
      {"model", true, "[--model FILE]", false},
      {"json", false, "[--json]", false},
      {"dtype", true, "[--dtype " + dtype_choices() + "]", false},
      {"in-memory", false, "[--in-memory | --stream]", false},
      {"stream", false, "", false},
      {"decimal", true, "[--decimal .|,]", false}};
  return own;
}

std::string dtype_choices() {
  return std::string(pla::to_string(pla::DType::Float64)) + "|" + pla::to_string(pla::DType::Float32);
}

// A setting's value in the usage: its cli_value, its choices, or X (a number), N (a count).
std::string usage_value(const pla::Setting<pla::SessionSettings>& s) {
  if (s.cli_value) return s.cli_value;
  switch (s.type) {
    case pla::SettingType::Choice: {
      std::string v;
      for (const std::string& c : s.choices()) v += (v.empty() ? "" : "|") + c;
      return v;
    }
    case pla::SettingType::Real: return "X";
    case pla::SettingType::Count: return "N";
    case pla::SettingType::Flag: return "";
    default: {
      std::string v = s.key;
      for (char& c : v) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return v;
    }
  }
}

// `pla train`'s usage: --data, then every setting with a CLI flag in the table's order, then
// the rest of its own options, wrapped at 110 columns.
std::string train_usage() {
  std::vector<std::string> items;
  for (const OwnOption& own : train_own_options())
    if (own.first) items.push_back(own.usage);
  for (const auto& def : pla::session_settings()) {
    if (!def.cli) continue;
    const std::string v = usage_value(def);
    items.push_back("[--" + std::string(def.cli) + (v.empty() ? "" : " " + v) + "]");
  }
  for (const OwnOption& own : train_own_options())
    if (!own.first && !own.usage.empty()) items.push_back(own.usage);
  std::string out, line = "  pla train";
  for (const std::string& item : items) {
    if (line.size() + 1 + item.size() > 110) {
      out += line + "\n";
      line = "           ";
    }
    line += " " + item;
  }
  return out + line + "\n";
}

std::string train_help() {
  const std::string stream = learners_that(&pla::LearnerInfo::stream), fast = learners_that(&pla::LearnerInfo::fast);
  return "train keeps the data in memory when they fit (n x d x 8 bytes, 4 with --dtype float32, against the\n"
         "  physical memory and any cgroup limit), else reads the file once per epoch in bounded memory\n"
         "  (--in-memory and --stream force either). Streaming runs --algo " + stream + ", --order cyclic;\n"
         "  no --validation, --patience, --trace, --lift.\n"
         "train --dtype float32 stores the data as float (" + fast + ", cyclic): half the memory traffic;\n"
         "  float64 (the default) matches scikit-learn bit for bit.\n";
}
const char* const kGenHelp =
    "gen writes CSV, LIBSVM (.libsvm/.svm/.svmlight) or .npy by the extension of --out;\n"
    "  gen --stream writes kind separable row by row (CSV or LIBSVM).\n";

std::string usage_text(const std::string& command = "") {
  std::string u = "usage:\n";
  if (command.empty() || command == "train") u += train_usage();
  if (command.empty() || command == "margin") u += kMarginUsage;
  if (command.empty() || command == "gen") u += kGenUsage;
  if (command.empty() || command == "predict") u += kPredictUsage;
  if (command.empty() || command == "lesson") u += kLessonUsage;
  if (command.empty()) u += "  pla --help | pla COMMAND --help | pla --version\n";
  if (command != "gen" && command != "lesson") u += kDataHelp;
  if (command.empty() || command == "train") u += train_help();
  if (command.empty() || command == "gen") u += kGenHelp;
  if (command.empty() || command == "lesson")
    u += "lesson checks a lesson file as the lab loads it, then walks it step by step as a student who\n"
         "  answers every question with the expected answer (--wrong: with a wrong one where it can), and\n"
         "  prints each step's narration, question, options, the expected answer and the feedback in the\n"
         "  language asked for, with the numbers the lab shows (the built-in lessons: --id textbook, ...).\n";
  return u;
}

// [SECTION] options

// Edit distance (insert, delete, substitute, swap two neighbours), for "did you mean".
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) t[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) t[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t v = std::min(t[i - 1][j] + 1, t[i][j - 1] + 1);
      v = std::min(v, t[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) v = std::min(v, t[i - 2][j - 2] + 1);
      t[i][j] = v;
    }
  return t[a.size()][b.size()];
}

// The closest of `names` to `word` when it is close enough to be a typo, else "".
std::string closest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = 0;
  for (const std::string& n : names) {
    const std::size_t dist = edit_distance(word, n);
    const bool prefix = !word.empty() && n.rfind(word, 0) == 0;
    if ((dist <= std::max<std::size_t>(1, n.size() / 3) || prefix) && (best.empty() || dist < best_d)) {
      best = n;
      best_d = dist;
    }
  }
  return best;
}

// An error in the command line of `command` ("" before a command is known), with its usage.
int usage_error(const std::string& command, const std::string& message) {
  std::fprintf(stderr, "pla: %s\n%s", message.c_str(), usage_text(command).c_str());
  return kBadInput;
}

int input_error(const std::string& message) {
  std::fprintf(stderr, "pla: %s\n", message.c_str());
  return kBadInput;
}

// --key value options; flags (no value) are listed in `flags`.
bool parse_options(const std::vector<std::string>& args, const std::vector<std::string>& keys,
                   const std::vector<std::string>& flags, std::map<std::string, std::string>& out, std::string& error) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-h") {
      out["help"] = "true";
      continue;
    }
    if (a.rfind("--", 0) != 0) {
      error = "unexpected argument '" + a + "'";
      return false;
    }
    const std::string key = a.substr(2);
    if (key == "help") {
      out["help"] = "true";
      continue;
    }
    bool is_flag = false, is_key = false;
    for (const auto& f : flags) is_flag |= f == key;
    for (const auto& k : keys) is_key |= k == key;
    if (is_flag) {
      out[key] = "true";
    } else if (is_key) {
      if (i + 1 >= args.size()) {
        error = "option --" + key + " needs a value";
        return false;
      }
      out[key] = args[++i];
    } else {
      std::vector<std::string> all = keys;
      all.insert(all.end(), flags.begin(), flags.end());
      all.push_back("help");
      const std::string near = closest(key, all);
      error = "unknown option --" + key + (near.empty() ? "" : " (did you mean --" + near + "?)");
      return false;
    }
  }
  return true;
}

// `pla COMMAND --help`: the command's usage on stdout.
bool wants_help(const std::string& command, const std::map<std::string, std::string>& o) {
  if (!o.count("help")) return false;
  std::printf("%s", usage_text(command).c_str());
  return true;
}

// Reading options shared by train, margin and predict: --labels, --decimal.
bool read_options(std::map<std::string, std::string>& o, pla::ReadOptions& r, std::string& error) {
  if (o.count("labels")) r.labels_path = o["labels"];
  if (o.count("decimal")) {
    const std::string& v = o["decimal"];
    if (v == "." || v == "point") r.decimal = '.';
    else if (v == "," || v == "comma") r.decimal = ',';
    else {
      error = "--decimal must be '.' (point) or ',' (comma), not '" + v + "'";
      return false;
    }
  }
  return true;
}

// Reads a whole data file into memory with the in-memory limit (margin, predict).
pla::Status load_data(const std::string& path, pla::ReadOptions r, pla::Dataset& out) {
  r.max_values = pla::kMaxValues;
  return pla::load_stream(path, r, out);
}

std::string json_u64_array(const std::vector<std::uint64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

std::string format_vec(const std::vector<double>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + pla::json_number(v[i]);
  return s + ")";
}

// [SECTION] train

void print_outcome(const pla::TrainOutcome& t, const std::string& placement, const pla::LearnerConfig& lc, bool json) {
  const pla::TrainResult& r = t.r;
  if (json) {
    pla::JsonObject j;
    j.text("algo", pla::to_string(lc.algo))
        .num("eta", lc.pla.eta)
        .array("w", r.w)
        .num("b", r.b)
        .integer("epochs", static_cast<std::int64_t>(r.epochs))
        .integer("updates", static_cast<std::int64_t>(r.updates))
        .boolean("converged", r.converged)
        .text("stop_reason", pla::to_string(r.stop_reason))
        .integer("train_mistakes", static_cast<std::int64_t>(r.train_mistakes))
        .num("train_accuracy", t.train_accuracy)
        .raw("mistakes_per_epoch", json_u64_array(r.mistakes_per_epoch))
        .num("seconds", t.seconds)
        .integer("n", static_cast<std::int64_t>(t.n))
        .integer("d", t.d)
        .text("dtype", pla::to_string(t.dtype))
        .boolean("stream", t.streamed)
        .integer("data_bytes", static_cast<std::int64_t>(t.place.data_bytes))
        .text("placement", placement);
    if (t.has_validation) j.num("validation_accuracy", t.validation_accuracy);
    std::printf("%s\n", j.str().c_str());
  } else {
    std::string how;
    if (t.dtype == pla::DType::Float32) how += ", float32";
    if (t.streamed) how += ", streamed from the file";
    std::printf("%s perceptron on %zu points (d = %d), eta = %s%s\n", pla::to_string(lc.algo), t.n, t.d,
                pla::json_number(lc.pla.eta).c_str(), how.c_str());
    if (!r.w.empty()) std::printf("w = %s\nb = %s\n", format_vec(r.w).c_str(), pla::json_number(r.b).c_str());
    std::printf("%s after %llu epochs and %llu updates (%s)\n", r.converged ? "converged" : "stopped",
                static_cast<unsigned long long>(r.epochs), static_cast<unsigned long long>(r.updates),
                pla::to_string(r.stop_reason));
    std::printf("training mistakes %zu, accuracy %.4f\n", r.train_mistakes, t.train_accuracy);
    if (t.has_validation) std::printf("validation accuracy %.4f\n", t.validation_accuracy);
    if (!r.message.empty()) std::printf("%s\n", r.message.english().c_str());
    if (!placement.empty()) std::printf("data %s\n", placement.c_str());
  }
}

bool write_text(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size()) {
    if (f) std::fclose(f);
    std::fprintf(stderr, "pla: cannot write %s\n", path.c_str());
    return false;
  }
  std::fclose(f);
  return true;
}

std::string megabytes(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return buf;
}

// A one-line progress bar on stderr, redrawn at most 5 times a second, only on a terminal.
class ProgressBar {
 public:
  ProgressBar() : on_(isatty(fileno(stderr)) != 0) {}
  ~ProgressBar() { clear(); }
  void operator()(const pla::StreamProgress& p) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    if (p.epoch != epoch_ || !started_) {
      epoch_ = p.epoch;
      pass_start_ = now;
      started_ = true;
    } else if (shown_ && now - last_ < std::chrono::milliseconds(200)) {
      return;
    }
    last_ = now;
    const double frac = p.bytes_total > 0 ? static_cast<double>(p.bytes_done) / static_cast<double>(p.bytes_total) : 0.0;
    const int filled = static_cast<int>(frac * 30.0 + 0.5);
    const double secs = std::chrono::duration<double>(now - pass_start_).count();
    const double rate = secs > 0 ? static_cast<double>(p.bytes_done) / secs / 1e6 : 0.0;
    const std::string label = p.epoch > 0 ? "epoch " + std::to_string(p.epoch) : "counting mistakes";
    std::fprintf(stderr, "\r%s [%s%s] %3d%% %s of %s, %.0f MB/s, %llu updates\033[K", label.c_str(),
                 std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(30 - filled), '.').c_str(), static_cast<int>(frac * 100.0),
                 megabytes(p.bytes_done).c_str(), megabytes(p.bytes_total).c_str(), rate,
                 static_cast<unsigned long long>(p.updates));
    std::fflush(stderr);
    shown_ = true;
  }
  void clear() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
    shown_ = false;
  }

 private:
  bool on_;
  bool shown_ = false, started_ = false;
  std::uint64_t epoch_ = 0;
  std::chrono::steady_clock::time_point last_, pass_start_;
};

// Why the data are in memory or streamed, in words (the "placement" of the output).
std::string placement_text(const pla::DataPlace& p) {
  const std::string need = "the data need " + std::string(p.estimated ? "about " : "") + megabytes(p.data_bytes);
  const pla::MemoryInfo& mem = p.memory;
  const std::string available =
      mem.usable() == 0 ? "the available memory is unknown"
                        : megabytes(mem.usable()) + " available (physical memory " + megabytes(mem.physical) +
                              (mem.cgroup_limit ? ", cgroup limit " + megabytes(mem.cgroup_limit) : "") + ")";
  std::string text;
  if (p.forced == pla::Placement::InMemory) text = "in memory (--in-memory): " + need;
  else if (p.forced == pla::Placement::Stream) text = "--stream; " + need;
  else if (p.in_memory) text = "in memory: " + need + ", " + available;
  else text = need + ", more than 3/4 of the " + available;
  return p.in_memory ? text : "streamed from the file, one pass per epoch (" + text + ")";
}

// The `pla train` flag of a setting (its CLI column), or the key itself.
std::string flag_of(const std::string& key) {
  const auto* def = pla::find_setting(pla::session_settings(), key);
  return "--" + std::string(def && def->cli ? def->cli : key.c_str());
}

// The failure of a refused run, in the CLI's words.
int refused(const pla::TrainOutcome& t, const pla::Status& st, const std::string& path, const std::string& placement) {
  switch (t.refusal) {
    case pla::RunRefusal::StreamSetting: {
      const std::map<std::string, std::string> why = {
          {"validation", "a validation split is a random subset of the points"},
          {"patience", "early stopping needs a validation split"},
          {"trace", "a trace records every step"},
          {"lift", "lifting is applied to a data set in memory"}};
      const auto it = why.find(t.refused_setting);
      return input_error(placement + ": " + flag_of(t.refused_setting) + " is not available when streaming (" +
                         (it == why.end() ? "it needs the data in memory" : it->second) + ")");
    }
    case pla::RunRefusal::NotStreamable:
      return input_error(placement + ": " + st.error + " (streaming runs --algo " +
                         learners_that(&pla::LearnerInfo::stream) + " with --order cyclic and no --restart)");
    case pla::RunRefusal::Float32NeedsFast:
      return usage_error("train", "--dtype float32 runs --algo " + learners_that(&pla::LearnerInfo::fast) +
                         " with --order cyclic, without --restart, --trace or --patience");
    case pla::RunRefusal::BadLift: return usage_error("train", flag_of("lift") + ": " + st.error);
    case pla::RunRefusal::DataError: return input_error(path + ": " + st.error);
    case pla::RunRefusal::NoTrainingPoints: return input_error(path + ": no training points");
    default: return input_error(st.error);
  }
}

// The settings from the flags of the settings table's CLI column, checked as `set` checks
// them (and the learner as the session builds it, after each learner setting).
bool settings_from_flags(std::map<std::string, std::string>& o, pla::SessionSettings& cfg, std::string& error) {
  for (const auto& def : pla::session_settings()) {
    if (!def.cli || !o.count(def.cli)) continue;
    pla::Status st = pla::setting_parse(def, cfg, def.type == pla::SettingType::Flag ? "true" : o[def.cli]);
    std::unique_ptr<pla::Learner> probe;
    if (st && (def.invalidates & pla::kLearner)) st = pla::make_learner(cfg.learner, probe);
    if (!st) {
      error = "--" + std::string(def.cli) + ": " + st.error;
      return false;
    }
  }
  return true;
}

int cmd_train(const std::vector<std::string>& args) {
  std::vector<std::string> keys, flags;
  for (const OwnOption& own : train_own_options()) (own.value ? keys : flags).push_back(own.name);
  for (const auto& def : pla::session_settings())
    if (def.cli) (def.type == pla::SettingType::Flag ? flags : keys).push_back(def.cli);
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, keys, flags, o, error)) return usage_error("train", error);
  if (wants_help("train", o)) return kOk;
  if (!o.count("data")) return usage_error("train", "train needs --data FILE");
  if (o.count("stream") && o.count("in-memory")) return usage_error("train", "--in-memory and --stream exclude each other");
  pla::TrainRequest req;
  req.path = o["data"];
  if (!read_options(o, req.read, error)) return usage_error("train", error);
  pla::SessionSettings cfg;  // the session's defaults, the classic perceptron
  cfg.learner.algo = pla::Algo::Classic;
  if (!settings_from_flags(o, cfg, error)) return usage_error("train", error);
  if (o.count("dtype") && !pla::parse_dtype(o["dtype"], req.dtype))
    return usage_error("train", "--dtype must be float64 (the default) or float32, not '" + o["dtype"] + "'");
  req.learner = cfg.learner;
  req.stop = cfg.stop;
  req.validation = cfg.validation;
  req.lift = cfg.lift;
  req.placement = o.count("in-memory") ? pla::Placement::InMemory
                  : o.count("stream")  ? pla::Placement::Stream
                                       : pla::Placement::Auto;
  req.trace = o.count("trace") > 0;
  req.trace_json = req.trace && o["trace"].size() >= 5 && o["trace"].compare(o["trace"].size() - 5, 5, ".json") == 0;
  req.model = o.count("model") > 0;
  ProgressBar bar;
  req.progress = [&bar](const pla::StreamProgress& p) { bar(p); };

  pla::TrainOutcome t;
  const pla::Status st = pla::train_run(req, t);
  bar.clear();
  const std::string placement = placement_text(t.place);
  if (t.refusal != pla::RunRefusal::None || !st) return refused(t, st, req.path, placement);
  if (req.trace && !write_text(o["trace"], t.trace_text)) return kFailure;
  if (req.model && !write_text(o["model"], pla::write_model(t.model))) return kFailure;
  print_outcome(t, placement, cfg.learner, o.count("json") > 0);
  return kOk;
}

// [SECTION] margin

int cmd_margin(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"data", "labels", "decimal"}, {"json"}, o, error)) return usage_error("margin", error);
  if (wants_help("margin", o)) return kOk;
  if (!o.count("data")) return usage_error("margin", "margin needs --data FILE");
  pla::ReadOptions ro;
  if (!read_options(o, ro, error)) return usage_error("margin", error);
  pla::Dataset data;
  pla::Status st = load_data(o["data"], ro, data);
  if (!st) return input_error(st.error);
  pla::MarginResult m;
  st = pla::compute_margin(data, m);
  if (!st) return input_error(st.error);
  if (o.count("json")) {
    pla::JsonObject j;
    pla::append_margin_json(j, m);
    j.text("reason", m.reason).text("method", m.method).num("tolerance", m.tolerance);
    std::printf("%s\n", j.str().c_str());
  } else {
    std::printf("%s\n", !m.reason.empty() ? m.reason.c_str() : m.separable ? "separable" : "not separable");
    std::printf("R = %s, R_aug = %s\n", pla::json_number(m.R).c_str(), pla::json_number(m.R_aug).c_str());
    if (m.separable) {
      std::printf("gamma = %s with w* = %s, b* = %s\n", pla::json_number(m.gamma).c_str(), format_vec(m.w_star).c_str(),
                  pla::json_number(m.b_star).c_str());
      std::printf("gamma_aug = %s, Novikoff bound (R_aug / gamma_aug)^2 = %s\n", pla::json_number(m.gamma_aug).c_str(),
                  pla::json_number(m.bound).c_str());
    }
  }
  return kOk;
}

// [SECTION] gen

int cmd_gen(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"kind", "n", "d", "margin", "noise", "seed", "out"}, {"stream"}, o, error))
    return usage_error("gen", error);
  if (wants_help("gen", o)) return kOk;
  if (!o.count("kind") || !o.count("out")) return usage_error("gen", "gen needs --kind KIND and --out FILE");
  const std::string& out_path = o["out"];
  if (o.count("stream") && out_path.size() >= 4 && out_path.compare(out_path.size() - 4, 4, ".npy") == 0)
    return usage_error("gen", "gen --stream writes CSV or LIBSVM; write .npy without --stream");
  pla::GenSpec spec;
  spec.kind = o["kind"];
  std::uint64_t v = 0;
  if (o.count("n")) {
    if (!pla::parse_u64(o["n"], v)) return usage_error("gen", "--n must be a whole number");
    spec.n = static_cast<std::size_t>(v);
  }
  if (o.count("d")) {
    if (!pla::parse_u64(o["d"], v) || v > 1000000) return usage_error("gen", "--d must be a whole number");
    spec.d = static_cast<int>(v);
  }
  if (o.count("margin") && !pla::parse_double(o["margin"], spec.margin)) return usage_error("gen", "--margin must be a number");
  if (o.count("noise") && !pla::parse_double(o["noise"], spec.noise)) return usage_error("gen", "--noise must be a number");
  if (o.count("seed") && !pla::parse_u64(o["seed"], spec.seed)) return usage_error("gen", "--seed must be a whole number");
  if (o.count("stream")) {
    // Straight to the file, row by row: any n (a 4 GB file takes seconds), kind separable.
    pla::StreamGenStats gs;
    const bool tty = isatty(fileno(stderr)) != 0;
    auto progress = [&](std::uint64_t rows) {
      if (tty) std::fprintf(stderr, "\rwriting %s: %llu of %zu rows\033[K", o["out"].c_str(),
                            static_cast<unsigned long long>(rows), spec.n);
    };
    const pla::Status st = pla::generate_stream(spec, o["out"], nullptr, &gs, progress);
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (!st) {
      if (st.kind() == pla::MsgKind::Io) {  // the file could not be written
        std::fprintf(stderr, "pla: %s\n", st.error.c_str());
        return st.exit_code();
      }
      return usage_error("gen", st.error);
    }
    std::fprintf(stderr, "wrote %llu points (d = %d, +1: %llu, -1: %llu) to %s (%s)\n",
                 static_cast<unsigned long long>(gs.rows), spec.d, static_cast<unsigned long long>(gs.positives),
                 static_cast<unsigned long long>(gs.rows - gs.positives), o["out"].c_str(), megabytes(gs.bytes).c_str());
    return kOk;
  }
  pla::Dataset ds;
  pla::Status st = pla::generate(spec, ds);
  if (!st) return usage_error("gen", st.error);
  st = pla::write_data_file(o["out"], ds);
  if (!st) {
    std::fprintf(stderr, "pla: %s\n", st.error.c_str());
    return st.exit_code();
  }
  std::fprintf(stderr, "wrote %zu points (d = %d, +1: %zu, -1: %zu) to %s\n", ds.size(), ds.d, ds.count(1),
               ds.count(-1), o["out"].c_str());
  return kOk;
}

// [SECTION] predict

int cmd_predict(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"model", "data", "labels", "decimal"}, {"json"}, o, error)) return usage_error("predict", error);
  if (wants_help("predict", o)) return kOk;
  if (!o.count("model") || !o.count("data")) return usage_error("predict", "predict needs --model FILE and --data FILE");
  pla::ReadOptions ro;
  if (!read_options(o, ro, error)) return usage_error("predict", error);
  std::string text;
  pla::Status st = pla::read_text_file(o["model"], text);
  pla::Model model;
  if (st) st = pla::read_model(text, o["model"], model);
  if (!st) return input_error(st.error);
  pla::Dataset data;
  ro.expected_d = model.d;
  st = load_data(o["data"], ro, data);
  if (!st) return input_error(st.error);
  std::size_t right = 0;
  std::vector<double> predictions;
  for (std::size_t i = 0; i < data.size(); ++i) {
    const int p = model_score(model, data.row(i)) >= 0.0 ? 1 : -1;
    right += p == data.y[i];
    predictions.push_back(p);
  }
  const double acc = data.empty() ? 1.0 : static_cast<double>(right) / static_cast<double>(data.size());
  if (o.count("json")) {
    pla::JsonObject j;
    j.array("predictions", predictions).num("accuracy", acc).integer("mistakes", static_cast<std::int64_t>(data.size() - right));
    std::printf("%s\n", j.str().c_str());
  } else {
    for (double p : predictions) std::printf("%+d\n", static_cast<int>(p));
    std::fprintf(stderr, "accuracy %.4f (%zu of %zu right)\n", acc, right, data.size());
  }
  return kOk;
}

// [SECTION] lesson

// Numbers as the lab shows them: whole numbers exactly, others to 6 significant digits,
// with a true minus sign.
std::string lesson_number(double v) {
  std::string t;
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 1e15) {
    t = pla::json_number(v);
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    t = buf;
  }
  if (!t.empty() && t[0] == '-') t = "\u2212" + t.substr(1);
  return t;
}

// A reply that is not the expected one, for --wrong (empty when none can be made).
std::string wrong_reply(const pla::LessonRunner& l, const pla::Session& s) {
  const std::string& e = l.expected_answer();
  switch (l.question_kind()) {
    case pla::QuestionKind::YesNo: return e == "yes" ? "no" : "yes";
    case pla::QuestionKind::Number: {
      double v = 0;
      return pla::parse_double(e, v) ? pla::json_number(v + 1) : "0";
    }
    case pla::QuestionKind::Choice: return e == "0" ? "1" : "0";
    case pla::QuestionKind::PickPoint: {
      for (std::size_t i = 0; i < s.data().size(); ++i)
        if (std::to_string(i) != e) return std::to_string(i);
      return "";
    }
    case pla::QuestionKind::PlaceLine: return e == "none" ? "1 0 0" : "none";
    default: return "";
  }
}

int cmd_lesson(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"file", "id", "lang"}, {"wrong"}, o, error)) return usage_error("lesson", error);
  if (wants_help("lesson", o)) return kOk;
  if (o.count("file") == o.count("id")) return usage_error("lesson", "lesson needs --file FILE or --id ID");
  const std::string lang = o.count("lang") ? o["lang"] : "en";
  const pla::Catalogs catalogs;  // the languages: the catalogs built in
  if (lang != "pseudo" && !catalogs.contains(lang))
    return usage_error("lesson", "--lang must be " + pla::join_choices(catalogs.codes()) + " (the lab's languages)");
  pla::LessonRunner l;
  pla::Status st;
  if (o.count("file")) {
    std::string text;
    st = pla::read_text_file(o["file"], text);
    if (st) st = l.load(text, o["file"]);
  } else {
    st = l.load_builtin(o["id"]);
  }
  if (!st) return input_error(st.error);
  pla::Session s;
  st = l.start(s);
  std::printf("# %s (%zu steps)\n", l.title(lang).c_str(), l.steps());
  std::size_t asked = 0, right = 0;
  while (st) {
    std::printf("\n## step %zu of %zu\n%s\n", l.step() + 1, l.steps(), l.narration(s, lang, lesson_number).c_str());
    if (l.question_kind() != pla::QuestionKind::None) {
      std::printf("? [%s] %s\n", pla::to_string(l.question_kind()), l.question_prompt(lang, lesson_number).c_str());
      const std::vector<std::string> options = l.question_options(lang, lesson_number);
      for (std::size_t i = 0; i < options.size(); ++i) std::printf("  %c) %s\n", static_cast<char>('A' + i), options[i].c_str());
      // What the lab hides (and locks) until the student answers (core/conceal.hpp).
      std::string hidden;
      for (const std::string& c : pla::cue_names(l.concealed())) hidden += (hidden.empty() ? "" : ", ") + c;
      std::printf("  (hidden until answered: %s; the run is locked)\n", hidden.c_str());
      const std::string expected = l.expected_text(lang, lesson_number);
      std::string reply = o.count("wrong") ? wrong_reply(l, s) : l.expected_answer();
      if (reply.empty()) reply = l.expected_answer();
      bool correct = false;
      st = l.answer(s, reply, &correct);
      if (!st) break;
      ++asked;
      right += correct;
      std::printf("= %s (replied %s: %s)\n", expected.c_str(), reply.c_str(), correct ? "right" : "wrong");
      const std::string why = l.feedback(lang, lesson_number);
      if (!why.empty()) std::printf("> %s\n", why.c_str());
    }
    if (l.step() + 1 >= l.steps()) {
      st = l.next(s);
      break;
    }
    st = l.next(s);
  }
  if (!st) return input_error(st.error);
  std::printf("\n# done: %zu of %zu questions right\n", right, asked);
  return kOk;
}

}  // namespace

// [SECTION] main

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage_error("", "a command is needed");
  const std::string cmd = args[0];
  args.erase(args.begin());
  const std::vector<std::string> commands = {"train", "margin", "gen", "predict", "lesson"};
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    const bool one = !args.empty() && std::find(commands.begin(), commands.end(), args[0]) != commands.end();
    std::printf("%s", usage_text(one ? args[0] : "").c_str());
    return kOk;
  }
  if (cmd == "--version" || cmd == "version") {
    std::printf("pla (Perceptron Lab) %s\n", PLA_VERSION);
    return kOk;
  }
  if (cmd == "train") return cmd_train(args);
  if (cmd == "margin") return cmd_margin(args);
  if (cmd == "gen") return cmd_gen(args);
  if (cmd == "predict") return cmd_predict(args);
  if (cmd == "lesson") return cmd_lesson(args);
  const std::string near = closest(cmd.rfind("--", 0) == 0 ? cmd.substr(2) : cmd, commands);
  return usage_error("", "unknown command '" + cmd + "'" + (near.empty() ? "" : " (did you mean " + near + "?)"));
}

// Perceptron Lab core: guided lessons (the format: lesson.hpp).
//
// Index of this file (search for "[SECTION] name"):
//   [SECTION] Limits
//   [SECTION] Languages         the catalogs: which languages a text may use, their words
//   [SECTION] Text helpers      {name} scanning, numbers, lines, vectors
//   [SECTION] Placeholders      the table: each placeholder's name, computation and format
//   [SECTION] Loader            JSON -> Lesson, every field checked (actions against the
//                               session's command table)
//   [SECTION] Session helpers   the learner after the next update
//   [SECTION] Public helpers    built-in lessons, LessonText
//   [SECTION] Course progress   LessonProgress, CourseProgress (JSON)
//   [SECTION] LessonRunner      load, walk (start, next, back, resume), answer
//   [SECTION] LessonRunner texts  narration, question, feedback, filled from the table
#include "core/lab/lesson/lesson.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "core/lab/lesson/conceal.hpp"
#include "core/data/presets.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/stop.hpp"
#include "core/lab/session/urlstate.hpp"
#include "core/base/values.hpp"
#include "core/theory/vc.hpp"

namespace pla {

// web/lessons/*.json, embedded by CMake (a generated .cpp in the build folder).
extern const char* const kEmbeddedLessons[];
extern const unsigned kEmbeddedLessonCount;
extern const char kEmbeddedCourse[];  // web/lessons/course.json
// web/i18n/LANG.json: each catalog's code and its "msg" object (CMakeLists.txt).
struct EmbeddedCatalog {
  const char* code;
  const char* msg;
};
extern const EmbeddedCatalog kEmbeddedCatalogs[];
extern const unsigned kEmbeddedCatalogCount;

namespace {

// =============================================================================
// [SECTION] Limits
// =============================================================================

constexpr std::size_t kMaxSteps = 500;
constexpr std::size_t kMaxText = 8000;      // characters per text
constexpr std::size_t kMaxActions = 100;    // per step
constexpr std::size_t kMaxRows = 10000;     // data rows per step
constexpr std::size_t kMaxOptions = 10;
constexpr std::uint64_t kMaxSimSteps = kMaxNextUpdateSteps;  // as Session::next_update
// What a lesson may ask of the lab follows the limits of a link and of a data file, so a
// teacher's file cannot freeze or exhaust the page; over one, the lesson is refused at load
// naming the step and field (Loader::budget).
//   a generate action: N and D as a link's gen= (urlstate.hpp)
//   the data of the whole lesson: the values it generates or gives, N x (D + 1) summed
//     over every setup and generate, at most a data file's kMaxValues (dataset.hpp)
//   the work of one step: point visits its actions and its question may cause, at most the
//     largest set a link may generate trained for the default 1000 epochs (1e8 visits; the
//     interface runs them in slices, with progress)
//   the text of one step: its narration, prompt, options, whys and why together, per language
constexpr std::uint64_t kMaxLessonValues = kMaxValues;
constexpr std::uint64_t kMaxStepVisits = kMaxLinkGenPoints * 1000;
constexpr std::size_t kMaxStepText = 2 * kMaxText;

// =============================================================================
// [SECTION] Languages
// =============================================================================

// A language's catalog as the core reads it: its "msg" object, parsed when first needed.
struct Catalog {
  const char* embedded = nullptr;  // the embedded text (null: added at run time)
  bool parsed = false;
  Json msg;
};

// The catalogs by language code (the core's one piece of process state besides the
// built-in tables; the interface runs on one thread).
std::map<std::string, Catalog>& catalogs() {
  static std::map<std::string, Catalog> all = [] {
    std::map<std::string, Catalog> out;
    for (unsigned i = 0; i < kEmbeddedCatalogCount; ++i) out[kEmbeddedCatalogs[i].code].embedded = kEmbeddedCatalogs[i].msg;
    out["en"];  // English is the templates' own language: always there
    return out;
  }();
  return all;
}

const Json* catalog_msg(const std::string& lang) {
  auto& all = catalogs();
  auto it = all.find(lang);
  if (it == all.end()) return nullptr;
  Catalog& c = it->second;
  if (!c.parsed) {
    c.parsed = true;
    if (c.embedded) c.msg = Json::parse(c.embedded, nullptr, false);
    if (!c.msg.is_object()) c.msg = Json::object();
  }
  return &c.msg;
}

// The word of a message code in a language (the catalog's, else English).
std::string word(Msg code, const std::string& lang, MsgArgs args = {}) {
  return render(Message(code, std::move(args)), [&](Msg m) { return catalog_template(lang, m); });
}
// Two parts joined by a language's mark ("{left}; {right}", "{left}；{right}").
std::string joined(Msg code, const std::string& lang, const std::string& left, const std::string& right) {
  return word(code, lang, {{"left", left}, {"right", right}});
}

// =============================================================================
// [SECTION] Text helpers
// =============================================================================

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls f(name, begin, end) for every {name} of t (name: letters, digits, '_', not empty).
template <class F>
void for_each_placeholder(const std::string& t, F f) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') continue;
    std::size_t j = i + 1;
    while (j < t.size() && is_name_char(t[j])) ++j;
    if (j < t.size() && t[j] == '}' && j > i + 1) {
      f(t.substr(i + 1, j - i - 1), i, j + 1);
      i = j;
    }
  }
}

// "w12" -> prefix "w", index 12 (>= 1).
bool indexed(const std::string& name, const char* prefix, std::size_t& index) {
  const std::string p = prefix;
  if (name.size() <= p.size() || name.compare(0, p.size(), p) != 0) return false;
  std::uint64_t v = 0;
  const std::string digits = name.substr(p.size());
  if (digits.size() > 6 || !parse_u64(digits, v) || v < 1 || digits[0] == '+' || digits[0] == '0') return false;
  for (char c : digits)
    if (c < '0' || c > '9') return false;
  index = static_cast<std::size_t>(v);
  return true;
}

// Whole numbers exactly, others to 6 significant digits ("0.836329").
std::string default_number(double v) {
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 1e15) return msg_num(v);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// The line a*x1 + b*x2 + c = 0 in the lessons' notation (coordinates x⁽¹⁾, x⁽²⁾):
// "3·x⁽¹⁾ + 3·x⁽²⁾ − 1 = 0", "x⁽¹⁾ − x⁽²⁾ = 0"; a coefficient 1 is not written, nor a zero term.
std::string line_text(double a, double b, double c, const NumberFormat& fmt) {
  std::string out;
  const std::pair<double, const char*> terms[] = {{a, "x⁽¹⁾"}, {b, "x⁽²⁾"}, {c, ""}};
  for (const auto& t : terms) {
    if (t.first == 0.0) continue;
    const double m = std::fabs(t.first);
    const std::string value = *t.second && m == 1.0 ? t.second : *t.second ? fmt(m) + "·" + t.second : fmt(m);
    if (out.empty()) out = (t.first < 0 ? "−" : "") + value;
    else out += (t.first < 0 ? " − " : " + ") + value;
  }
  return (out.empty() ? fmt(0.0) : out) + " = 0";
}

// "a b c" (spaces and/or commas) as three finite numbers.
bool parse_line(const std::string& text, std::vector<double>& out) {
  std::vector<double> v;
  std::string tok;
  auto flush = [&]() {
    if (tok.empty()) return true;
    double d = 0;
    if (!parse_double(tok, d) || !std::isfinite(d)) return false;
    v.push_back(d);
    tok.clear();
    return true;
  };
  for (char ch : text) {
    if (ch == ' ' || ch == ',' || ch == '\t') {
      if (!flush()) return false;
    } else {
      tok += ch;
    }
  }
  if (!flush() || v.size() != 3) return false;
  out = v;
  return true;
}

std::string vector_text(const std::vector<double>& v, const NumberFormat& fmt) {
  std::string out = "(";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + fmt(v[i]);
  return out + ")";
}

// =============================================================================
// [SECTION] Placeholders
// =============================================================================
// One row per placeholder: its name, how its value is computed and how it is written.
// A row computed "at show" reads the session when the step is shown (the narration and
// the prompt use those values, the "why" text those after the question's effect); a
// "live" row reads the runner when the text is filled (the answer and the reply). A value
// marked none writes "–". An indexed row ({w}, {alpha}) also answers {w1}, {w2}, ...: the
// components of its vector ("–" past its end).

// What the rows computed at show read: the session and the pieces several rows share.
struct ShowProbe {
  const Session& s;
  bool has_last = false;  // a visited point (last_step) of the training set
  StepInfo last;
  std::size_t row = 0;    // its data row
  std::vector<double> x;  // its coordinates
  bool margin_ok = false;  // separable: γ̂, R̂, u exist
  Metrics m;               // the losses of the learner on the training set
  double train_accuracy = 1.0;
  bool has_test = false;   // the data was generated: the error on fresh points
  double test_error = 0.0;

  explicit ShowProbe(const Session& session) : s(session) {
    has_last = s.has_last_step() && s.last_step().index < s.train_set().size();
    if (has_last) {
      last = s.last_step();
      row = last.index < s.train_index().size() ? s.train_index()[last.index] : last.index;
      if (row < s.data().size()) x.assign(s.data().row(row), s.data().row(row) + s.data().d);
    }
    margin_ok = s.margin_ok() && s.margin().separable;
    const Dataset& train = s.train_set();
    m = compute_losses(s.learner(), train);
    train_accuracy = train.empty() ? 1.0 : 1.0 - static_cast<double>(m.j1) / static_cast<double>(train.size());
    // The test error on 10,000 fresh points of the same generator: the last 10,000 of a
    // draw of N + 10,000 with the session's spec (same seed, so the same hidden plane).
    if (s.source() == DataSource::Generated && s.data().size() <= 100000) {
      GenSpec g = s.last_generated();
      const std::size_t n = s.data().size();
      g.n = n + 10000;
      Dataset pool;
      if (generate(g, pool) && pool.size() == g.n && pool.d == s.data().d) {
        std::size_t wrong = 0;
        for (std::size_t i = n; i < pool.size(); ++i) wrong += (s.decision(pool.row(i)) >= 0.0 ? 1 : -1) != pool.y[i];
        test_error = static_cast<double>(wrong) / 10000.0;
        has_test = true;
      }
    }
  }
  int y() const { return s.train_set().y[last.index]; }
  double N() const { return static_cast<double>(s.train_set().size()); }
  double h() const { return static_cast<double>(s.train_set().d) + 1.0; }
  double vc() const { return N() > 0 ? vc_bound(N(), h(), s.settings().delta, 1.0 - train_accuracy) : 0.0; }
  // The running augmented weights ŵ = (w, b) against u (false: no u, or a kernel learner).
  bool invariants() const {
    return margin_ok && s.learner().linear() && s.margin().u.size() == s.learner().running_w().size() + 1;
  }
  double dot_u() const {
    const std::vector<double>& w = s.learner().running_w();
    const std::vector<double>& u = s.margin().u;
    double d = 0.0;
    for (std::size_t j = 0; j < w.size(); ++j) d += w[j] * u[j];
    return d + s.learner().running_b() * u[w.size()];
  }
  double norm2() const {
    const std::vector<double>& w = s.learner().running_w();
    double d = 0.0;
    for (double v : w) d += v * v;
    return d + s.learner().running_b() * s.learner().running_b();
  }
};

// What the live rows read: the runner's answer state.
struct LiveProbe {
  const std::string& expected;  // the expected answer, as answer() takes it
  const std::string& given;     // the reply given
  bool line_errors;             // a place_line reply was measured
  double angle_error, offset_error;
};

// How a text is being filled: its language's number format, words and marks.
struct FillContext {
  NumberFormat fmt;
  std::string lang;  // the catalog whose words are written ("en" for pseudo)
  std::function<std::string(const std::string&)> reply;  // an answer as the student reads it
};

using Value = PlaceholderValue;
Value none() {
  Value v;
  v.none = true;
  return v;
}
Value num(double x) {
  Value v;
  v.x = x;
  return v;
}
Value vec(std::vector<double> x) {
  Value v;
  v.v = std::move(x);
  return v;
}
Value num_if(bool ok, double x) { return ok ? num(x) : none(); }
Value reply_value(const std::string& t) {
  Value v;
  v.text = t;
  return v;
}

double rounded(double x, double scale) { return std::round(x * scale) / scale; }

// The formats.
std::string f_number(const Value& v, const FillContext& c) { return c.fmt(v.x); }
std::string f_round1(const Value& v, const FillContext& c) { return c.fmt(rounded(v.x, 10.0)); }
std::string f_round3(const Value& v, const FillContext& c) { return c.fmt(rounded(v.x, 1000.0)); }
std::string f_round4(const Value& v, const FillContext& c) { return c.fmt(rounded(v.x, 10000.0)); }
std::string f_percent(const Value& v, const FillContext& c) { return c.fmt(std::round(v.x * 1000.0) / 10.0) + "%"; }
std::string f_vector(const Value& v, const FillContext& c) { return vector_text(v.v, c.fmt); }
std::string f_label(const Value& v, const FillContext& c) { return v.x > 0 ? "+" + c.fmt(1.0) : c.fmt(-1.0); }
std::string f_point(const Value& v, const FillContext&) {
  return "x" + std::to_string(static_cast<std::size_t>(v.x) + 1);
}
std::string f_yes_no(const Value& v, const FillContext& c) {
  return word(v.x != 0.0 ? Msg::lesson_word_yes : Msg::lesson_word_no, c.lang);
}
std::string f_reply(const Value& v, const FillContext& c) { return c.reply(v.text); }
// {queries}: "(1, 2) → +1; (3, 4) → −1".
std::string f_queries(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& q : v.rows) {
    const std::vector<double> at(q.begin(), q.end() - 1);
    const std::string one = vector_text(at, c.fmt) + " → " + (q.back() > 0 ? "+" + c.fmt(1.0) : c.fmt(-1.0));
    list = list.empty() ? one : joined(Msg::lesson_list_group, c.lang, list, one);
  }
  return list;
}
// {eta_runs}: "η = 1: k = 15, w = (2, 3), b = −13; η = 0.1: ..." (rows: η, k, b, w...).
std::string f_eta_runs(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& r : v.rows) {
    const std::string w = "w = " + vector_text(std::vector<double>(r.begin() + 3, r.end()), c.fmt);
    const std::string fields = joined(Msg::lesson_list_field, c.lang,
                                      joined(Msg::lesson_list_field, c.lang, "k = " + c.fmt(r[1]), w), "b = " + c.fmt(r[2]));
    const std::string one = joined(Msg::lesson_list_colon, c.lang, "η = " + c.fmt(r[0]), fields);
    list = list.empty() ? one : joined(Msg::lesson_list_group, c.lang, list, one);
  }
  return list;
}
// {eta_k}: "15, 15, 15".
std::string f_eta_k(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& r : v.rows) list = list.empty() ? c.fmt(r[1]) : joined(Msg::lesson_list_item, c.lang, list, c.fmt(r[1]));
  return list;
}

// The learning-rate comparison's runs as rows (η, k, b, w...): none before a "compare".
Value eta_rows(const ShowProbe& p) {
  Value v;
  for (const EtaRun& r : p.s.eta_runs()) {
    std::vector<double> row = {r.eta, static_cast<double>(r.updates), r.b};
    row.insert(row.end(), r.w.begin(), r.w.end());
    v.rows.push_back(std::move(row));
  }
  v.none = v.rows.empty();
  return v;
}

struct Placeholder {
  const char* name;
  bool indexed;                                    // also {name1}, {name2}, ...
  Value (*at_show)(const ShowProbe&);              // computed when the step is shown, or
  Value (*live)(const LiveProbe&);                 // computed when the text is filled
  std::string (*format)(const Value&, const FillContext&);
};

using P = const ShowProbe&;
using L = const LiveProbe&;
const std::vector<Placeholder>& placeholders() {
  static const std::vector<Placeholder> table = {
      // the run: updates, points visited, epochs, η, the weights
      {"k", false, [](P p) { return num(static_cast<double>(p.s.learner().updates())); }, nullptr, f_number},
      {"step", false, [](P p) { return num(static_cast<double>(p.s.learner().steps())); }, nullptr, f_number},
      {"epoch", false, [](P p) { return num(static_cast<double>(p.s.learner().epoch())); }, nullptr, f_number},
      {"eta", false, [](P p) { return num(p.s.settings().learner.pla.eta); }, nullptr, f_number},
      {"w", true, [](P p) { return vec(p.s.learner().running_w()); }, nullptr, f_vector},
      {"b", false, [](P p) { return num(p.s.learner().running_b()); }, nullptr, f_number},
      {"prev_w", false, [](P p) { return vec(p.s.previous_w()); }, nullptr, f_vector},
      {"prev_b", false, [](P p) { return num(p.s.previous_b()); }, nullptr, f_number},
      // the last visited point
      {"x", false, [](P p) { return p.has_last ? vec(p.x) : none(); }, nullptr, f_vector},
      {"y", false, [](P p) { return num_if(p.has_last, p.has_last ? p.y() : 0); }, nullptr, f_label},
      {"score", false, [](P p) { return num_if(p.has_last, p.has_last ? p.y() * p.last.score : 0.0); }, nullptr,
       f_number},
      {"index", false, [](P p) { return num_if(p.has_last, static_cast<double>(p.row)); }, nullptr, f_point},
      {"mistake", false, [](P p) { return num_if(p.has_last, p.has_last && p.last.mistake ? 1.0 : 0.0); }, nullptr,
       f_yes_no},
      // {angle}: degrees between w before the last update and y·x (the update turns w toward yx)
      {"angle", false,
       [](P p) {
         const std::vector<double>& w = p.s.previous_w();
         if (!p.has_last || !p.last.mistake || w.size() != p.x.size() || p.x.empty()) return none();
         double dot = 0.0, nw = 0.0, nx = 0.0;
         for (std::size_t j = 0; j < p.x.size(); ++j) {
           dot += w[j] * p.y() * p.x[j];
           nw += w[j] * w[j];
           nx += p.x[j] * p.x[j];
         }
         if (!(nw > 0.0 && nx > 0.0)) return none();
         const double c = std::max(-1.0, std::min(1.0, dot / std::sqrt(nw * nx)));
         return num(std::acos(c) * 180.0 / 3.14159265358979323846);
       },
       nullptr, f_round1},
      // the whole data
      {"converged", false, [](P p) { return num(p.s.learner().converged() ? 1.0 : 0.0); }, nullptr, f_yes_no},
      {"mistakes", false, [](P p) { return num(static_cast<double>(p.s.train_mistakes())); }, nullptr, f_number},
      {"points", false, [](P p) { return num(static_cast<double>(p.s.data().size())); }, nullptr, f_number},
      {"alpha", true,
       [](P p) {
         Value v;
         for (std::uint64_t a : p.s.learner().alpha()) v.v.push_back(static_cast<double>(a));
         return v;
       },
       nullptr, f_vector},
      {"queries", false,
       [](P p) {
         Value v;
         for (const std::vector<double>& q : p.s.queries()) {
           std::vector<double> row = q;
           row.push_back(p.s.decision(q.data()) >= 0.0 ? 1.0 : -1.0);
           v.rows.push_back(std::move(row));
         }
         v.none = v.rows.empty();
         return v;
       },
       nullptr, f_queries},
      // the margin of the augmented data and the proof invariants of ŵ = (w, b)
      {"gamma", false, [](P p) { return num_if(p.margin_ok, p.s.margin().gamma_aug); }, nullptr, f_number},
      {"R", false, [](P p) { return num_if(p.margin_ok, p.s.margin().R_aug); }, nullptr, f_number},
      {"bound", false, [](P p) { return num_if(p.margin_ok, p.s.margin().bound); }, nullptr, f_number},
      {"w_dot_u", false, [](P p) { return p.invariants() ? num(p.dot_u()) : none(); }, nullptr, f_number},
      {"norm_w2", false, [](P p) { return p.invariants() ? num(p.norm2()) : none(); }, nullptr, f_number},
      {"lower", false,
       [](P p) {
         const double k = static_cast<double>(p.s.learner().updates());
         return p.invariants() ? num(k * p.s.settings().learner.pla.eta * p.s.margin().gamma_aug) : none();
       },
       nullptr, f_number},
      {"upper", false,
       [](P p) {
         const double k = static_cast<double>(p.s.learner().updates()), eta = p.s.settings().learner.pla.eta;
         const double R = p.s.margin().R_aug;
         return p.invariants() ? num(k * eta * eta * R * R) : none();
       },
       nullptr, f_number},
      // the losses, the split and the VC bound
      {"J", false, [](P p) { return num(p.m.j); }, nullptr, f_number},
      {"J1", false, [](P p) { return num(static_cast<double>(p.m.j1)); }, nullptr, f_number},
      {"seed", false, [](P p) { return num(static_cast<double>(p.s.settings().learner.pla.seed)); }, nullptr, f_number},
      {"accuracy", false, [](P p) { return num(p.train_accuracy); }, nullptr, f_percent},
      {"validation_accuracy", false,
       [](P p) {
         return num_if(!p.s.validation_set().empty(),
                       p.s.validation_set().empty() ? 0.0 : accuracy(p.s.learner(), p.s.validation_set()));
       },
       nullptr, f_percent},
      {"validation_points", false, [](P p) { return num(static_cast<double>(p.s.validation_set().size())); }, nullptr,
       f_number},
      {"delta", false, [](P p) { return num(p.s.settings().delta); }, nullptr, f_number},
      {"h", false, [](P p) { return num(p.h()); }, nullptr, f_number},
      {"N", false, [](P p) { return num(p.N()); }, nullptr, f_number},
      {"train_error", false, [](P p) { return num(1.0 - p.train_accuracy); }, nullptr, f_round4},
      {"vc_bound", false, [](P p) { return num_if(p.N() > 0, p.vc()); }, nullptr, f_round4},
      {"test_error", false, [](P p) { return num_if(p.has_test, p.test_error); }, nullptr, f_round4},
      {"vc_gap", false, [](P p) { return num_if(p.has_test && p.N() > 0, p.vc() - p.test_error); }, nullptr, f_round4},
      // the learning-rate comparison (after a "compare" action)
      {"eta_runs", false, eta_rows, nullptr, f_eta_runs},
      {"eta_k", false, eta_rows, nullptr, f_eta_k},
      // the question: the expected answer, the reply and a place_line reply's errors
      {"answer", false, nullptr, [](L l) { return reply_value(l.expected); }, f_reply},
      {"given", false, nullptr, [](L l) { return reply_value(l.given); }, f_reply},
      {"angle_error", false, nullptr, [](L l) { return num_if(l.line_errors, l.angle_error); }, f_round1},
      {"offset_error", false, nullptr, [](L l) { return num_if(l.line_errors, l.offset_error); }, f_round3},
  };
  return table;
}

// The row of a {name} (index: the component an indexed name asks for, 0 for the whole).
const Placeholder* find_placeholder(const std::string& name, std::size_t& index) {
  index = 0;
  for (const Placeholder& p : placeholders())
    if (name == p.name) return &p;
  for (const Placeholder& p : placeholders())
    if (p.indexed && indexed(name, p.name, index)) return &p;
  return nullptr;
}

// A row's value written: "–" when none; an indexed name, the component.
std::string format_value(const Placeholder& p, const Value& v, std::size_t index, const FillContext& c) {
  const std::string dash = "–";
  if (v.none) return dash;
  if (index) return index <= v.v.size() ? c.fmt(v.v[index - 1]) : dash;
  return p.format(v, c);
}

// The values of the rows computed at show (live rows keep an empty value).
LessonVars snapshot(const Session& s) {
  const ShowProbe probe(s);
  LessonVars out;
  for (const Placeholder& p : placeholders()) out.push_back(p.at_show ? p.at_show(probe) : Value());
  return out;
}

// =============================================================================
// [SECTION] Loader
// =============================================================================

std::string at(const std::string& field, const std::string& key) { return field.empty() ? key : field + "." + key; }
std::string item(const std::string& field, std::size_t i) { return field + "[" + std::to_string(i + 1) + "]"; }

std::string join_keys(const std::vector<std::string>& keys) {
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

// A command's argument count for people: "1", "0–8".
std::string arg_count(const Command& c) {
  return c.min_args == c.max_args ? std::to_string(c.min_args)
                                  : std::to_string(c.min_args) + "–" + std::to_string(c.max_args);
}

struct Loader {
  std::string source;
  std::size_t step = 0;  // 1-based while checking a step, 0 outside
  std::size_t dim = 0;   // coordinates of the data the steps so far load (0: not known)

  Status fail(Msg code, const std::string& field, MsgArgs extra = {}) const {
    MsgArgs args = {{"source", source}};
    if (step) args.emplace_back("step", std::to_string(step));
    args.emplace_back("field", field);
    args.insert(args.end(), extra.begin(), extra.end());
    return Status::fail(code, std::move(args));
  }

  Status keys(const Json& o, const std::string& field, const std::vector<std::string>& known) const {
    for (auto it = o.begin(); it != o.end(); ++it)
      if (std::find(known.begin(), known.end(), it.key()) == known.end())
        return fail(Msg::lesson_unknown_key, at(field, it.key().substr(0, 40)), {{"known", join_keys(known)}});
    return Status::success();
  }

  Status text_value(const Json& j, const std::string& field, std::string& out) const {
    if (!j.is_string()) return fail(Msg::lesson_expected_string, field);
    const std::string& t = j.get_ref<const std::string&>();
    if (t.size() > kMaxText) return fail(Msg::lesson_too_long, field, {{"max", std::to_string(kMaxText)}});
    Status bad = Status::success();
    for_each_placeholder(t, [&](const std::string& name, std::size_t, std::size_t) {
      if (!bad.ok || lesson_placeholder_known(name)) return;
      bad = fail(Msg::lesson_placeholder, field, {{"name", "{" + name.substr(0, 40) + "}"}});
    });
    if (!bad) return bad;
    out = t;
    return Status::success();
  }

  Status text(const Json& o, const std::string& field, LessonText& out) const {
    if (!o.is_object()) return fail(Msg::lesson_expected_object, field);
    Status st = keys(o, field, lesson_languages());
    if (!st) return st;
    LessonText t;
    for (auto it = o.begin(); it != o.end(); ++it) {
      std::string value;
      st = text_value(*it, at(field, it.key()), value);
      if (!st) return st;
      if (it.key() == "en") t.en = std::move(value);
      else t.translations[it.key()] = std::move(value);
    }
    if (t.en.empty()) return fail(Msg::lesson_no_text, field);
    out = std::move(t);
    return Status::success();
  }

  // A setting or action argument as the text a command takes.
  Status scalar(const Json& j, const std::string& field, std::string& out) const {
    if (j.is_string()) out = j.get_ref<const std::string&>();
    else if (j.is_boolean()) out = j.get<bool>() ? "true" : "false";
    else if (j.is_number_unsigned()) out = std::to_string(j.get<std::uint64_t>());
    else if (j.is_number_integer()) out = std::to_string(j.get<std::int64_t>());
    else if (j.is_number()) out = msg_num(j.get<double>());
    else return fail(Msg::lesson_expected_value, field);
    return Status::success();
  }

  Status data(const Json& rows, const std::string& field, std::string& csv) const {
    if (!rows.is_array()) return fail(Msg::lesson_expected_array, field);
    if (rows.empty()) return fail(Msg::lesson_data_row, field);
    if (rows.size() > kMaxRows) return fail(Msg::lesson_too_long, field, {{"max", std::to_string(kMaxRows)}});
    std::size_t width = 0;
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Json& r = rows[i];
      const std::string f = item(field, i);
      if (!r.is_array()) return fail(Msg::lesson_expected_array, f);
      if (i == 0) {
        width = r.size();
        if (width < 2 || width > 1001) return fail(Msg::lesson_data_row, f);
        for (std::size_t j = 0; j + 1 < width; ++j) out += "x" + std::to_string(j + 1) + ",";
        out += "label\n";
      }
      if (r.size() != width) return fail(Msg::lesson_data_row, f);
      for (std::size_t j = 0; j < width; ++j) {
        if (!r[j].is_number()) return fail(Msg::lesson_expected_number, item(f, j));
        const double v = r[j].get<double>();
        if (!std::isfinite(v)) return fail(Msg::lesson_expected_number, item(f, j));
        if (j + 1 == width && v != 1.0 && v != -1.0) return fail(Msg::lesson_data_row, item(f, j));
        out += msg_num(v) + (j + 1 == width ? "\n" : ",");
      }
    }
    csv = std::move(out);
    return Status::success();
  }

  std::size_t dim_of_setup = 0;  // set by setup(): the loaded data's coordinates

  // What the steps so far ask of the lab (the limits in [SECTION] Limits).
  SessionSettings sim;          // the settings the steps so far set (from the defaults, as start())
  std::uint64_t points = 0;     // points of the data the steps so far load
  std::uint64_t values = 0;     // values generated or given so far: N x (D + 1) summed
  std::uint64_t visits = 0;     // point visits the step being checked may cause

  static std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
  }
  // The point visits of training to the stop rule from the start, at most: max_epochs
  // passes, or two passes per update up to max_updates (after an update, a mistake comes
  // within the next full pass or the run converges). 0 without a stop rule (train refuses).
  std::uint64_t visits_to_stop() const {
    const std::uint64_t n = std::max<std::uint64_t>(points, 1);
    const std::uint64_t e = sim.stop.max_epochs, u = sim.stop.max_updates;
    if (!e && !u) return 0;
    return std::min(e ? times(n, e) : UINT64_MAX, u ? times(times(2, n), u + 1) : UINT64_MAX);
  }
  Status add_data(std::uint64_t n, std::uint64_t d, const std::string& field) {
    points = n;
    values = std::min(values + times(n, d + 1), UINT64_MAX - 1);
    if (values > kMaxLessonValues)
      return fail(Msg::lesson_data_total, field, {{"total", std::to_string(values)}, {"max", std::to_string(kMaxLessonValues)}});
    return Status::success();
  }
  Status add_visits(std::uint64_t v, const std::string& field) {
    visits = std::min(visits + v, UINT64_MAX - 1);
    if (visits > kMaxStepVisits)
      return fail(Msg::lesson_step_work, field, {{"visits", std::to_string(visits)}, {"max", std::to_string(kMaxStepVisits)}});
    return Status::success();
  }
  // An action's data and work (its arguments already checked against the command's kinds).
  Status budget(const std::vector<std::string>& args, const std::string& field) {
    const std::string& name = args[0];
    std::uint64_t v = 0;
    if (name == "generate") {
      const GenSpec defaults;
      std::uint64_t n = defaults.n, d = static_cast<std::uint64_t>(defaults.d);
      if (args.size() > 2 && parse_u64(args[2], v)) n = v;
      if (args.size() > 3 && parse_u64(args[3], v)) d = v;
      if (n > kMaxLinkGenPoints)
        return fail(Msg::lesson_gen_limit, item(field, 2), {{"arg", "N"}, {"value", std::to_string(n)}, {"max", std::to_string(kMaxLinkGenPoints)}});
      if (d > kMaxLinkGenDim)
        return fail(Msg::lesson_gen_limit, item(field, 3), {{"arg", "D"}, {"value", std::to_string(d)}, {"max", std::to_string(kMaxLinkGenDim)}});
      return add_data(n, d, field);
    }
    if (name == "train") return add_visits(visits_to_stop(), field);
    if (name == "epoch") return add_visits(points, field);
    if (name == "next_update") return add_visits(std::min(visits_to_stop(), kMaxSimSteps), field);
    if (name == "seek" && args.size() > 1 && parse_u64(args[1], v)) return add_visits(v, field);
    if (name == "compare") {
      const std::uint64_t rates = args.size() > 1 ? args.size() - 1 : std::size(kDefaultCompareEtas);
      return add_visits(times(times(rates, points), kCompareMaxEpochs), field);
    }
    return add_visits(1, field);
  }
  // A question: its expected answer and its effect simulate at most to the next update.
  Status question_budget(const LessonQuestion& q, const std::string& field) {
    if (q.kind == QuestionKind::None) return Status::success();
    return add_visits(times(2, std::min(visits_to_stop(), kMaxSimSteps)), field);
  }
  // The text of one step, per language: narration, prompt, options, whys and why together.
  Status step_text(const LessonStep& ls, const std::string& field) const {
    std::map<std::string, std::size_t> size;
    const auto add = [&size](const LessonText& t) {
      size["en"] += t.en.size();
      for (const auto& kv : t.translations) size[kv.first] += kv.second.size();
    };
    add(ls.narration);
    add(ls.question.prompt);
    add(ls.question.why);
    for (const LessonText& o : ls.question.options) add(o);
    for (const LessonText& o : ls.question.whys) add(o);
    for (const auto& kv : size)
      if (kv.second > kMaxStepText)
        return fail(Msg::lesson_step_text, field,
                    {{"lang", kv.first}, {"size", std::to_string(kv.second)}, {"max", std::to_string(kMaxStepText)}});
    return Status::success();
  }

  Status setup(const Json& o, const std::string& field, LessonStep& st) {
    if (!o.is_object()) return fail(Msg::lesson_expected_object, field);
    std::vector<std::string> known = {"preset", "data"};
    for (const auto& def : session_settings()) known.emplace_back(def.key);
    Status r = keys(o, field, known);
    if (!r) return r;
    if (o.contains("preset") && o.contains("data")) return fail(Msg::lesson_preset_and_data, field);
    SessionSettings probe;
    for (auto it = o.begin(); it != o.end(); ++it) {
      const std::string f = at(field, it.key());
      if (it.key() == "preset") {
        if (!it->is_string()) return fail(Msg::lesson_expected_string, f);
        const std::string name = it->get<std::string>();
        const auto& names = preset_names();
        if (std::find(names.begin(), names.end(), name) == names.end())
          return fail(Msg::lesson_preset_unknown, f, {{"value", name.substr(0, 40)}, {"known", join_keys(names)}});
        st.preset = name;
        Dataset ds;
        if (make_preset(name, ds)) {
          dim_of_setup = static_cast<std::size_t>(ds.d);
          r = add_data(ds.size(), static_cast<std::uint64_t>(ds.d), f);
          if (!r) return r;
        }
      } else if (it.key() == "data") {
        r = data(*it, f, st.data_csv);
        if (!r) return r;
        const std::string header = st.data_csv.substr(0, st.data_csv.find('\n'));  // "x1,x2,label"
        dim_of_setup = static_cast<std::size_t>(std::count(header.begin(), header.end(), ','));
        r = add_data(it->size(), dim_of_setup, f);
        if (!r) return r;
      } else {
        std::string value;
        r = scalar(*it, f, value);
        if (!r) return r;
        const auto* def = find_setting(session_settings(), it.key());
        if (def) r = setting_parse(*def, probe, value);
        if (def && r) (void)setting_parse(*def, sim, value);  // the settings the later steps train with
        if (!r) {
          MsgArgs args = {{"source", source}, {"step", std::to_string(step)}, {"field", f}};
          return Status::fail(Msg::lesson_setting_bad, args, r);
        }
        st.settings.emplace_back(it.key(), value);
      }
    }
    return Status::success();
  }

  // The interface's view settings (its `set KEY VALUE` table, not the session's): names and
  // scalar values are checked here, the values by the interface when it applies them.
  Status view(const Json& o, const std::string& field, LessonStep& st) const {
    if (!o.is_object()) return fail(Msg::lesson_expected_object, field);
    if (o.size() > kMaxActions) return fail(Msg::lesson_too_long, field, {{"max", std::to_string(kMaxActions)}});
    for (auto it = o.begin(); it != o.end(); ++it) {
      const std::string f = at(field, it.key().substr(0, 40));
      bool good = !it.key().empty() && it.key().size() <= 40;
      for (char c : it.key()) good = good && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
      if (!good) return fail(Msg::lesson_bad_id, f, {{"value", it.key().substr(0, 40)}});
      std::string value;
      Status r = scalar(*it, f, value);
      if (!r) return r;
      if (it.key() == "conceal") {  // the cues its question hides, not an interface setting
        std::string bad;
        if (!parse_cues(value, st.conceal, bad))
          return fail(Msg::lesson_conceal_unknown, f, {{"value", bad}, {"known", cue_names_joined()}});
        continue;
      }
      st.view.emplace_back(it.key(), value);
    }
    return Status::success();
  }

  // The actions: session commands marked kCmdLesson, each checked with its table row's
  // argument schema (the count, then each argument's kind) and turned into the text the
  // command takes. A command whose count follows the data's d is checked here when the
  // lesson's setup data fixes d, else when the step runs (LessonRunner::apply_step).
  Status actions(const Json& a, const std::string& field, LessonStep& st) {
    if (!a.is_array()) return fail(Msg::lesson_expected_array, field);
    if (a.size() > kMaxActions) return fail(Msg::lesson_too_long, field, {{"max", std::to_string(kMaxActions)}});
    std::vector<std::string> names;
    for (const Command& c : session_commands())
      if (c.flags & kCmdLesson) names.emplace_back(c.name);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string f = item(field, i);
      const Json& c = a[i];
      if (!c.is_array()) return fail(Msg::lesson_expected_array, f);
      if (c.empty() || !c[0].is_string()) return fail(Msg::lesson_expected_string, item(f, 0));
      const std::string name = c[0].get<std::string>();
      const Command* cmd = nullptr;
      for (const Command& k : session_commands())
        if ((k.flags & kCmdLesson) && name == k.name) cmd = &k;
      if (!cmd) return fail(Msg::lesson_action_unknown, f, {{"name", name.substr(0, 40)}, {"known", join_keys(names)}});
      const std::size_t n = c.size() - 1;
      if (cmd->max_args != kArgsPerDim) {
        if (n < static_cast<std::size_t>(cmd->min_args) || n > static_cast<std::size_t>(cmd->max_args))
          return fail(Msg::lesson_action_count, f,
                      {{"name", name}, {"given", std::to_string(n)}, {"count", arg_count(*cmd)}, {"usage", cmd->usage}});
      } else if (dim && n != static_cast<std::size_t>(cmd->min_args) + dim) {
        return fail(Msg::lesson_action_dim, f,
                    {{"name", name}, {"given", std::to_string(n)},
                     {"count", std::to_string(static_cast<std::size_t>(cmd->min_args) + dim)},
                     {"d", std::to_string(dim)}});
      }
      std::vector<std::string> args = {name};
      const std::string kinds = cmd->kinds;
      for (std::size_t j = 1; j <= n; ++j) {
        const char kind = kinds.empty() ? 'v' : kinds[std::min(j, kinds.size()) - 1];
        const Json& x = c[j];
        const std::string fj = item(f, j);
        if (kind == 't') {
          if (!x.is_string()) return fail(Msg::lesson_expected_string, fj);
          args.push_back(x.get<std::string>());
        } else if (kind == 'n') {
          if (!x.is_number()) return fail(Msg::lesson_expected_number, fj);
          args.push_back(json_number(x.get<double>()));
        } else if (kind == 'u') {
          if (!x.is_number_unsigned() && !(x.is_number_integer() && x.get<std::int64_t>() >= 0))
            return fail(Msg::lesson_expected_whole, fj);
          args.push_back(std::to_string(x.get<std::uint64_t>()));
        } else {
          std::string v;
          Status r = scalar(x, fj, v);
          if (!r) return r;
          args.push_back(std::move(v));
        }
      }
      if (cmd->flags & kCmdNewData) dim = 0;  // the data is replaced: d unknown until the next setup
      Status r = budget(args, f);
      if (!r) return r;
      st.actions.push_back(std::move(args));
    }
    return Status::success();
  }

  Status question(const Json& q, const std::string& field, LessonQuestion& out) const {
    if (!q.is_object()) return fail(Msg::lesson_expected_object, field);
    auto kind = q.find("kind");
    if (kind == q.end()) return fail(Msg::lesson_missing_key, at(field, "kind"));
    if (!kind->is_string()) return fail(Msg::lesson_expected_string, at(field, "kind"));
    const std::string k = kind->get<std::string>();
    LessonQuestion r;
    std::vector<std::string> allowed = {"kind", "prompt", "why", "retry"};
    if (k == "yes_no") {
      r.kind = QuestionKind::YesNo;
      allowed.insert(allowed.end(), {"answer", "from"});
    } else if (k == "pick_point") {
      r.kind = QuestionKind::PickPoint;
    } else if (k == "number") {
      r.kind = QuestionKind::Number;
      allowed.insert(allowed.end(), {"answer", "from", "tolerance"});
    } else if (k == "choice") {
      r.kind = QuestionKind::Choice;
      allowed.insert(allowed.end(), {"options", "answer", "whys"});
    } else if (k == "place_line") {
      r.kind = QuestionKind::PlaceLine;
      allowed.insert(allowed.end(), {"angle_deg", "offset"});
    } else {
      return fail(Msg::lesson_kind_unknown, at(field, "kind"),
                  {{"value", k.substr(0, 40)}, {"known", "yes_no, pick_point, number, choice, place_line"}});
    }
    Status st = keys(q, field, allowed);
    if (!st) return st;
    auto prompt = q.find("prompt");
    if (prompt == q.end()) return fail(Msg::lesson_missing_key, at(field, "prompt"));
    st = text(*prompt, at(field, "prompt"), r.prompt);
    if (!st) return st;
    if (q.contains("why")) {
      st = text(q["why"], at(field, "why"), r.why);
      if (!st) return st;
    }
    if (q.contains("retry")) {
      if (!q["retry"].is_boolean()) return fail(Msg::lesson_expected_bool, at(field, "retry"));
      r.retry = q["retry"].get<bool>();
    }
    auto answer = q.find("answer");
    auto from = q.find("from");
    const std::string fa = at(field, "answer"), ff = at(field, "from");
    if (answer != q.end() && from != q.end()) return fail(Msg::lesson_answer_and_from, field);
    if ((r.kind == QuestionKind::YesNo || r.kind == QuestionKind::Number || r.kind == QuestionKind::Choice) &&
        answer == q.end() && from == q.end())
      return fail(Msg::lesson_missing_key, fa);
    if (from != q.end()) {
      if (!from->is_string()) return fail(Msg::lesson_expected_string, ff);
      const std::string v = from->get<std::string>();
      std::size_t i = 0;
      bool ok = false;
      if (r.kind == QuestionKind::YesNo) ok = v == "mistake" || v == "converged";
      else ok = v == "b_after" || v == "k_after" ||
                (v.size() > 7 && v.compare(v.size() - 6, 6, "_after") == 0 && indexed(v.substr(0, v.size() - 6), "w", i));
      if (!ok)
        return fail(Msg::lesson_from_unknown, ff,
                    {{"value", v.substr(0, 40)},
                     {"known", r.kind == QuestionKind::YesNo ? "mistake, converged" : "b_after, k_after, w1_after, w2_after, ..."}});
      r.from = v;
    }
    if (answer != q.end()) {
      if (r.kind == QuestionKind::YesNo) {
        if (!answer->is_string()) return fail(Msg::lesson_expected_string, fa);
        const std::string v = answer->get<std::string>();
        if (v != "yes" && v != "no") return fail(Msg::lesson_answer_bad, fa, {{"value", v.substr(0, 40)}, {"known", "yes or no"}});
        r.answer = v;
      } else if (r.kind == QuestionKind::Number) {
        if (!answer->is_number() || !std::isfinite(answer->get<double>())) return fail(Msg::lesson_expected_number, fa);
        r.number = answer->get<double>();
      }
    }
    if (r.kind == QuestionKind::Number && q.contains("tolerance")) {
      const Json& t = q["tolerance"];
      if (!t.is_number() || !(t.get<double>() >= 0.0) || !std::isfinite(t.get<double>()))
        return fail(Msg::lesson_expected_number, at(field, "tolerance"));
      r.tolerance = t.get<double>();
    }
    if (r.kind == QuestionKind::PlaceLine) {
      struct Limit {
        const char* key;
        double* slot;
        double max;
        const char* range;
      };
      const Limit limits[] = {{"angle_deg", &r.angle_deg, 90.0, "0 < angle_deg <= 90"},
                              {"offset", &r.offset, 1e6, "0 < offset <= 1000000"}};
      for (const Limit& lim : limits) {
        auto it = q.find(lim.key);
        if (it == q.end()) continue;
        const std::string f = at(field, lim.key);
        if (!it->is_number() || !std::isfinite(it->get<double>())) return fail(Msg::lesson_expected_number, f);
        const double v = it->get<double>();
        if (!(v > 0.0) || v > lim.max) return fail(Msg::lesson_range, f, {{"value", msg_num(v)}, {"range", lim.range}});
        *lim.slot = v;
      }
    }
    if (r.kind == QuestionKind::Choice) {
      auto options = q.find("options");
      const std::string fo = at(field, "options");
      if (options == q.end()) return fail(Msg::lesson_missing_key, fo);
      if (!options->is_array()) return fail(Msg::lesson_expected_array, fo);
      if (options->size() > kMaxOptions) return fail(Msg::lesson_too_long, fo, {{"max", std::to_string(kMaxOptions)}});
      if (options->size() < 2) return fail(Msg::lesson_missing_key, item(fo, options->size()));
      for (std::size_t i = 0; i < options->size(); ++i) {
        LessonText t;
        st = text((*options)[i], item(fo, i), t);
        if (!st) return st;
        r.options.push_back(std::move(t));
      }
      // "whys": one feedback text (or null) per option.
      if (q.contains("whys")) {
        const Json& whys = q["whys"];
        const std::string fw = at(field, "whys");
        if (!whys.is_array()) return fail(Msg::lesson_expected_array, fw);
        if (whys.size() > r.options.size()) return fail(Msg::lesson_too_long, fw, {{"max", std::to_string(r.options.size())}});
        if (whys.size() < r.options.size()) return fail(Msg::lesson_missing_key, item(fw, whys.size()));
        for (std::size_t i = 0; i < whys.size(); ++i) {
          LessonText t;
          if (!whys[i].is_null()) {
            st = text(whys[i], item(fw, i), t);
            if (!st) return st;
          }
          r.whys.push_back(std::move(t));
        }
      }
      if (!answer->is_number_integer() && !answer->is_number_unsigned()) return fail(Msg::lesson_expected_whole, fa);
      const std::int64_t v = answer->get<std::int64_t>();
      if (v < 0 || static_cast<std::size_t>(v) >= r.options.size())
        return fail(Msg::lesson_answer_range, fa,
                    {{"value", std::to_string(v)}, {"max", std::to_string(r.options.size() - 1)}});
      r.answer = std::to_string(v);
    }
    out = std::move(r);
    return Status::success();
  }

  Status lesson(const std::string& json, Lesson& out) {
    const Json doc = Json::parse(json, nullptr, false);
    if (doc.is_discarded()) return Status::fail(Msg::lesson_not_json, {{"source", source}});
    if (!doc.is_object()) return fail(Msg::lesson_expected_object, "lesson");
    Status st = keys(doc, "", {"format", "id", "title", "steps"});
    if (!st) return st;
    for (const char* k : {"format", "id", "title", "steps"})
      if (!doc.contains(k)) return fail(Msg::lesson_missing_key, k);
    const Json& format = doc["format"];
    if (!format.is_number()) return fail(Msg::lesson_expected_number, "format");
    if (format.get<double>() != 1.0) return fail(Msg::lesson_format, "format", {{"value", msg_num(format.get<double>())}});
    Lesson l;
    l.source = source;
    const Json& id = doc["id"];
    if (!id.is_string()) return fail(Msg::lesson_expected_string, "id");
    l.id = id.get<std::string>();
    bool good_id = !l.id.empty() && l.id.size() <= 64;
    for (char c : l.id)
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) good_id = false;
    if (!good_id) return fail(Msg::lesson_bad_id, "id", {{"value", l.id.substr(0, 64)}});
    st = text(doc["title"], "title", l.title);
    if (!st) return st;
    const Json& steps = doc["steps"];
    if (!steps.is_array()) return fail(Msg::lesson_expected_array, "steps");
    if (steps.empty()) return fail(Msg::lesson_no_steps, "steps");
    if (steps.size() > kMaxSteps) return fail(Msg::lesson_too_long, "steps", {{"max", std::to_string(kMaxSteps)}});
    for (std::size_t i = 0; i < steps.size(); ++i) {
      step = i + 1;
      const std::string f = item("steps", i);
      const Json& s = steps[i];
      if (!s.is_object()) return fail(Msg::lesson_expected_object, f);
      st = keys(s, f, {"narration", "setup", "view", "actions", "question"});
      if (!st) return st;
      LessonStep ls;
      if (!s.contains("narration")) return fail(Msg::lesson_missing_key, at(f, "narration"));
      st = text(s["narration"], at(f, "narration"), ls.narration);
      dim_of_setup = 0;
      visits = 0;
      if (st && s.contains("setup")) st = setup(s["setup"], at(f, "setup"), ls);
      if (dim_of_setup) dim = dim_of_setup;
      if (st && s.contains("view")) st = view(s["view"], at(f, "view"), ls);
      if (st && s.contains("actions")) st = actions(s["actions"], at(f, "actions"), ls);
      if (st && s.contains("question")) st = question(s["question"], at(f, "question"), ls.question);
      if (st) st = question_budget(ls.question, at(f, "question"));
      if (st) st = step_text(ls, f);
      if (!st) return st;
      // place_line needs 2-D data: refused here when the data is known (a lift is caught
      // at run time, lesson.line_not_2d).
      if (ls.question.kind == QuestionKind::PlaceLine && dim && dim != 2)
        return fail(Msg::lesson_line_data, at(f, "question.kind"), {{"d", std::to_string(dim)}});
      if (i == 0 && ls.preset.empty() && ls.data_csv.empty()) return fail(Msg::lesson_first_data, at(f, "setup"));
      l.steps.push_back(std::move(ls));
    }
    out = std::move(l);
    return Status::success();
  }
};


// =============================================================================
// [SECTION] Session helpers
// =============================================================================

// The learner after the next update (false when none comes before a stop rule).
bool simulate_next_update(const Session& s, std::unique_ptr<Learner>& out, std::size_t& row) {
  std::unique_ptr<Learner> c = s.learner().clone();
  const Dataset& train = s.train_set();
  if (!c || train.empty() || !c->bound_to(train)) return false;
  for (std::uint64_t n = 0; n < kMaxSimSteps; ++n) {
    if (stop_rule(s.settings().stop, progress_of(*c)) != StopReason::None) return false;
    const StepInfo st = c->step(train);
    if (st.index >= train.size()) return false;
    if (st.mistake) {
      row = st.index < s.train_index().size() ? s.train_index()[st.index] : st.index;
      out = std::move(c);
      return true;
    }
  }
  return false;
}

std::string step_field(std::size_t i) { return item("steps", i); }

}  // namespace

// =============================================================================
// [SECTION] Public helpers
// =============================================================================

const char* to_string(QuestionKind k) {
  switch (k) {
    case QuestionKind::YesNo: return "yes_no";
    case QuestionKind::PickPoint: return "pick_point";
    case QuestionKind::Number: return "number";
    case QuestionKind::Choice: return "choice";
    case QuestionKind::PlaceLine: return "place_line";
    default: return "";
  }
}

const std::string& LessonText::in(const std::string& lang) const {
  const std::string& t = written(lang);
  return t.empty() ? en : t;
}

const std::string& LessonText::written(const std::string& lang) const {
  static const std::string empty;
  if (lang == "en") return en;
  const auto it = translations.find(lang);
  return it == translations.end() ? empty : it->second;
}

std::vector<std::string> lesson_languages() {
  std::vector<std::string> out;
  for (const auto& kv : catalogs()) out.push_back(kv.first);
  return out;  // sorted: the map's order
}

bool add_language_catalog(const std::string& code, const std::string& catalog_json) {
  bool good = code.size() >= 2 && code.size() <= 8 && code[0] >= 'a' && code[0] <= 'z' && code != "pseudo";
  for (char c : code) good = good && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  const Json doc = Json::parse(catalog_json, nullptr, false);
  if (!good || !doc.is_object()) return false;
  Catalog c;
  c.parsed = true;
  c.msg = doc.contains("msg") && doc["msg"].is_object() ? doc["msg"] : Json::object();
  catalogs()[code] = std::move(c);
  return true;
}

void remove_language_catalog(const std::string& code) {
  auto& all = catalogs();
  const auto it = all.find(code);
  if (it != all.end() && !it->second.embedded && code != "en") all.erase(it);
}

std::string catalog_template(const std::string& lang, Msg code) {
  const Json* msg = catalog_msg(lang);
  if (!msg) return "";
  // "msg." + key, the key's dots as nested objects: "lesson.word_yes" -> msg.lesson.word_yes.
  const std::string key = message_info(code).key;
  const Json* at = msg;
  std::size_t from = 0;
  while (at && at->is_object()) {
    const std::size_t dot = key.find('.', from);
    const std::string part = key.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
    const auto it = at->find(part);
    at = it == at->end() ? nullptr : &*it;
    if (dot == std::string::npos) break;
    from = dot + 1;
  }
  return at && at->is_string() ? at->get<std::string>() : "";
}

bool lesson_placeholder_known(const std::string& name) {
  std::size_t i = 0;
  return find_placeholder(name, i) != nullptr;
}

const std::vector<std::string>& lesson_placeholder_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Placeholder& p : placeholders()) out.emplace_back(p.name);
    return out;
  }();
  return names;
}

const char* builtin_course_json() { return kEmbeddedCourse; }

const std::vector<std::string>& builtin_lesson_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> embedded;
    for (unsigned i = 0; i < kEmbeddedLessonCount; ++i) {
      const Json doc = Json::parse(kEmbeddedLessons[i], nullptr, false);
      if (doc.is_object() && doc.contains("id") && doc["id"].is_string()) embedded.push_back(doc["id"].get<std::string>());
    }
    std::sort(embedded.begin(), embedded.end());
    // The course's order first (ids it lists that are built in, once each), then any other.
    std::vector<std::string> out;
    const Json course = Json::parse(kEmbeddedCourse, nullptr, false);
    if (course.is_object() && course.contains("lessons") && course["lessons"].is_array())
      for (const Json& id : course["lessons"])
        if (id.is_string() && std::binary_search(embedded.begin(), embedded.end(), id.get<std::string>()) &&
            std::find(out.begin(), out.end(), id.get<std::string>()) == out.end())
          out.push_back(id.get<std::string>());
    for (const std::string& id : embedded)
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
    return out;
  }();
  return ids;
}

const std::vector<LessonInfo>& builtin_lesson_infos() {
  static const std::vector<LessonInfo> infos = [] {
    std::vector<LessonInfo> out;
    for (const std::string& id : builtin_lesson_ids()) {
      LessonRunner r;
      LessonInfo info;
      info.id = id;
      if (r.load_builtin(id)) {
        info.title = r.lesson().title;
        info.steps = r.steps();
        for (const LessonStep& st : r.lesson().steps) info.questions += st.question.kind != QuestionKind::None;
      }
      out.push_back(std::move(info));
    }
    return out;
  }();
  return infos;
}

// =============================================================================
// [SECTION] Course progress
// =============================================================================

std::size_t LessonProgress::right() const {
  return static_cast<std::size_t>(std::count(results.begin(), results.end(), 1));
}
std::size_t LessonProgress::answered() const {
  return static_cast<std::size_t>(std::count_if(results.begin(), results.end(), [](int r) { return r == 1 || r == 2; }));
}

std::string CourseProgress::to_json() const {
  Json all = Json::object();
  for (const auto& [id, p] : lessons) {
    Json answers = Json::array();
    for (std::size_t i = 0; i < p.results.size(); ++i)
      if (p.results[i] == 1 || p.results[i] == 2)
        answers.push_back(Json::array({i + 1, i < p.replies.size() ? p.replies[i] : std::string(), p.results[i] == 1}));
      else if (p.results[i] == 3)
        answers.push_back(Json::array({i + 1, std::string(), nullptr}));  // passed over
    all[id] = Json{{"step", p.step + 1}, {"done", p.done}, {"answers", std::move(answers)}};
  }
  Json doc = Json{{"format", 1}, {"lessons", std::move(all)}};
  if (!current.empty()) doc["current"] = current;
  return doc.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool CourseProgress::from_json(const std::string& text, CourseProgress& out) {
  const Json doc = Json::parse(text, nullptr, false);
  if (!doc.is_object() || !doc.contains("format") || doc["format"] != 1 || !doc.contains("lessons") ||
      !doc["lessons"].is_object())
    return false;
  CourseProgress c;
  for (const auto& [id, e] : doc["lessons"].items()) {
    if (id.empty() || id.size() > 64 || !e.is_object() || !e.contains("step") || !e["step"].is_number_unsigned()) continue;
    const std::uint64_t step = e["step"].get<std::uint64_t>();
    if (step < 1 || step > kMaxSteps) continue;
    LessonProgress p;
    p.step = static_cast<std::size_t>(step - 1);
    p.done = e.contains("done") && e["done"].is_boolean() && e["done"].get<bool>();
    p.results.assign(p.step + 1, 0);
    p.replies.assign(p.step + 1, "");
    // Answers at any step of the lesson (after Back the step shown is before later answers).
    if (e.contains("answers") && e["answers"].is_array())
      for (const Json& a : e["answers"]) {
        if (!a.is_array() || a.size() != 3 || !a[0].is_number_unsigned() || !a[1].is_string() ||
            !(a[2].is_boolean() || a[2].is_null()))
          continue;
        const std::uint64_t at = a[0].get<std::uint64_t>();
        const std::string reply = a[1].get<std::string>();
        if (at < 1 || at > kMaxSteps || reply.size() > 200) continue;
        const std::size_t i = static_cast<std::size_t>(at - 1);
        if (i >= p.results.size()) {
          p.results.resize(i + 1, 0);
          p.replies.resize(i + 1);
        }
        p.results[i] = a[2].is_null() ? 3 : a[2].get<bool>() ? 1 : 2;
        p.replies[i] = a[2].is_null() ? std::string() : reply;
      }
    c.lessons[id] = std::move(p);
  }
  if (doc.contains("current") && doc["current"].is_string() && doc["current"].get<std::string>().size() <= 64)
    c.current = doc["current"].get<std::string>();
  out = std::move(c);
  return true;
}

bool builtin_lesson(const std::string& id, std::string& json) {
  for (unsigned i = 0; i < kEmbeddedLessonCount; ++i) {
    const Json doc = Json::parse(kEmbeddedLessons[i], nullptr, false);
    if (doc.is_object() && doc.contains("id") && doc["id"].is_string() && doc["id"].get<std::string>() == id) {
      json = kEmbeddedLessons[i];
      return true;
    }
  }
  return false;
}

// =============================================================================
// [SECTION] LessonRunner
// =============================================================================

Status LessonRunner::load(const std::string& json, const std::string& source) {
  Loader loader;
  loader.source = source;
  Lesson l;
  Status st = loader.lesson(json, l);
  if (!st) return st;
  lesson_ = std::move(l);
  // The snapshots and any pending work were the previous lesson's.
  snaps_.clear();
  recent_.clear();
  snap_every_ = 1;
  snap_bytes_ = recent_bytes_ = 0;
  queue_.clear();
  running_ = chain_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  active_ = done_ = answered_ = correct_ = passed_ = false;
  practicing_ = practiced_ = practice_correct_ = false;
  practice_given_.clear();
  step_ = 0;
  expected_.clear();
  given_.clear();
  results_.assign(lesson_.steps.size(), 0);
  replies_.assign(lesson_.steps.size(), "");
  return st;
}

Status LessonRunner::load_builtin(const std::string& id) {
  std::string json;
  if (!builtin_lesson(id, json))
    return Status::fail(Msg::lesson_builtin_unknown, {{"id", id.substr(0, 64)}, {"known", join_keys(builtin_lesson_ids())}});
  return load(json, id + ".json");
}

void LessonRunner::event(Json e) { events_.push_back(std::move(e)); }

std::vector<Json> LessonRunner::take_events() {
  std::vector<Json> out;
  out.swap(events_);
  return out;
}

// ---- pending work: each step's setup and actions, a question's effect, what follows

void LessonRunner::push(Op op) {
  queue_.push_back(std::move(op));
  ++ops_total_;
}

void LessonRunner::queue_step(std::size_t i, int group) {
  push(Op{Op::Setup, i, 0, group});
  for (std::size_t a = 0; a < lesson_.steps[i].actions.size(); ++a) push(Op{Op::Action, i, a, group});
}

// The command a question's effect runs (none: empty).
Status LessonRunner::effect_command(std::size_t i, std::vector<std::string>& cmd) const {
  const LessonQuestion& q = lesson_.steps[i].question;
  cmd.clear();
  if (q.kind == QuestionKind::PickPoint || q.kind == QuestionKind::PlaceLine || (q.kind == QuestionKind::Number && !q.from.empty())) cmd = {"next_update"};
  else if (q.kind == QuestionKind::YesNo && q.from == "mistake") cmd = {"step"};
  return Status::success();
}

void LessonRunner::fail_op(const Op& op, const Status& st) {
  if (std::find(failed_groups_.begin(), failed_groups_.end(), op.group) == failed_groups_.end()) failed_groups_.push_back(op.group);
  if (op.counted && work_status_) work_status_ = st;
  chain_ = false;  // a failed command leaves a state no replay reaches the same way
}

void LessonRunner::mark(const Session& s) { mark_ = s.changes(); }

// A snapshot of the session at step i's boundary, kept while they fit kSnapshotBytes; over
// it, as the trace does with its own, every other one goes and the spacing doubles (step
// 0's stays), so Back replays at most snap_every_ - 1 steps after the nearest one.
void LessonRunner::record(const Session& s, std::size_t i) {
  using Snap = std::pair<std::size_t, std::shared_ptr<const Session>>;
  if (i % snap_every_ != 0) {
    for (const Snap& p : recent_)
      if (p.first == i) return;
    auto snap = std::make_shared<const Session>(s);
    recent_bytes_ += snap->memory_bytes();
    recent_.emplace_back(i, std::move(snap));
    std::sort(recent_.begin(), recent_.end(), [](const Snap& a, const Snap& b) { return a.first < b.first; });
    while (recent_bytes_ > kSnapshotBytes / 2 && !recent_.empty()) {
      recent_bytes_ -= std::min(recent_bytes_, recent_.front().second->memory_bytes());
      recent_.erase(recent_.begin());
    }
    return;
  }
  auto it = std::lower_bound(snaps_.begin(), snaps_.end(), i,
                             [](const std::pair<std::size_t, std::shared_ptr<const Session>>& a, std::size_t v) { return a.first < v; });
  if (it != snaps_.end() && it->first == i) return;  // the same state (a replay's)
  auto snap = std::make_shared<const Session>(s);
  snap_bytes_ += snap->memory_bytes();
  snaps_.insert(it, {i, std::move(snap)});
  while (snap_bytes_ > kSnapshotBytes && snaps_.size() > 1 && snap_every_ < (std::size_t(1) << 20)) {
    snap_every_ *= 2;
    snap_bytes_ = 0;
    std::vector<std::pair<std::size_t, std::shared_ptr<const Session>>> kept;
    for (auto& p : snaps_)
      if (p.first % snap_every_ == 0) {
        snap_bytes_ += p.second->memory_bytes();
        kept.push_back(std::move(p));
      }
    snaps_ = std::move(kept);
  }
}

// The undo point of new work (the session and the walk as they are now: cancel() goes
// back there), with slicing only: without it the work ends before the call returns.
void LessonRunner::begin_work(Session& s) {
  if (s.changes() != mark_) chain_ = false;  // touched since: no replay gives this state
  work_status_ = Status::success();
  failed_groups_.clear();
  ops_done_ = ops_total_ = 0;
  done_shown_ = 0;
  running_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  if (!slicing_) return;
  undo_session_ = std::make_shared<const Session>(s);
  undo_runner_ = std::make_shared<const LessonRunner>(*this);
}

Status LessonRunner::run_queued(Session& s) {
  if (!slicing_) return finish(s);
  return Status::success();
}

Status LessonRunner::finish(Session& s) {
  while (!work(s, 3600.0)) {
  }
  return work_status_;
}

bool LessonRunner::work(Session& s, double max_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  bool first = true;
  while (!queue_.empty()) {
    const double left = max_seconds - std::chrono::duration<double>(Clock::now() - t0).count();
    if (!first && left <= 0.0) break;
    first = false;
    if (s.changes() != mark_) chain_ = false;  // someone else changed the session meanwhile
    const Op op = queue_.front();
    queue_.pop_front();
    const bool done = run_op(s, op, std::max(left, 0.0));
    if (done) ++ops_done_;
    else queue_.push_front(op);
    mark(s);
  }
  // Operations the work queues as it goes (a step's actions after its setup) raise the total:
  // the share shown keeps its highest value, so the bar never moves back.
  done_shown_ = work_progress().done;
  if (queue_.empty()) {
    undo_session_.reset();
    undo_runner_.reset();
    running_ = false;
    return true;
  }
  return false;
}

bool LessonRunner::cancel(Session& s) {
  if (!busy() || !undo_runner_ || !undo_session_) return false;
  const bool canonical = undo_runner_->chain_ && undo_runner_->mark_ == undo_session_->changes();
  s.restore(*undo_session_);
  LessonRunner was = *undo_runner_;
  // What the runner learnt meanwhile stays: the snapshots (every one a replay's state),
  // the events, the counters.
  was.snaps_ = std::move(snaps_);
  was.snap_every_ = snap_every_;
  was.snap_bytes_ = snap_bytes_;
  was.recent_ = std::move(recent_);
  was.recent_bytes_ = recent_bytes_;
  was.events_ = std::move(events_);
  was.steps_applied_ = steps_applied_;
  was.slicing_ = slicing_;
  *this = std::move(was);
  queue_.clear();
  running_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  work_status_ = Status::success();
  chain_ = canonical;
  mark(s);
  return true;
}

LessonRunner::WorkProgress LessonRunner::work_progress() const {
  WorkProgress p;
  if (!busy()) {
    p.done = p.total;
    return p;
  }
  double f = 0.0;
  if (running_ && run_) {
    f = run_->fraction;
    p.action = run_->args.empty() ? std::string() : run_->args[0];
    p.visited = run_->visited;
  }
  const double share = ops_total_ ? (static_cast<double>(ops_done_) + f) / static_cast<double>(ops_total_) : 0.0;
  p.done = std::max(done_shown_, std::min<std::size_t>(p.total - 1, static_cast<std::size_t>(share * static_cast<double>(p.total))));
  return p;
}

bool LessonRunner::run_op(Session& s, const Op& op, double seconds) {
  const bool skip = std::find(failed_groups_.begin(), failed_groups_.end(), op.group) != failed_groups_.end();
  const std::string f = step_field(op.step);
  auto failed = [&](const std::string& field, const Status& cause) {
    return Status::fail(Msg::lesson_step_failed, {{"id", lesson_.id}, {"step", std::to_string(op.step + 1)}, {"field", field}},
                        cause);
  };
  // A command in parts (Session::start_run): true when it is done (a failure: `field`).
  auto command = [&](const std::vector<std::string>& args, const std::string& field) {
    if (!running_) {
      if (!run_) run_ = std::make_shared<CommandRun>();
      s.start_run(*run_, args);
      running_ = true;
    }
    if (!s.run_part(*run_, seconds)) return false;
    running_ = false;
    if (!run_->status) fail_op(op, failed(field, run_->status));
    return true;
  };
  switch (op.kind) {
    case Op::Setup: {
      if (skip) return true;
      ++steps_applied_;
      const LessonStep& st = lesson_.steps[op.step];
      Status r;
      if (!st.preset.empty()) r = s.command({"preset", st.preset});
      else if (!st.data_csv.empty()) r = s.command({"import_csv", st.data_csv, lesson_.id + ".csv"});
      if (!r) {
        fail_op(op, failed(at(f, st.preset.empty() ? "setup.data" : "setup.preset"), r));
        return true;
      }
      for (const auto& kv : st.settings) {
        r = s.command({"set", kv.first, kv.second});
        if (!r) {
          fail_op(op, failed(at(f, "setup." + kv.first), r));
          return true;
        }
      }
      return true;
    }
    case Op::Action: {
      if (skip) return true;
      const std::vector<std::string>& args = lesson_.steps[op.step].actions[op.index];
      const std::string field = item(at(f, "actions"), op.index);
      if (!running_)
        for (const Command& c : session_commands())
          if (c.name == args[0] && c.max_args == kArgsPerDim) {
            const std::size_t want = static_cast<std::size_t>(c.min_args) + static_cast<std::size_t>(s.data().d);
            if (args.size() - 1 != want) {
              fail_op(op, failed(field, Status::fail(Msg::lesson_action_dim_run,
                                                     {{"name", args[0]}, {"given", std::to_string(args.size() - 1)},
                                                      {"count", std::to_string(want)}, {"d", msg_int(s.data().d)}})));
              return true;
            }
          }
      return command(args, field);
    }
    case Op::Effect: {
      if (skip || (op.replay && !closed())) return true;
      std::vector<std::string> cmd;
      (void)effect_command(op.step, cmd);
      if (cmd.empty()) return true;
      return command(cmd, at(f, "question"));
    }
    case Op::Record:
      if (!skip && chain_ && s.changes() == mark_) record(s, op.step);
      return true;
    case Op::ShowDone: {
      if (!skip) {
        const Status st = compute_expected(s);
        if (!st) fail_op(op, st);
        else if (chain_ && s.changes() == mark_) record(s, step_);
      }
      shown_ = snapshot(s);
      after_ = shown_;
      event(Json{{"event", "step_shown"}, {"id", lesson_.id}, {"step", step_}});
      return true;
    }
    case Op::Replay: {
      // The step's recorded answer shown read-only (no event, no result changed): the
      // reply checked again for its feedback, the verdict the recorded one.
      if (skip || open_kind() == QuestionKind::None) return true;
      const int r = results_[step_];
      if (r == 3) passed_ = true;
      if (r != 1 && r != 2) return true;
      Checked c;
      answered_ = true;
      correct_ = r == 1;
      given_ = replies_[step_];
      line_errors_ = false;
      if (check_reply(s, replies_[step_], c)) {
        given_ = c.given;
        line_errors_ = c.line;
        angle_error_ = c.angle;
        offset_error_ = c.offset;
      }
      return true;
    }
    case Op::AnswerDone:
      if (!op.replay || closed()) after_ = snapshot(s);
      return true;
    case Op::Finish: {
      done_ = true;
      if (op.index == 0) return true;
      const Score sc = score();
      event(Json{{"event", "lesson_finished"}, {"id", lesson_.id}, {"answered", sc.answered}, {"correct", sc.right},
                 {"questions", sc.questions}});
      return true;
    }
    case Op::ResumeDone:
      // resume(): the rebuild failed: stop there (not done).
      if (!work_status_) {
        queue_.clear();
        return true;
      }
      if (open_kind() != QuestionKind::None && !closed()) {  // passed over, as next() does
        results_[step_] = 3;
        passed_ = true;
        const int g = next_group_++;
        push(Op{Op::Effect, step_, 0, g});
        push(Op{Op::AnswerDone, step_, 0, g});
      }
      push(Op{Op::Finish, step_, 0, next_group_++});
      return true;
  }
  return true;
}

Status LessonRunner::compute_expected(const Session& s) {
  expected_.clear();
  expected_number_ = 0.0;
  const LessonQuestion& q = lesson_.steps[step_].question;
  const std::string field = at(step_field(step_), q.kind == QuestionKind::PlaceLine ? "question.kind"
                                                  : q.from.empty()                  ? "question.answer"
                                                                                    : "question.from");
  expected_line_.clear();
  auto fail = [&](Msg code, MsgArgs extra = {}) {
    MsgArgs args = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}, {"field", field}};
    args.insert(args.end(), extra.begin(), extra.end());
    return Status::fail(code, std::move(args));
  };
  switch (q.kind) {
    case QuestionKind::None: return Status::success();
    case QuestionKind::Choice: expected_ = q.answer; return Status::success();
    case QuestionKind::YesNo:
      if (q.from.empty()) {
        expected_ = q.answer;
      } else if (q.from == "converged") {
        expected_ = s.learner().converged() ? "yes" : "no";
      } else {  // mistake: the next visit
        std::unique_ptr<Learner> c = s.learner().clone();
        if (!c || s.train_set().empty() || !c->bound_to(s.train_set())) return fail(Msg::lesson_no_update);
        expected_ = c->step(s.train_set()).mistake ? "yes" : "no";
      }
      return Status::success();
    case QuestionKind::PickPoint: {
      std::unique_ptr<Learner> c;
      std::size_t row = 0;
      expected_ = simulate_next_update(s, c, row) ? std::to_string(row) : "none";
      return Status::success();
    }
    case QuestionKind::Number: {
      if (q.from.empty()) {
        expected_number_ = q.number;
      } else {
        std::unique_ptr<Learner> c;
        std::size_t row = 0;
        if (!simulate_next_update(s, c, row)) return fail(Msg::lesson_no_update);
        std::size_t i = 0;
        if (q.from == "b_after") expected_number_ = c->running_b();
        else if (q.from == "k_after") expected_number_ = static_cast<double>(c->updates());
        else if (indexed(q.from.substr(0, q.from.size() - 6), "w", i)) {
          if (i > c->running_w().size()) return fail(Msg::lesson_dimension, {{"d", std::to_string(c->running_w().size())}});
          expected_number_ = c->running_w()[i - 1];
        }
      }
      expected_ = msg_num(expected_number_);
      return Status::success();
    }
    case QuestionKind::PlaceLine: {
      const Learner& l = s.learner();
      if (s.data().d != 2 || s.lift() || !l.linear() || l.running_w().size() != 2)
        return fail(Msg::lesson_line_not_2d,
                    {{"d", std::to_string(l.running_w().size() == 2 ? static_cast<std::size_t>(s.data().d)
                                                                    : l.running_w().size())}});
      // The data's bounding box: the offset is measured at its centre, over its diagonal.
      const Dataset& ds = s.data();
      double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
      for (std::size_t i = 0; i < ds.size(); ++i) {
        const double* r = ds.row(i);
        if (i == 0 || r[0] < x0) x0 = r[0];
        if (i == 0 || r[0] > x1) x1 = r[0];
        if (i == 0 || r[1] < y0) y0 = r[1];
        if (i == 0 || r[1] > y1) y1 = r[1];
      }
      box_cx_ = (x0 + x1) * 0.5;
      box_cy_ = (y0 + y1) * 0.5;
      box_diag_ = std::hypot(x1 - x0, y1 - y0);
      if (!(box_diag_ > 0.0) || !std::isfinite(box_diag_)) box_diag_ = 1.0;
      // The line after the next update (none coming: the line stays where it is).
      std::unique_ptr<Learner> c;
      std::size_t row = 0;
      const Learner& after = simulate_next_update(s, c, row) ? *c : l;
      const std::vector<double>& w = after.running_w();
      const double b = after.running_b();
      if (w.size() != 2 || (w[0] == 0.0 && w[1] == 0.0)) {
        expected_ = "none";
      } else {
        expected_line_ = {w[0], w[1], b};
        expected_ = msg_num(w[0]) + " " + msg_num(w[1]) + " " + msg_num(b);
      }
      return Status::success();
    }
  }
  return Status::success();
}

// The current step shown: its flags cleared now, its setup and actions queued (none when
// the session was restored from the step's own snapshot), then ShowDone.
void LessonRunner::show_begin(Session& s, int group) {
  (void)s;
  static std::uint64_t serial = 0;  // the app runs on one thread
  shown_serial_ = ++serial;
  answered_ = correct_ = line_errors_ = passed_ = false;
  practicing_ = practiced_ = practice_correct_ = false;
  practice_given_.clear();
  given_.clear();
  expected_.clear();
  expected_line_.clear();
  const int g = group >= 0 ? group : next_group_++;
  if (group < 0) queue_step(step_, g);
  push(Op{Op::ShowDone, step_, 0, g});
  // A question answered (or passed over) before: shown read-only, its effect run as the
  // replay of the lesson runs it (the recorded answer's, or the Next that passed it).
  if (step_ < results_.size() && results_[step_] != 0 && lesson_.steps[step_].question.kind != QuestionKind::None) {
    push(Op{Op::Replay, step_, 0, g});
    Op effect{Op::Effect, step_, 0, g};
    effect.counted = false;
    effect.replay = true;
    push(effect);
    Op done{Op::AnswerDone, step_, 0, g};
    done.replay = true;
    push(done);
  }
}

// Every setting back to its default (through `set`: two passes, as one setting's value
// can depend on another's: dual takes init = zero only), and no query points: a step's
// data setup keeps the queries of data of the same dimension, so without this Back
// (which replays the lesson) would show an earlier step with a later step's queries.
static Status baseline(Session& s) {
  const SessionSettings defaults;
  Status last;
  for (int pass = 0; pass < 2; ++pass) {
    last = Status::success();
    for (const auto& def : session_settings()) {
      Status r = s.command({"set", def.key, setting_text(def, defaults)});
      if (!r) last = r;
    }
  }
  Status r = s.command({"clear_queries"});
  if (!r) last = r;
  return last;
}

// The session at step `target` as a replay of the lesson from its start gives it: from
// the nearest snapshot at or before the target (none: from the baseline and step 1),
// replaying the steps after it (setup, actions, the question's effect) and then the
// target's own setup and actions (not when the snapshot is the target's).
void LessonRunner::rebuild(Session& s, std::size_t target) {
  const int g = next_group_++;
  const std::pair<std::size_t, std::shared_ptr<const Session>>* from = nullptr;
  for (const auto& p : snaps_)
    if (p.first <= target) from = &p;
  for (const auto& p : recent_)
    if (p.first <= target && (!from || p.first > from->first)) from = &p;
  std::size_t first = 0;
  if (from) {
    s.restore(*from->second);
    chain_ = true;
    first = from->first;
  } else {
    const Status b = baseline(s);
    chain_ = true;
    if (!b) fail_op(Op{Op::Setup, 0, 0, g}, b);
  }
  mark(s);
  step_ = target;
  done_ = false;
  const bool restored = from && first == target;
  if (from && first < target) push(Op{Op::Effect, first, 0, g});
  for (std::size_t i = from ? first + 1 : 0; i < target; ++i) {
    queue_step(i, g);
    push(Op{Op::Record, i, 0, g});
    push(Op{Op::Effect, i, 0, g});
  }
  show_begin(s, restored ? next_group_++ : -1);
}

Status LessonRunner::start(Session& s) {
  if (busy()) (void)finish(s);
  if (!loaded()) return Status::fail(Msg::lesson_not_loaded);
  begin_work(s);
  active_ = true;
  results_.assign(lesson_.steps.size(), 0);
  replies_.assign(lesson_.steps.size(), "");
  event(Json{{"event", "lesson_started"}, {"id", lesson_.id}});
  rebuild(s, 0);
  return run_queued(s);
}

Status LessonRunner::resume(Session& s, const LessonProgress& p) {
  if (busy()) (void)finish(s);
  if (!loaded()) return Status::fail(Msg::lesson_not_loaded);
  begin_work(s);
  const std::size_t n = lesson_.steps.size();
  const std::size_t target = std::min(p.step, n - 1);
  active_ = true;
  results_.assign(n, 0);
  replies_.assign(n, "");
  // The answers of every step (those after the target too: Back keeps them); a step
  // shown with one replays it (show_begin).
  for (std::size_t i = 0; i < n && i < p.results.size(); ++i) {
    const int r = p.results[i];
    if (lesson_.steps[i].question.kind == QuestionKind::None || r < 1 || r > 3) continue;
    results_[i] = r;
    if (r != 3 && i < p.replies.size()) replies_[i] = p.replies[i];
  }
  event(Json{{"event", "lesson_started"}, {"id", lesson_.id}, {"step", target}});
  rebuild(s, target);
  // p.done finishes the lesson on its last step as next() did.
  if (p.done && target + 1 == n) push(Op{Op::ResumeDone, target, 0, next_group_++});
  return run_queued(s);
}

LessonProgress LessonRunner::progress() const {
  LessonProgress p;
  p.step = step_;
  p.done = done_;
  p.results = results_;
  p.replies = replies_;
  return p;
}

QuestionKind LessonRunner::open_kind() const {
  if (!active_ || done_ || step_ >= lesson_.steps.size()) return QuestionKind::None;
  return lesson_.steps[step_].question.kind;
}

Status LessonRunner::next(Session& s) {
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  begin_work(s);
  if (open_kind() != QuestionKind::None && !closed()) {  // passed over: closed for good
    results_[step_] = 3;
    replies_[step_].clear();
    passed_ = true;
    const int g = next_group_++;
    push(Op{Op::Effect, step_, 0, g});
    push(Op{Op::AnswerDone, step_, 0, g});
  }
  if (step_ + 1 >= lesson_.steps.size()) {
    push(Op{Op::Finish, step_, 1, next_group_++});
    return run_queued(s);
  }
  ++step_;
  show_begin(s, -1);
  return run_queued(s);
}

Status LessonRunner::back(Session& s) {
  if (busy() && slicing_ && cancel(s)) return Status::success();  // Back while work runs: cancel it
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (!done_ && step_ == 0) return Status::fail(Msg::lesson_at_start, {{"id", lesson_.id}});
  begin_work(s);
  rebuild(s, done_ ? step_ : step_ - 1);
  return run_queued(s);
}

Status LessonRunner::go_to(Session& s, std::size_t target) {
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  const std::size_t n = lesson_.steps.size();
  if (target >= n)
    return Status::fail(Msg::lesson_goto_range, {{"id", lesson_.id}, {"step", std::to_string(target + 1)}, {"steps", std::to_string(n)}});
  // Forward only over closed questions: the current one (unless done) and those between.
  if (!done_)
    for (std::size_t i = step_; i < target; ++i) {
      if (lesson_.steps[i].question.kind == QuestionKind::None) continue;
      if (i == step_ ? !closed() : results_[i] == 0)
        return Status::fail(Msg::lesson_goto_open, {{"id", lesson_.id}, {"step", std::to_string(i + 1)}});
    }
  begin_work(s);
  rebuild(s, target);
  return run_queued(s);
}

Status LessonRunner::answer(Session& s, const std::string& value, bool* correct) {
  if (busy()) (void)finish(s);
  begin_work(s);
  const Status st = answer_now(s, value, correct);
  if (!st || !busy()) {  // refused, or practice: no work queued, nothing to undo
    undo_session_.reset();
    undo_runner_.reset();
    return st;
  }
  return run_queued(s);
}

Status LessonRunner::try_again() {
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  if (open_kind() == QuestionKind::None) return Status::fail(Msg::lesson_no_question, where);
  if (!lesson_.steps[step_].question.retry) return Status::fail(Msg::lesson_no_retry, where);
  if (closed()) {
    practicing_ = true;
    practiced_ = practice_correct_ = false;
    practice_given_.clear();
  }
  return Status::success();
}

// Checks a reply against the question shown; changes nothing but, for a place_line
// question whose line could not be computed, its expected answer (computed again).
Status LessonRunner::check_reply(Session& s, const std::string& value, Checked& out) {
  const LessonQuestion& q = lesson_.steps[step_].question;
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  MsgArgs bad = where;
  bad.emplace_back("value", value.substr(0, 40));
  bool right = false;
  std::string given = value;
  switch (q.kind) {
    case QuestionKind::YesNo: {
      std::string v = value;
      for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (v != "yes" && v != "no") return Status::fail(Msg::lesson_reply_yes_no, bad);
      right = v == expected_;
      given = v;
      break;
    }
    case QuestionKind::Number: {
      double v = 0;
      if (!parse_double(value, v) || !std::isfinite(v)) return Status::fail(Msg::lesson_reply_number, bad);
      right = std::fabs(v - expected_number_) <= q.tolerance;
      break;
    }
    case QuestionKind::PickPoint:
    case QuestionKind::Choice: {
      const std::size_t n = q.kind == QuestionKind::Choice ? q.options.size() : s.data().size();
      std::uint64_t v = 0;
      if (q.kind == QuestionKind::PickPoint && value == "none") {
        right = expected_ == "none";
        break;
      }
      if (!parse_u64(value, v) || v >= n || n == 0) {
        bad.emplace_back("max", std::to_string(n ? n - 1 : 0));
        return Status::fail(Msg::lesson_reply_index, bad);
      }
      given = std::to_string(v);
      right = given == expected_;
      break;
    }
    case QuestionKind::PlaceLine: {
      if (expected_.empty()) {  // the step could not compute its line (not 2-D): say why again
        Status why = compute_expected(s);
        if (!why) return why;
      }
      std::string v = value;
      for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      v.erase(0, v.find_first_not_of(" \t"));
      v.erase(v.find_last_not_of(" \t") + 1);
      if (v == "none") {
        right = expected_ == "none";
        given = "none";
        break;
      }
      std::vector<double> g;
      if (!parse_line(value, g) || (g[0] == 0.0 && g[1] == 0.0)) return Status::fail(Msg::lesson_reply_line, bad);
      given = msg_num(g[0]) + " " + msg_num(g[1]) + " " + msg_num(g[2]);
      if (expected_line_.size() != 3) break;  // expected none: any line is wrong
      // (a, b, c) and (-a, -b, -c) are one line: align the reply's normal with the expected one.
      const double A = expected_line_[0], B = expected_line_[1], C = expected_line_[2];
      const double ne = std::hypot(A, B), ng = std::hypot(g[0], g[1]);
      // The angle between the unit normals from atan2(|cross|, |dot|): exactly 0 for the
      // expected line itself (acos of a cosine rounded below 1 gave 1e-6 degrees, more
      // than a small angle_deg).
      const double ua = A / ne, ub = B / ne, va = g[0] / ng, vb = g[1] / ng;
      const double dot = ua * va + ub * vb, cross = ua * vb - ub * va;
      const double sign = dot < 0 ? -1.0 : 1.0;
      const double de = (A * box_cx_ + B * box_cy_ + C) / ne;
      const double dg = sign * (g[0] * box_cx_ + g[1] * box_cy_ + g[2]) / ng;
      out.angle = std::atan2(std::fabs(cross), std::fabs(dot)) * 180.0 / 3.14159265358979323846;
      out.offset = std::fabs(de - dg) / box_diag_;
      out.line = true;
      right = out.angle <= q.angle_deg + 1e-9 && out.offset <= q.offset + 1e-12;
      break;
    }
    default: break;
  }
  out.right = right;
  out.given = given;
  return Status::success();
}

// A reply to the question shown: its first answer (checked, recorded, the answer_given
// event, the question's effect and the feedback's numbers queued), or practice on a
// closed "retry" question (checked only).
Status LessonRunner::answer_now(Session& s, const std::string& value, bool* correct) {
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  const LessonQuestion& q = lesson_.steps[step_].question;
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  if (q.kind == QuestionKind::None) return Status::fail(Msg::lesson_no_question, where);
  const bool recorded = closed() || results_[step_] != 0;
  if (recorded && !q.retry)
    return Status::fail(passed_ || results_[step_] == 3 ? Msg::lesson_passed : Msg::lesson_answered, where);
  Checked c;
  const Status st = check_reply(s, value, c);
  if (!st) return st;
  if (correct) *correct = c.right;
  if (recorded) {  // practice: never recorded
    practicing_ = false;
    practiced_ = true;
    practice_correct_ = c.right;
    practice_given_ = c.given;
    return Status::success();
  }
  answered_ = true;
  correct_ = c.right;
  given_ = c.given;
  line_errors_ = c.line;
  if (c.line) {
    angle_error_ = c.angle;
    offset_error_ = c.offset;
  }
  results_[step_] = c.right ? 1 : 2;
  replies_[step_] = c.given;
  event(Json{{"event", "answer_given"}, {"id", lesson_.id}, {"question", step_}, {"answer", c.given}, {"correct", c.right}});
  Op effect{Op::Effect, step_, 0, next_group_++};
  push(effect);
  push(Op{Op::AnswerDone, step_, 0, effect.group});
  return Status::success();
}

std::vector<std::pair<std::string, std::string>> LessonRunner::view_settings() const {
  std::vector<std::pair<std::string, std::string>> out;
  if (!active_) return out;
  for (std::size_t i = 0; i <= step_ && i < lesson_.steps.size(); ++i)
    out.insert(out.end(), lesson_.steps[i].view.begin(), lesson_.steps[i].view.end());
  return out;
}

std::string LessonRunner::title(const std::string& lang) const {
  if (lang == "pseudo") return lesson_.title.en + " " + lesson_.title.en;
  return lesson_.title.in(lang);
}

// A reply ("2", "yes", "0.5", "1 1 -3") as the student reads it: the point x3, the word
// yes/no in the language, the option's text, the number, the line "1·x1 + 1·x2 − 3 = 0".
std::string LessonRunner::reply_text(const std::string& a, const std::string& word_lang, const NumberFormat& fmt_in) const {
  const NumberFormat fmt = fmt_in ? fmt_in : NumberFormat(default_number);
  if (a.empty() || step_ >= lesson_.steps.size()) return "";
  const LessonQuestion& q = lesson_.steps[step_].question;
  if (q.kind == QuestionKind::YesNo) return word(a == "yes" ? Msg::lesson_word_yes : Msg::lesson_word_no, word_lang);
  if (q.kind == QuestionKind::PickPoint) {
    std::uint64_t i = 0;
    return parse_u64(a, i) ? "x" + std::to_string(i + 1) : a;
  }
  if (q.kind == QuestionKind::Number) {
    double d = 0;
    return parse_double(a, d) ? fmt(d) : a;
  }
  if (q.kind == QuestionKind::Choice) {
    std::uint64_t i = 0;
    return parse_u64(a, i) && i < q.options.size() ? q.options[static_cast<std::size_t>(i)].in(word_lang) : a;
  }
  if (q.kind == QuestionKind::PlaceLine) {
    std::vector<double> g;
    return parse_line(a, g) ? line_text(g[0], g[1], g[2], fmt) : a;  // "none" as written
  }
  return a;
}

std::string LessonRunner::expected_text(const std::string& lang, const NumberFormat& fmt) const {
  if (expected_.empty()) return "";
  return reply_text(expected_, lang == "pseudo" ? "en" : lang, fmt);
}

std::string LessonRunner::given_text(const std::string& lang, const NumberFormat& fmt) const {
  if (!answered_ || given_.empty()) return "";
  return reply_text(given_, lang == "pseudo" ? "en" : lang, fmt);
}

// =============================================================================
// [SECTION] LessonRunner texts
// =============================================================================

// A text in a language with its placeholders written from the table: the values of
// `v` (computed when the step was shown) or, for a live row, the runner's answer state.
std::string LessonRunner::fill(const LessonText& t, const LessonVars& v, const std::string& lang,
                               const NumberFormat& fmt_in) const {
  FillContext c;
  c.fmt = fmt_in ? fmt_in : NumberFormat(default_number);
  c.lang = lang == "pseudo" ? "en" : lang;
  c.reply = [&](const std::string& a) { return reply_text(a, c.lang, c.fmt); };
  const LiveProbe live{expected_, given_, answered_ && line_errors_, angle_error_, offset_error_};
  const std::string& src = lang == "pseudo" ? t.en : t.in(lang);
  const std::vector<Placeholder>& table = placeholders();
  std::string out;
  std::size_t pos = 0;
  for_each_placeholder(src, [&](const std::string& name, std::size_t b, std::size_t e) {
    out += src.substr(pos, b - pos);
    pos = e;
    std::size_t index = 0;
    const Placeholder* p = find_placeholder(name, index);
    if (!p) {
      out += src.substr(b, e - b);
      return;
    }
    const std::size_t row = static_cast<std::size_t>(p - table.data());
    out += format_value(*p, p->live ? p->live(live) : row < v.size() ? v[row] : Value(), index, c);
  });
  out += src.substr(pos);
  return lang == "pseudo" && !out.empty() ? out + " " + out : out;
}

std::string LessonRunner::narration(const Session& s, const std::string& lang, const NumberFormat& fmt) const {
  (void)s;  // the numbers are those of when the step was shown (before the question's effect)
  if (!active_ || busy() || step_ >= lesson_.steps.size()) return "";  // busy: not yet shown
  return fill(lesson_.steps[step_].narration, shown_, lang, fmt);
}

QuestionKind LessonRunner::question_kind() const { return busy() ? QuestionKind::None : open_kind(); }

std::string LessonRunner::question_prompt(const std::string& lang, const NumberFormat& fmt) const {
  if (question_kind() == QuestionKind::None) return "";
  return fill(lesson_.steps[step_].question.prompt, shown_, lang, fmt);
}

std::vector<std::string> LessonRunner::question_options(const std::string& lang, const NumberFormat& fmt) const {
  std::vector<std::string> out;
  if (question_kind() != QuestionKind::Choice) return out;
  for (const LessonText& t : lesson_.steps[step_].question.options) out.push_back(fill(t, shown_, lang, fmt));
  return out;
}

std::string LessonRunner::feedback(const std::string& lang, const NumberFormat& fmt) const {
  if (!closed() || busy() || step_ >= lesson_.steps.size()) return "";
  const LessonQuestion& q = lesson_.steps[step_].question;
  std::string out = q.why.en.empty() ? "" : fill(q.why, after_, lang, fmt);
  // A choice answered: the feedback on the option replied comes first.
  std::uint64_t chosen = 0;
  if (answered_ && q.kind == QuestionKind::Choice && parse_u64(given_, chosen) && chosen < q.whys.size() &&
      !q.whys[static_cast<std::size_t>(chosen)].en.empty()) {
    const std::string own = fill(q.whys[static_cast<std::size_t>(chosen)], after_, lang, fmt);
    // After a full-width mark (U+3000 and above: "。", "）") Chinese takes no space.
    const bool wide_end = own.size() >= 3 && static_cast<unsigned char>(own[own.size() - 3]) >= 0xE3;
    out = out.empty() ? own : own + (wide_end ? "" : " ") + out;
  }
  return out;
}

unsigned LessonRunner::concealed() const {
  if (!question_open()) return 0;
  const LessonStep& st = lesson_.steps[step_];
  return question_conceals(st.question) | st.conceal;
}

LessonRunner::Score LessonRunner::score() const {
  Score sc;
  for (std::size_t i = 0; i < lesson_.steps.size(); ++i) {
    if (lesson_.steps[i].question.kind == QuestionKind::None) continue;
    ++sc.questions;
    const int r = i < results_.size() ? results_[i] : 0;
    sc.right += r == 1;
    sc.answered += r == 1 || r == 2;
    if (r == 2) sc.wrong.push_back(i);
    else if (r == 3 || (r == 0 && done_)) sc.unanswered.push_back(i);
  }
  return sc;
}

Json LessonRunner::state() const {
  Json o = Json::object();
  o["id"] = lesson_.id;
  o["step"] = step_;
  o["steps"] = lesson_.steps.size();
  o["done"] = done_;
  o["active"] = active_;
  o["question"] = to_string(question_kind());
  o["answered"] = answered_;
  o["passed"] = passed_;
  o["correct"] = correct_;
  if (question_kind() != QuestionKind::None) {
    o["retry"] = retry();
    if (retry() && closed()) {
      Json practice{{"open", practicing_}};
      if (practiced_) {
        practice["answer"] = practice_given_;
        practice["correct"] = practice_correct_;
      }
      o["practice"] = std::move(practice);
    }
  }
  const Score sc = score();
  Json wrong = Json::array(), unanswered = Json::array();
  for (std::size_t i : sc.wrong) wrong.push_back(i + 1);
  for (std::size_t i : sc.unanswered) unanswered.push_back(i + 1);
  o["score"] = Json{{"right", sc.right},   {"answered", sc.answered},        {"questions", sc.questions},
                    {"wrong", std::move(wrong)}, {"unanswered", std::move(unanswered)}};
  o["locked"] = question_open();
  o["concealed"] = cue_names(concealed());
  if (busy()) {
    const WorkProgress w = work_progress();
    o["work"] = Json{{"done", w.done}, {"total", w.total}, {"action", w.action}, {"visited", w.visited}};
  }
  return o;
}

}  // namespace pla

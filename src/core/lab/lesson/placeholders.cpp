// Perceptron Lab core: the placeholders of a lesson's texts (placeholders.hpp). One table,
// kPlaceholderTable, gives each placeholder its name, its computation and its format; the
// loader checks names against it and the runner fills texts from it.
//
// [SECTION] index
//   Probes       what the rows read: the session when a step is shown
//   Formats      how a value is written (numbers, vectors, yes/no, lists)
//   Table        kPlaceholderTable, one row per placeholder
//   Filling      the values of a step shown, a text filled, the names
#include "core/lab/lesson/placeholders.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "core/lab/lesson/text_tools.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/metrics.hpp"
#include "core/theory/vc.hpp"

namespace pla {
namespace {

using namespace lesson_text;

// =============================================================================
// [SECTION] Probes
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

// =============================================================================
// [SECTION] Formats
// =============================================================================

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
  return word(*c.catalogs, v.x != 0.0 ? Msg::lesson_word_yes : Msg::lesson_word_no, c.lang);
}
std::string f_reply(const Value& v, const FillContext& c) { return c.reply(v.text); }
// {queries}: "(1, 2) → +1; (3, 4) → −1".
std::string f_queries(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& q : v.rows) {
    const std::vector<double> at(q.begin(), q.end() - 1);
    const std::string one = vector_text(at, c.fmt) + " → " + (q.back() > 0 ? "+" + c.fmt(1.0) : c.fmt(-1.0));
    list = list.empty() ? one : joined(*c.catalogs, Msg::lesson_list_group, c.lang, list, one);
  }
  return list;
}
// {eta_runs}: "η = 1: k = 15, w = (2, 3), b = −13; η = 0.1: ..." (rows: η, k, b, w...).
std::string f_eta_runs(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& r : v.rows) {
    const std::string w = "w = " + vector_text(std::vector<double>(r.begin() + 3, r.end()), c.fmt);
    const std::string fields = joined(*c.catalogs, Msg::lesson_list_field, c.lang,
                                      joined(*c.catalogs, Msg::lesson_list_field, c.lang, "k = " + c.fmt(r[1]), w), "b = " + c.fmt(r[2]));
    const std::string one = joined(*c.catalogs, Msg::lesson_list_colon, c.lang, "η = " + c.fmt(r[0]), fields);
    list = list.empty() ? one : joined(*c.catalogs, Msg::lesson_list_group, c.lang, list, one);
  }
  return list;
}
// {eta_k}: "15, 15, 15".
std::string f_eta_k(const Value& v, const FillContext& c) {
  std::string list;
  for (const std::vector<double>& r : v.rows) list = list.empty() ? c.fmt(r[1]) : joined(*c.catalogs, Msg::lesson_list_item, c.lang, list, c.fmt(r[1]));
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

// =============================================================================
// [SECTION] Table
// =============================================================================

using P = const ShowProbe&;
using L = const LiveProbe&;
const Placeholder kPlaceholderTable[] = {
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

// =============================================================================
// [SECTION] Filling
// =============================================================================

// The row of a {name} (index: the component an indexed name asks for, 0 for the whole).
const Placeholder* find_placeholder(const std::string& name, std::size_t& index) {
  index = 0;
  for (const Placeholder& p : kPlaceholderTable)
    if (name == p.name) return &p;
  for (const Placeholder& p : kPlaceholderTable)
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

}  // namespace

LessonVars placeholder_values(const Session& s) {
  const ShowProbe probe(s);
  LessonVars out;
  for (const Placeholder& p : kPlaceholderTable) out.push_back(p.at_show ? p.at_show(probe) : Value());
  return out;
}

std::string fill_placeholders(const std::string& src, const LessonVars& v, const LiveProbe& live, const FillContext& c) {
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
    const std::size_t row = static_cast<std::size_t>(p - kPlaceholderTable);
    out += format_value(*p, p->live ? p->live(live) : row < v.size() ? v[row] : Value(), index, c);
  });
  return out + src.substr(pos);
}

bool lesson_placeholder_known(const std::string& name) {
  std::size_t i = 0;
  return find_placeholder(name, i) != nullptr;
}

std::vector<std::string> lesson_placeholder_names() {
  std::vector<std::string> out;
  for (const Placeholder& p : kPlaceholderTable) out.emplace_back(p.name);
  return out;
}

}  // namespace pla
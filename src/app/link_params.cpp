// Perceptron Lab app: link parameters, the text form of the data, the settings and
// the step in use (links, embeds, the browser's saved state): apply_params reads
// them, link_params writes them.
//
// One vocabulary: a parameter is a key of state() / `set`, so
// ?preset=textbook&eta=0.25&seed=42&algo=pocket sets exactly what
// command('set', 'eta', 0.25) would.
#include <algorithm>
#include <cmath>

#include "app/app_internal.hpp"
#include "core/base/json.hpp"
#include "core/data/presets.hpp"
#include "core/base/values.hpp"

namespace pla::app {

namespace {

// Browser limits for data made from a link (documented in README "Embed it"):
// kMaxLinkGenPoints and kMaxLinkGenDim (core/urlstate.hpp, shared with the lessons) and
constexpr std::uint64_t kMaxInitialStep = 1000000;

std::string clip(const std::string& s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

// "key: why" for a parameter whose value the session or the interface refused.
Message refused(const std::string& key, const Status& st) {
  Message m(Msg::link_param_refused, {{"key", clip(key)}});
  m.cause = std::make_shared<const Message>(static_cast<const Message&>(st));
  return m;
}

// The parameters being applied: each one read is marked used (the rest are reported), and
// the ones refused are listed in `ignored` ("key: why").
struct ParamReader {
  const Params& params;
  std::vector<Message>& ignored;
  std::vector<std::string> used;

  const std::string* find(const std::string& key) const {
    for (const auto& kv : params)
      if (kv.first == key) return &kv.second;
    return nullptr;
  }
  // The value of `key`, marked used; null when absent.
  const std::string* take(const std::string& key) {
    const std::string* v = find(key);
    if (v) used.push_back(key);
    return v;
  }
};

// A generator's size, dimension, margin, noise and seed (each checked).
GenSpec link_generator(ParamReader& in, const std::string& kind) {
  GenSpec g;
  g.kind = kind;
  std::uint64_t v = 0;
  if (const std::string* n = in.take("n")) {
    if (parse_u64(*n, v) && v >= 2 && v <= kMaxLinkGenPoints) g.n = static_cast<std::size_t>(v);
    else in.ignored.push_back(Message(Msg::link_param_range, {{"key", "n"}, {"min", "2"}, {"max", std::to_string(kMaxLinkGenPoints)}}));
  }
  if (const std::string* d = in.take("d")) {
    if (parse_u64(*d, v) && v >= 1 && v <= kMaxLinkGenDim) g.d = static_cast<int>(v);
    else in.ignored.push_back(Message(Msg::link_param_range, {{"key", "d"}, {"min", "1"}, {"max", std::to_string(kMaxLinkGenDim)}}));
  }
  if (const std::string* m = in.take("margin")) {
    if (!parse_double(*m, g.margin)) in.ignored.push_back(Message(Msg::link_param_not_number, {{"key", "margin"}}));
  }
  if (const std::string* m = in.take("noise")) {
    if (!parse_double(*m, g.noise)) in.ignored.push_back(Message(Msg::link_param_not_number, {{"key", "noise"}}));
  }
  if (const std::string* m = in.take("gen_seed")) {
    if (!parse_u64(*m, g.seed) || g.seed > kMaxSeed) in.ignored.push_back(Message(Msg::link_param_not_whole, {{"key", "gen_seed"}}));
  }
  return g;
}

// 1. Data: inline data, else a generator, else a preset.
void apply_data(App& app, ParamReader& in) {
  Session& s = app.session;
  if (const std::string* data = in.take("data")) {
    Dataset ds;
    Status st = parse_inline_data(*data, ds);
    if (st) st = s.load_data(std::move(ds), "the link");
    if (!st) in.ignored.push_back(refused("data", st));
  } else if (const std::string* kind = in.take("gen")) {
    Status st = s.generate(link_generator(in, *kind));
    if (!st) in.ignored.push_back(refused("gen", st));
  } else if (const std::string* preset = in.take("preset")) {
    Status st = s.load_preset(*preset);
    if (!st) in.ignored.push_back(refused("preset", st));
  }
  app.view.fit_pending = true;
}

// 2. The learner's settings, in the session's own order (algo first); 3. the interface's.
void apply_settings(App& app, ParamReader& in) {
  Session& s = app.session;
  for (const auto& kv : s.settings_list()) {
    if (const std::string* v = in.take(kv.first)) {
      Status st = s.set(kv.first, *v);
      if (!st) in.ignored.push_back(refused(kv.first, st));
    }
  }
  for (const auto& kv : ui_settings(app)) {
    if (const std::string* v = in.take(kv.first)) {
      Status st = run_command(app, {"set", kv.first, *v});
      if (!st) in.ignored.push_back(refused(kv.first, st));
    }
  }
}

// 4. Where to start: an initial step. A slice now; what remains goes on in the frames
// (sliced_run.cpp), which say where it stopped if a stop rule ends it short of the step.
void apply_step(App& app, ParamReader& in) {
  const std::string* v = in.take("step");
  if (!v) return;
  std::uint64_t target = 0;
  if (!parse_u64(*v, target) || target > kMaxInitialStep) {
    in.ignored.push_back(Message(Msg::link_param_range, {{"key", "step"}, {"min", "0"}, {"max", std::to_string(kMaxInitialStep)}}));
    return;
  }
  begin_run(app, "step", target);
  if (advance_run(app)) {
    // going on
  } else if (!app.notices.empty() && app.notices.back().code == Msg::link_param_stopped_at) {
    in.ignored.push_back(app.notices.back());  // with the other parameters' notices
    app.notices.pop_back();
  }
}

// 5. A guided lesson (a built-in id): it sets up its own data and settings. A lesson file's
// address (lesson=lessons/mine.json) is fetched by the page, which then sends its text with
// the lesson command. A built-in lesson the student left unfinished goes on where they left it.
void apply_lesson(App& app, ParamReader& in) {
  const std::string* v = in.take("lesson");
  if (!v) return;
  const bool address = v->find('/') != std::string::npos || (v->size() > 5 && v->compare(v->size() - 5, 5, ".json") == 0);
  Status st = address ? Status::success() : run_command(app, {"lesson_open", *v});
  if (!st) in.ignored.push_back(refused("lesson", st));
}

// The parameters nothing used: a second data source, a generator's parameter without a
// generator, or an unknown key.
void report_unused(ParamReader& in) {
  for (const auto& kv : in.params) {
    if (std::find(in.used.begin(), in.used.end(), kv.first) != in.used.end()) continue;
    if (kv.first == "gen" || kv.first == "preset") {
      in.ignored.push_back(Message(Msg::link_param_unused_source, {{"key", kv.first}, {"source", in.find("data") ? "data=" : "gen="}}));
    } else if (kv.first == "n" || kv.first == "d" || kv.first == "margin" || kv.first == "noise" || kv.first == "gen_seed") {
      in.ignored.push_back(Message(Msg::link_param_only_with_gen, {{"key", clip(kv.first)}}));
    } else {
      in.ignored.push_back(Message(Msg::link_param_unknown, {{"key", clip(kv.first)}}));
    }
  }
}

}  // namespace

void apply_params(App& app, const Params& params, std::vector<Message>& ignored) {
  ParamReader in{params, ignored, {}};
  apply_data(app, in);
  apply_settings(app, in);
  apply_step(app, in);
  apply_lesson(app, in);
  report_unused(in);
  if (app.autoplay && !locked(app)) app.session.play();  // never past an open lesson question
}

Params link_params(const App& app) {
  const Session& s = app.session;
  Params p;
  const std::string& preset = s.preset();
  const auto& names = preset_names();
  if (std::find(names.begin(), names.end(), preset) != names.end()) {
    p.emplace_back("preset", preset);
  } else if (preset.rfind("gen:", 0) == 0) {
    const GenSpec& g = s.last_generated();
    p.emplace_back("gen", g.kind);
    p.emplace_back("n", std::to_string(g.n));
    p.emplace_back("d", std::to_string(g.d));
    p.emplace_back("margin", json_number(g.margin));
    p.emplace_back("noise", json_number(g.noise));
    p.emplace_back("gen_seed", std::to_string(g.seed));
  } else if (s.data().size() <= kMaxLinkPoints) {
    p.emplace_back("data", encode_inline_data(s.data()));
  }
  for (const auto& kv : s.settings_list()) p.push_back(kv);
  for (const auto& kv : ui_settings(app)) p.push_back(kv);
  if (s.viewed_step() > 0) p.emplace_back("step", std::to_string(s.viewed_step()));
  return p;
}

}  // namespace pla::app

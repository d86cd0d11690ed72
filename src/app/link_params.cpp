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

}  // namespace

void apply_params(App& app, const Params& params, std::vector<Message>& ignored) {
  Session& s = app.session;
  auto find = [&](const std::string& key) -> const std::string* {
    for (const auto& kv : params)
      if (kv.first == key) return &kv.second;
    return nullptr;
  };
  std::vector<std::string> used;
  auto use = [&](const std::string& key) { used.push_back(key); };

  // 1. Data: inline data, else a generator, else a preset.
  if (const std::string* data = find("data")) {
    use("data");
    Dataset ds;
    Status st = parse_inline_data(*data, ds);
    if (st) st = s.load_data(std::move(ds), "the link");
    if (!st) ignored.push_back(refused("data", st));
  } else if (const std::string* kind = find("gen")) {
    use("gen");
    GenSpec g;
    g.kind = *kind;
    std::uint64_t v = 0;
    if (const std::string* n = find("n")) {
      use("n");
      if (parse_u64(*n, v) && v >= 2 && v <= kMaxLinkGenPoints) g.n = static_cast<std::size_t>(v);
      else ignored.push_back(Message(Msg::link_param_range, {{"key", "n"}, {"min", "2"}, {"max", std::to_string(kMaxLinkGenPoints)}}));
    }
    if (const std::string* d = find("d")) {
      use("d");
      if (parse_u64(*d, v) && v >= 1 && v <= kMaxLinkGenDim) g.d = static_cast<int>(v);
      else ignored.push_back(Message(Msg::link_param_range, {{"key", "d"}, {"min", "1"}, {"max", std::to_string(kMaxLinkGenDim)}}));
    }
    if (const std::string* m = find("margin")) {
      use("margin");
      if (!parse_double(*m, g.margin)) ignored.push_back(Message(Msg::link_param_not_number, {{"key", "margin"}}));
    }
    if (const std::string* m = find("noise")) {
      use("noise");
      if (!parse_double(*m, g.noise)) ignored.push_back(Message(Msg::link_param_not_number, {{"key", "noise"}}));
    }
    if (const std::string* m = find("gen_seed")) {
      use("gen_seed");
      if (!parse_u64(*m, g.seed) || g.seed > kMaxSeed) ignored.push_back(Message(Msg::link_param_not_whole, {{"key", "gen_seed"}}));
    }
    Status st = s.generate(g);
    if (!st) ignored.push_back(refused("gen", st));
  } else if (const std::string* preset = find("preset")) {
    use("preset");
    Status st = s.load_preset(*preset);
    if (!st) ignored.push_back(refused("preset", st));
  }
  app.view.fit_pending = true;

  // 2. Settings of the learner, in the session's own order (algo first).
  for (const auto& kv : s.settings_list()) {
    if (const std::string* v = find(kv.first)) {
      use(kv.first);
      Status st = s.set(kv.first, *v);
      if (!st) ignored.push_back(refused(kv.first, st));
    }
  }
  // 3. The interface.
  for (const auto& kv : ui_settings(app)) {
    if (const std::string* v = find(kv.first)) {
      use(kv.first);
      Status st = run_command(app, {"set", kv.first, *v});
      if (!st) ignored.push_back(refused(kv.first, st));
    }
  }
  // 4. Where to start: an initial step, then autoplay.
  if (const std::string* v = find("step")) {
    use("step");
    std::uint64_t target = 0;
    if (!parse_u64(*v, target) || target > kMaxInitialStep) {
      ignored.push_back(Message(Msg::link_param_range, {{"key", "step"}, {"min", "0"}, {"max", std::to_string(kMaxInitialStep)}}));
    } else {
      // A slice now; what remains goes on in the frames (sliced_run.cpp), which say where
      // it stopped if a stop rule ends it short of the step.
      begin_run(app, "step", target);
      if (advance_run(app)) {
        // going on
      } else if (!app.notices.empty() && app.notices.back().code == Msg::link_param_stopped_at) {
        ignored.push_back(app.notices.back());  // with the other parameters' notices
        app.notices.pop_back();
      }
    }
  }
  // 5. A guided lesson (a built-in id): it sets up its own data and settings.
  if (const std::string* v = find("lesson")) {
    use("lesson");
    // A lesson file's address (lesson=lessons/mine.json) is fetched by the page, which then
    // sends its text with the lesson command; an id is a built-in lesson.
    const bool address = v->find('/') != std::string::npos ||
                         (v->size() > 5 && v->compare(v->size() - 5, 5, ".json") == 0);
    // A built-in lesson the student left unfinished goes on where they left it.
    Status st = address ? Status::success() : run_command(app, {"lesson_open", *v});
    if (!st) ignored.push_back(refused("lesson", st));
  }
  for (const auto& kv : params) {
    if (std::find(used.begin(), used.end(), kv.first) != used.end()) continue;
    if (kv.first == "gen" || kv.first == "preset") {
      ignored.push_back(Message(Msg::link_param_unused_source, {{"key", kv.first}, {"source", find("data") ? "data=" : "gen="}}));
    } else if (kv.first == "n" || kv.first == "d" || kv.first == "margin" || kv.first == "noise" || kv.first == "gen_seed") {
      ignored.push_back(Message(Msg::link_param_only_with_gen, {{"key", clip(kv.first)}}));
    } else {
      ignored.push_back(Message(Msg::link_param_unknown, {{"key", clip(kv.first)}}));
    }
  }
  if (app.autoplay && !locked(app)) s.play();  // never past an open lesson question
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

// The learner table (learners.hpp): one complete row per learner, and every capability check
// of the core reads it. Each row's fast / stream / chosen_update / kernel / model_note /
// params / stop_rules is exactly what fast_train, stream_train, Trace::update_on,
// make_model / write_model, learner_config and the stop-rule check accept or refuse; the
// paths that accept agree with pla::train bit for bit. Also the shared split-and-lift step
// and train_run's choice of path.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/data/read/data_stream.hpp"
#include "core/learn/fast_pla.hpp"
#include "core/learn/learners.hpp"
#include "core/learn/model.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/settings.hpp"
#include "core/learn/stream_train.hpp"
#include "core/learn/trace.hpp"
#include "core/learn/train_run.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::learner_table_test {
namespace {

using test::failed_with;

// Every value of the enum: Kernel is the last.
std::vector<Algo> every_algo() {
  std::vector<Algo> all;
  for (int v = 0; v <= static_cast<int>(Algo::Kernel); ++v) all.push_back(static_cast<Algo>(v));
  return all;
}

Dataset textbook() {
  Dataset ds;
  ds.d = 2;
  EXPECT_TRUE(ds.add({3, 3}, 1).ok);
  EXPECT_TRUE(ds.add({4, 3}, 1).ok);
  EXPECT_TRUE(ds.add({1, 1}, -1).ok);
  return ds;
}

LearnerConfig config_of(Algo a) {
  LearnerConfig cfg;
  cfg.algo = a;
  return cfg;
}

Json catalog(const std::string& lang) {
  std::ifstream in(std::string(PLA_SOURCE_DIR) + "/web/i18n/" + lang + ".json", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return Json::parse(ss.str());
}

// The text at a dotted key ("algo.classic") of a catalog, or "".
std::string catalog_text(const Json& cat, const std::string& key) {
  const Json* node = &cat;
  std::size_t start = 0;
  while (start <= key.size()) {
    const std::size_t dot = key.find('.', start);
    const std::string part = key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!node->is_object() || !node->contains(part)) return "";
    node = &(*node)[part];
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return node->is_string() ? node->get<std::string>() : "";
}

TEST(LearnerTable, OneCompleteRowPerLearner) {
  std::set<std::string> names;
  std::vector<std::string> in_order;
  const Json en = catalog("en"), vi = catalog("vi"), zh = catalog("zh");
  for (Algo a : every_algo()) {
    const LearnerInfo& row = learner_info(a);
    SCOPED_TRACE(row.name);
    EXPECT_EQ(row.algo, a);
    ASSERT_NE(std::string(row.name), "unknown");
    EXPECT_TRUE(names.insert(row.name).second) << "two learners named " << row.name;
    in_order.emplace_back(row.name);
    EXPECT_STREQ(to_string(a), row.name);
    Algo back = Algo::Classic;
    ASSERT_TRUE(parse_algo(row.name, back));
    EXPECT_EQ(back, a);
    EXPECT_NE(row.make, nullptr);
    // The catalog key of its name, in every language.
    EXPECT_EQ(std::string(row.label), "algo." + std::string(row.name));
    for (const Json* cat : {&en, &vi, &zh}) EXPECT_FALSE(catalog_text(*cat, row.label).empty()) << row.label;
    // The stream path runs on the fast one; every learner honours the limits.
    if (row.stream) {
      EXPECT_TRUE(row.fast);
    }
    EXPECT_TRUE(row.stop_rules & stop_bit(StopReason::MaxEpochs));
    EXPECT_TRUE(row.stop_rules & stop_bit(StopReason::MaxUpdates));
    // It builds with the default configuration.
    std::unique_ptr<Learner> l;
    EXPECT_TRUE(make_learner(config_of(a), l).ok);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->config().algo, a);
  }
  EXPECT_EQ(learner_table().size(), every_algo().size());
  EXPECT_EQ(learner_names(), in_order);

  // A value outside the enum has the empty row and no learner.
  const Algo outside = static_cast<Algo>(static_cast<int>(Algo::Kernel) + 1);
  EXPECT_STREQ(learner_info(outside).name, "unknown");
  EXPECT_FALSE(learner_info(outside).fast || learner_info(outside).chosen_update);
  std::unique_ptr<Learner> none;
  EXPECT_TRUE(failed_with(make_learner(config_of(outside), none), Msg::learner_unknown));
  EXPECT_EQ(none, nullptr);
}

// README's parameter table names the learners of the table, in its order.
TEST(LearnerTable, ReadmeNamesEveryLearner) {
  std::ifstream in(std::string(PLA_SOURCE_DIR) + "/README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const std::string start = "\n| `algo` | ";
  const std::size_t at = readme.find(start);
  ASSERT_NE(at, std::string::npos);
  const std::size_t from = at + start.size();
  std::stringstream cell(readme.substr(from, readme.find(" |", from) - from));
  std::vector<std::string> names;
  for (std::string name; std::getline(cell, name, ',');) names.push_back(name.substr(name.find_first_not_of(' ')));
  EXPECT_EQ(names, learner_names());
}

TEST(LearnerTable, EveryParameterHasItsRowsAndIsResetWhereNotTaken) {
  std::set<std::string> taken;
  for (const LearnerInfo& row : learner_table())
    for (const std::string& key : row.params) {
      taken.insert(key);
      bool has_param = false;
      for (const LearnerParam& p : learner_params()) has_param |= key == p.key;
      EXPECT_TRUE(has_param) << row.name << " takes " << key << " without a LearnerParam row";
      const auto* setting = find_setting(session_settings(), key);
      ASSERT_NE(setting, nullptr) << key << " has no settings row";
      EXPECT_NE(setting->label, nullptr) << key;
      EXPECT_TRUE(setting->invalidates & kLearner) << key;
    }
  for (const LearnerParam& p : learner_params()) EXPECT_TRUE(taken.count(p.key)) << p.key << " is taken by no learner";

  // tau 0.5 and a poly kernel reach only the learners that take them, others run the defaults.
  for (const LearnerInfo& row : learner_table()) {
    SCOPED_TRACE(row.name);
    LearnerConfig cfg = config_of(row.algo);
    cfg.pla.tau = 0.5;
    cfg.kernel.type = KernelType::Poly;
    std::unique_ptr<Learner> l;
    ASSERT_TRUE(make_learner(cfg, l).ok);
    EXPECT_EQ(l->config().pla.tau, learner_takes(row.algo, "tau") ? 0.5 : 0.0);
    EXPECT_EQ(l->config().kernel.type, learner_takes(row.algo, "kernel") ? KernelType::Poly : KernelType::Linear);
    EXPECT_EQ(learner_config(cfg).pla.tau, l->config().pla.tau);
    // A bad value is refused only by a learner that takes it.
    cfg.pla.tau = -1.0;
    EXPECT_EQ(make_learner(cfg, l).ok, !learner_takes(row.algo, "tau"));
  }
}

TEST(LearnerTable, FastAndStreamedPathsAcceptExactlyTheRowsThatSaySo) {
  const Dataset ds = textbook();
  const std::string path = test::temp_path("textbook.csv");
  test::write_file(path, "3,3,1\n4,3,1\n1,1,-1\n");
  StopRules rules;
  rules.max_epochs = 50;
  for (const LearnerInfo& row : learner_table()) {
    SCOPED_TRACE(row.name);
    const LearnerConfig cfg = config_of(row.algo);
    EXPECT_EQ(fast_supports(cfg).ok, row.fast);
    TrainResult fast, streamed, general;
    const Status f = fast_train(ds, cfg, rules, fast);
    EXPECT_EQ(f.ok, row.fast);
    if (!row.fast) {
      EXPECT_TRUE(failed_with(f, Msg::fast_path_algo));
    }
    const Status s = stream_train(path, cfg, rules, DType::Float64, streamed);
    EXPECT_EQ(s.ok, row.stream);
    if (!row.stream) {
      EXPECT_TRUE(failed_with(s, Msg::fast_path_algo));
    }
    // What the fast and streamed paths accept, they compute as pla::train does, also on
    // XOR, where the learners' hypotheses differ after 7 epochs.
    std::unique_ptr<Learner> l;
    ASSERT_TRUE(make_learner(cfg, l).ok);
    Dataset xor_set;
    xor_set.d = 2;
    for (const auto& [x, y] : std::vector<std::pair<std::vector<double>, int>>{
             {{0, 0}, -1}, {{1, 1}, -1}, {{0, 1}, 1}, {{1, 0}, 1}})
      ASSERT_TRUE(xor_set.add(x, y).ok);
    StopRules seven;
    seven.max_epochs = 7;
    TrainResult xor_fast, xor_general;
    ASSERT_TRUE(l->reset(xor_set).ok);
    ASSERT_TRUE(train(*l, xor_set, seven, xor_general).ok);
    if (row.fast) {
      ASSERT_TRUE(fast_train(xor_set, cfg, seven, xor_fast).ok);
      EXPECT_EQ(xor_fast.w, xor_general.w);
      EXPECT_EQ(test::bits(xor_fast.b), test::bits(xor_general.b));
    }
    ASSERT_TRUE(l->reset(ds).ok);
    ASSERT_TRUE(train(*l, ds, rules, general).ok);
    for (const TrainResult* r : {f.ok ? &fast : nullptr, s.ok ? &streamed : nullptr}) {
      if (r == nullptr) continue;
      EXPECT_EQ(r->w, general.w);
      EXPECT_EQ(test::bits(r->b), test::bits(general.b));
      EXPECT_EQ(r->updates, general.updates);
      EXPECT_EQ(r->message.english(), general.message.english());
    }
    // train_run takes the fast path exactly for these rows.
    TrainRequest req;
    req.path = path;
    req.learner = cfg;
    req.stop = rules;
    TrainOutcome out;
    ASSERT_TRUE(train_run(req, out).ok);
    EXPECT_EQ(out.fast, row.fast);
    EXPECT_EQ(out.r.w, general.w);
    req.placement = Placement::Stream;
    const Status run = train_run(req, out);
    EXPECT_EQ(run.ok && out.refusal == RunRefusal::None, row.stream);
    if (!row.stream) {
      EXPECT_EQ(out.refusal, RunRefusal::NotStreamable);
    }
    req.placement = Placement::InMemory;
    req.dtype = DType::Float32;
    EXPECT_TRUE(train_run(req, out).ok);
    EXPECT_EQ(out.refusal == RunRefusal::None, row.fast);
  }
}

TEST(LearnerTable, ChosenUpdatesModelFilesAndStopRulesReadTheRow) {
  const Dataset ds = textbook();
  for (const LearnerInfo& row : learner_table()) {
    SCOPED_TRACE(row.name);
    LearnerConfig cfg = config_of(row.algo);
    cfg.kernel.type = KernelType::Rbf;  // only a learner with `kernel` takes it
    std::unique_ptr<Learner> l;
    ASSERT_TRUE(make_learner(cfg, l).ok);
    ASSERT_TRUE(l->reset(ds).ok);
    // The trace: an update on point x2 (index 1), picked by hand.
    EXPECT_EQ(Trace::chosen_update_supported(*l), row.chosen_update);
    Trace trace;
    trace.start(*l);
    const StepInfo info = trace.update_on(*l, ds, 1);
    EXPECT_EQ(info.index, row.chosen_update ? 1u : ds.size());
    EXPECT_EQ(l->steps(), row.chosen_update ? 1u : 0u);

    // The model file: support vectors for a non-linear kernel, the row's note line.
    ASSERT_TRUE(l->reset(ds).ok);
    TrainResult r;
    StopRules rules;
    ASSERT_TRUE(train(*l, ds, rules, r).ok);
    Model m;
    ASSERT_TRUE(make_model(*l, ds, ds.d, "", m).ok);
    EXPECT_EQ(m.kernel_model, row.kernel);
    EXPECT_EQ(m.support.empty(), !row.kernel);
    const std::string text = write_model(m);
    EXPECT_EQ(text.find("\n# ") != std::string::npos, row.model_note != nullptr) << text;
    if (row.model_note) {
      EXPECT_NE(text.find(row.model_note), std::string::npos);
    }

    // No limit on epochs or updates: one check, one message, for every trainer.
    StopRules none;
    none.max_epochs = 0;
    EXPECT_TRUE(failed_with(check_stop_rule(row.algo, none), Msg::train_no_stop_rule));
    ASSERT_TRUE(l->reset(ds).ok);
    EXPECT_TRUE(failed_with(train(*l, ds, none, r), Msg::train_no_stop_rule));
    if (row.fast) {
      EXPECT_TRUE(failed_with(fast_train(ds, config_of(row.algo), none, r), Msg::train_no_stop_rule));
    }
    StopRules updates_only = none;
    updates_only.max_updates = 3;
    EXPECT_TRUE(check_stop_rule(row.algo, updates_only).ok);
  }
  // The session asks the same check.
  Session s;
  ASSERT_TRUE(s.set("max_epochs", "0").ok);
  EXPECT_TRUE(failed_with(s.train(), Msg::train_no_stop_rule));
}

// [split_and_lift] the session's and `pla train`'s split and lift.
TEST(SplitAndLift, HoldsOutTheShareThenLiftsBothSets) {
  Dataset data;
  data.d = 2;
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(data.add({static_cast<double>(i), static_cast<double>(-i)}, i % 2 ? 1 : -1).ok);
  SplitSets sets;
  ASSERT_TRUE(split_and_lift(data, 0.25, 7, "x1^2,x2^2", sets).ok);
  ASSERT_TRUE(sets.lift_status.ok);
  EXPECT_TRUE(sets.lifted);
  ASSERT_EQ(sets.validation_index.size(), 2u);  // round(0.25 x 8)
  ASSERT_EQ(sets.train_index.size(), 6u);
  std::set<std::size_t> all(sets.train_index.begin(), sets.train_index.end());
  all.insert(sets.validation_index.begin(), sets.validation_index.end());
  EXPECT_EQ(all.size(), 8u);
  // Lifted: each row (i, -i) becomes (i^2, i^2), with its label.
  ASSERT_EQ(sets.train.d, 2);
  for (std::size_t k = 0; k < sets.train_index.size(); ++k) {
    const double i = static_cast<double>(sets.train_index[k]);
    EXPECT_EQ(sets.train.row(k)[0], i * i);
    EXPECT_EQ(sets.train.row(k)[1], i * i);
    EXPECT_EQ(sets.train.y[k], data.y[sets.train_index[k]]);
  }
  EXPECT_EQ(sets.validation.size(), 2u);

  // No share: every point trains, in order, and no index is made.
  ASSERT_TRUE(split_and_lift(data, 0.0, 7, "", sets).ok);
  EXPECT_EQ(sets.train.x, data.x);
  EXPECT_TRUE(sets.train_index.empty() && sets.validation.empty() && !sets.lifted);
  EXPECT_EQ(sets.validation.d, 2);

  // A lift that does not fit leaves the sets unlifted and says why.
  ASSERT_TRUE(split_and_lift(data, 0.0, 7, "x3^2", sets).ok);
  EXPECT_FALSE(sets.lift_status.ok);
  EXPECT_FALSE(sets.lifted);
  EXPECT_EQ(sets.train.x, data.x);

  // A split that leaves no training point fails.
  Dataset two;
  two.d = 1;
  ASSERT_TRUE(two.add({1}, 1).ok);
  EXPECT_FALSE(split_and_lift(two, 0.5, 1, "", sets).ok);
}

}  // namespace
}  // namespace pla::learner_table_test

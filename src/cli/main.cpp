// pla: the command-line face of the Perceptron Lab core.
//
//   pla train   --data FILE [options]     train a learner, print the result
//   pla margin  --data FILE [--json]      exact margin, Novikoff bound
//   pla gen     --kind KIND --out FILE    generate a data set
//   pla predict --model FILE --data FILE  predict with a saved model
//
// Exit status: 0 success, 2 bad input (usage, a malformed file), 1 other failures.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/generators.hpp"
#include "core/io.hpp"
#include "core/json.hpp"
#include "core/learners.hpp"
#include "core/lift.hpp"
#include "core/margin.hpp"
#include "core/metrics.hpp"
#include "core/model.hpp"
#include "core/session.hpp"
#include "core/trace.hpp"

namespace {

constexpr int kOk = 0, kFailure = 1, kBadInput = 2;

const char* const kUsage =
    "usage:\n"
    "  pla train --data FILE [--algo classic|pocket|averaged|voted|batch|margin|dual|kernel]\n"
    "            [--eta X] [--epochs N] [--max-updates K] [--init zero|random] [--seed S]\n"
    "            [--order cyclic|shuffle|random] [--restart] [--kernel poly:P|rbf:G] [--lift NAMES]\n"
    "            [--tau T] [--validation F] [--patience P] [--trace FILE] [--model FILE] [--json]\n"
    "  pla margin --data FILE [--json]\n"
    "  pla gen --kind separable|noisy|xor|circles|moons|blobs|textbook|six|and|or|customers|iris\n"
    "          [--n N] [--d D] [--margin G] [--noise F] [--seed S] --out FILE\n"
    "  pla predict --model FILE --data FILE [--json]\n"
    "Data files: CSV (label column last or named label/y; labels -1/1 or 0/1) or LIBSVM.\n";

int usage_error(const std::string& message) {
  std::fprintf(stderr, "pla: %s\n%s", message.c_str(), kUsage);
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
    if (a.rfind("--", 0) != 0) {
      error = "unexpected argument '" + a + "'";
      return false;
    }
    const std::string key = a.substr(2);
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
      error = "unknown option --" + key;
      return false;
    }
  }
  return true;
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

// ---------------------------------------------------------------------------- train

int cmd_train(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args,
                     {"data", "algo", "eta", "epochs", "max-updates", "init", "seed", "order", "kernel", "lift", "tau",
                      "validation", "patience", "trace", "model"},
                     {"restart", "json"}, o, error))
    return usage_error(error);
  if (!o.count("data")) return usage_error("train needs --data FILE");

  // Every setting goes through the Session's parser, so the CLI, the app and the
  // page share one vocabulary and one set of checks.
  pla::Session session;
  const std::vector<std::pair<std::string, std::string>> map = {
      {"algo", "algo"}, {"eta", "eta"},       {"epochs", "max_epochs"}, {"max-updates", "max_updates"},
      {"init", "init"}, {"seed", "seed"},     {"order", "order"},       {"kernel", "kernel"},
      {"tau", "tau"},   {"patience", "patience"}};
  pla::SessionSettings cfg = session.settings();
  cfg.learner.algo = "classic";
  session.configure(cfg);
  for (const auto& kv : map) {
    if (!o.count(kv.first)) continue;
    const pla::Status st = session.set(kv.second, o[kv.first]);
    if (!st) return usage_error("--" + kv.first + ": " + st.error);
  }
  if (o.count("restart")) session.set("restart", "true");

  pla::Dataset data;
  pla::Status st = pla::read_data_file(o["data"], data);
  if (!st) return input_error(st.error);

  // Validation split and lifting.
  pla::Dataset train_set = data, valid_set;
  valid_set.d = data.d;
  if (o.count("validation")) {
    double f = 0;
    if (!pla::parse_double(o["validation"], f) || f < 0 || f > 0.5)
      return usage_error("--validation must be a share in [0, 0.5]");
    pla::Split split;
    st = pla::make_split(data.size(), f, 0.0, session.settings().learner.pla.seed, split);
    if (!st) return input_error(st.error);
    train_set = pla::subset(data, split.train);
    valid_set = pla::subset(data, split.validation);
    train_set.d = valid_set.d = data.d;
  }
  std::string lift_spec = o.count("lift") ? o["lift"] : "";
  if (!lift_spec.empty()) {
    pla::Lift lift;
    st = pla::parse_lift(lift_spec, data.d, lift);
    if (!st) return usage_error("--lift: " + st.error);
    pla::Dataset lt, lv;
    st = pla::lift_dataset(lift, train_set, lt);
    if (st) st = pla::lift_dataset(lift, valid_set, lv);
    if (!st) return input_error(st.error);
    train_set = std::move(lt);
    valid_set = std::move(lv);
  }
  if (train_set.empty()) return input_error(o["data"] + ": no training points");

  std::unique_ptr<pla::Learner> learner;
  st = pla::make_learner(session.settings().learner, learner);
  if (st) st = learner->reset(train_set);
  if (!st) return input_error(st.error);

  pla::Trace trace;
  const bool want_trace = o.count("trace") > 0;
  if (want_trace) trace.start(*learner);
  pla::TrainResult r;
  const auto t0 = std::chrono::steady_clock::now();
  st = pla::train(*learner, train_set, session.settings().stop, r, valid_set.empty() ? nullptr : &valid_set,
                  want_trace ? &trace : nullptr);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!st) return input_error(st.error);

  const double train_acc = pla::accuracy(*learner, train_set);
  if (want_trace) {
    std::string text;
    const std::string& path = o["trace"];
    const bool json = path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
    st = json ? trace.to_json(train_set, text) : trace.to_csv(train_set, text);
    if (!st) return input_error(st.error);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size()) {
      if (f) std::fclose(f);
      std::fprintf(stderr, "pla: cannot write %s\n", path.c_str());
      return kFailure;
    }
    std::fclose(f);
  }
  if (o.count("model")) {
    pla::Model model;
    st = pla::make_model(*learner, train_set, data.d, lift_spec, model);
    if (!st) return input_error(st.error);
    const std::string text = pla::write_model(model);
    std::FILE* f = std::fopen(o["model"].c_str(), "wb");
    if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size()) {
      if (f) std::fclose(f);
      std::fprintf(stderr, "pla: cannot write %s\n", o["model"].c_str());
      return kFailure;
    }
    std::fclose(f);
  }

  const pla::LearnerConfig& lc = session.settings().learner;
  if (o.count("json")) {
    pla::JsonObject j;
    j.text("algo", lc.algo)
        .num("eta", lc.pla.eta)
        .array("w", r.w)
        .num("b", r.b)
        .integer("epochs", static_cast<std::int64_t>(r.epochs))
        .integer("updates", static_cast<std::int64_t>(r.updates))
        .boolean("converged", r.converged)
        .text("stop_reason", pla::to_string(r.stop_reason))
        .integer("train_mistakes", static_cast<std::int64_t>(r.train_mistakes))
        .num("train_accuracy", train_acc)
        .raw("mistakes_per_epoch", json_u64_array(r.mistakes_per_epoch))
        .num("seconds", seconds)
        .integer("n", static_cast<std::int64_t>(train_set.size()))
        .integer("d", train_set.d);
    if (!valid_set.empty()) j.num("validation_accuracy", pla::accuracy(*learner, valid_set));
    std::printf("%s\n", j.str().c_str());
  } else {
    std::printf("%s perceptron on %zu points (d = %d), eta = %s\n", lc.algo.c_str(), train_set.size(), train_set.d,
                pla::json_number(lc.pla.eta).c_str());
    if (!r.w.empty()) std::printf("w = %s\nb = %s\n", format_vec(r.w).c_str(), pla::json_number(r.b).c_str());
    std::printf("%s after %llu epochs and %llu updates (%s)\n", r.converged ? "converged" : "stopped",
                static_cast<unsigned long long>(r.epochs), static_cast<unsigned long long>(r.updates),
                pla::to_string(r.stop_reason));
    std::printf("training mistakes %zu, accuracy %.4f\n", r.train_mistakes, train_acc);
    if (!valid_set.empty()) std::printf("validation accuracy %.4f\n", pla::accuracy(*learner, valid_set));
    if (!r.message.empty()) std::printf("%s\n", r.message.c_str());
  }
  return kOk;
}

// ---------------------------------------------------------------------------- margin

int cmd_margin(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"data"}, {"json"}, o, error)) return usage_error(error);
  if (!o.count("data")) return usage_error("margin needs --data FILE");
  pla::Dataset data;
  pla::Status st = pla::read_data_file(o["data"], data);
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

// ---------------------------------------------------------------------------- gen

int cmd_gen(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"kind", "n", "d", "margin", "noise", "seed", "out"}, {}, o, error)) return usage_error(error);
  if (!o.count("kind") || !o.count("out")) return usage_error("gen needs --kind KIND and --out FILE");
  pla::GenSpec spec;
  spec.kind = o["kind"];
  std::uint64_t v = 0;
  if (o.count("n")) {
    if (!pla::parse_u64(o["n"], v)) return usage_error("--n must be a whole number");
    spec.n = static_cast<std::size_t>(v);
  }
  if (o.count("d")) {
    if (!pla::parse_u64(o["d"], v) || v > 1000000) return usage_error("--d must be a whole number");
    spec.d = static_cast<int>(v);
  }
  if (o.count("margin") && !pla::parse_double(o["margin"], spec.margin)) return usage_error("--margin must be a number");
  if (o.count("noise") && !pla::parse_double(o["noise"], spec.noise)) return usage_error("--noise must be a number");
  if (o.count("seed") && !pla::parse_u64(o["seed"], spec.seed)) return usage_error("--seed must be a whole number");
  pla::Dataset ds;
  pla::Status st = pla::generate(spec, ds);
  if (!st) return usage_error(st.error);
  st = pla::write_data_file(o["out"], ds);
  if (!st) {
    std::fprintf(stderr, "pla: %s\n", st.error.c_str());
    return kFailure;
  }
  std::fprintf(stderr, "wrote %zu points (d = %d, +1: %zu, -1: %zu) to %s\n", ds.size(), ds.d, ds.count(1),
               ds.count(-1), o["out"].c_str());
  return kOk;
}

// ---------------------------------------------------------------------------- predict

int cmd_predict(const std::vector<std::string>& args) {
  std::map<std::string, std::string> o;
  std::string error;
  if (!parse_options(args, {"model", "data"}, {"json"}, o, error)) return usage_error(error);
  if (!o.count("model") || !o.count("data")) return usage_error("predict needs --model FILE and --data FILE");
  std::string text;
  pla::Status st = pla::read_text_file(o["model"], text);
  pla::Model model;
  if (st) st = pla::read_model(text, o["model"], model);
  if (!st) return input_error(st.error);
  pla::Dataset data;
  st = pla::read_data_file(o["data"], data, model.d);
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

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage_error("a command is needed");
  const std::string cmd = args[0];
  args.erase(args.begin());
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    std::printf("%s", kUsage);
    return kOk;
  }
  if (cmd == "train") return cmd_train(args);
  if (cmd == "margin") return cmd_margin(args);
  if (cmd == "gen") return cmd_gen(args);
  if (cmd == "predict") return cmd_predict(args);
  return usage_error("unknown command '" + cmd + "'");
}

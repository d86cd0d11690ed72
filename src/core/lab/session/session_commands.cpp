// Perceptron Lab core: the session's commands (session.hpp): the table of every command
// (session_commands(): name, argument schema, checks, action) and Session::command.
#include "core/lab/session/session.hpp"

#include <iterator>

#include "core/base/values.hpp"

namespace pla {

namespace {

Status parse_point(const std::vector<std::string>& args, std::size_t first, int d, const char* command,
                   std::vector<double>& x) {
  x.assign(static_cast<std::size_t>(d), 0.0);
  for (std::size_t j = 0; j < x.size(); ++j)
    if (!parse_double(args[first + j], x[j])) return Status::fail(Msg::point_not_finite, {{"command", command}});
  return Status::success();
}

Status parse_generate(const std::vector<std::string>& a, GenSpec& spec) {
  const std::size_t n = a.size() - 1;
  spec.kind = a[1];
  std::uint64_t v = 0;
  if (n >= 2) {
    if (!parse_u64(a[2], v)) return Status::fail(Msg::command_arg_whole, {{"command", "generate"}, {"arg", "N"}});
    spec.n = static_cast<std::size_t>(v);
  }
  if (n >= 3) {
    if (!parse_u64(a[3], v) || v > 100000)
      return Status::fail(Msg::command_arg_whole_max, {{"command", "generate"}, {"arg", "D"}, {"max", "100000"}});
    spec.d = static_cast<int>(v);
  }
  if (n >= 4 && !parse_double(a[4], spec.margin))
    return Status::fail(Msg::command_arg_number, {{"command", "generate"}, {"arg", "MARGIN"}});
  if (n >= 5 && !parse_double(a[5], spec.noise))
    return Status::fail(Msg::command_arg_number, {{"command", "generate"}, {"arg", "NOISE"}});
  if (n >= 6 && (!parse_u64(a[6], spec.seed) || spec.seed > kMaxSeed))
    return Status::fail(Msg::command_arg_whole_max, {{"command", "generate"}, {"arg", "SEED"}, {"max", "2^53 - 1"}});
  return Status::success();
}

Status done() { return Status::success(); }

}  // namespace

const std::vector<Command>& session_commands() {
  using A = const std::vector<std::string>&;
  static const std::vector<Command> table = {
      {"reset", "reset", 0, 0, kCmdStopsRun | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.reset(), done(); }},
      {"step", "step", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.step(), done(); }},
      {"step_back", "step_back", 0, 0, kCmdMoves, [](Session& s, A) { return s.step_back(), done(); }},
      {"seek", "seek STEP (a whole number)", 1, 1, kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t step = 0;
         if (!parse_u64(a[1], step)) return Status::fail(Msg::command_usage, {{"usage", "seek STEP (a whole number)"}});
         return s.seek(step);
       },
       "u"},
      {"next_update", "next_update", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves | kCmdSliced, [](Session& s, A) { return s.next_update(), done(); }},
      {"epoch", "epoch", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves | kCmdSliced, [](Session& s, A) { return s.epoch(), done(); }},
      {"train", "train", 0, 0, kCmdLesson | kCmdMoves | kCmdSliced, [](Session& s, A) { return s.train(); }},
      {"run", "train", 0, 0, kCmdMoves | kCmdSliced, [](Session& s, A) { return s.train(); }},
      {"play", "play", 0, 0, kCmdNeedsData | kCmdMoves, [](Session& s, A) { return s.play(), done(); }},
      {"pause", "pause", 0, 0, 0, [](Session& s, A) { return s.pause(), done(); }},
      {"preset", "preset NAME", 1, 1, kCmdNewData | kCmdStopsRun | kCmdMoves, [](Session& s, A a) { return s.load_preset(a[1]); }, "t"},
      {"generate", "generate KIND [N] [D] [MARGIN] [NOISE] [SEED]", 1, 6, kCmdNewData | kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         GenSpec spec;
         Status st = parse_generate(a, spec);
         return st ? s.generate(spec) : st;
       },
       "tuunnu"},
      {"import_csv", "import_csv TEXT [NAME]", 1, 2, kCmdNewData | kCmdMoves,
       [](Session& s, A a) { return s.import_csv(a[1], a.size() == 3 ? a[2] : "import.csv"); }, "t"},
      // The number of coordinates follows the data's dimension d: checked by the action.
      {"add_point", "add_point X Y LABEL", 1, kArgsPerDim, kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         if (a.size() != static_cast<std::size_t>(d) + 2)
           return d == 2 ? Status::fail(Msg::command_usage, {{"usage", "add_point X Y LABEL"}})
                         : Status::fail(Msg::point_size, {{"command", "add_point"}, {"d", msg_int(d)}});
         std::vector<double> x;
         Status st = parse_point(a, 1, d, "add_point", x);
         if (!st) return st;
         int label = 0;
         if (!parse_label(a.back(), label)) return Status::fail(Msg::point_label, {{"command", "add_point"}});
         return s.add_point(x, label);
       },
       "n"},
      {"move_point", "move_point INDEX X Y", 1, kArgsPerDim, kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         std::uint64_t i = 0;
         if (a.size() != static_cast<std::size_t>(d) + 2 || !parse_u64(a[1], i))
           return Status::fail(Msg::command_usage, {{"usage", "move_point INDEX X Y"}});
         std::vector<double> x;
         Status st = parse_point(a, 2, d, "move_point", x);
         return st ? s.move_point(static_cast<std::size_t>(i), x) : st;
       },
       "un"},
      {"remove_point", "remove_point INDEX", 1, 1, kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t i = 0;
         if (!parse_u64(a[1], i)) return Status::fail(Msg::command_usage, {{"usage", "remove_point INDEX"}});
         return s.remove_point(static_cast<std::size_t>(i));
       },
       "u"},
      {"clear", "clear", 0, 0, kCmdNewData | kCmdStopsRun | kCmdMoves, [](Session& s, A) { return s.clear(), done(); }},
      {"update_on", "update_on INDEX", 1, 1, kCmdNeedsData | kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t i = 0;
         if (!parse_u64(a[1], i)) return Status::fail(Msg::command_usage, {{"usage", "update_on INDEX"}});
         return s.update_on(static_cast<std::size_t>(i));
       },
       "u"},
      {"add_query", "add_query X Y", 0, kArgsPerDim, kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         if (a.size() != static_cast<std::size_t>(d) + 1)
           return d == 2 ? Status::fail(Msg::command_usage, {{"usage", "add_query X Y"}})
                         : Status::fail(Msg::point_size, {{"command", "add_query"}, {"d", msg_int(d)}});
         std::vector<double> x;
         Status st = parse_point(a, 1, d, "add_query", x);
         return st ? s.add_query(x) : st;
       },
       "n"},
      {"clear_queries", "clear_queries", 0, 0, kCmdLesson | kCmdMoves, [](Session& s, A) { return s.clear_queries(), done(); }},
      {"set", "set KEY VALUE", 2, 2, 0, [](Session& s, A a) { return s.set(a[1], a[2]); }, "tv"},
      {"compare", "compare [ETA ...]", 0, 8, kCmdLesson | kCmdMoves | kCmdSliced,
       [](Session& s, A a) {
         std::vector<double> etas;
         for (std::size_t i = 1; i < a.size(); ++i) {
           double e = 0;
           if (!parse_double(a[i], e))
             return Status::fail(Msg::session_compare_not_number, {{"value", a[i].substr(0, 40)}});
           etas.push_back(e);
         }
         if (etas.empty()) etas.assign(std::begin(kDefaultCompareEtas), std::end(kDefaultCompareEtas));
         return s.compare_etas(etas);
       },
       "n"},
  };
  return table;
}

const std::vector<std::string>& Session::command_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Command& c : session_commands()) out.emplace_back(c.name);
    return out;
  }();
  return names;
}

Status Session::command(const std::vector<std::string>& args) {
  ++changes_;
  if (args.empty()) return Status::fail(Msg::command_empty);
  const Command* cmd = nullptr;
  for (const Command& c : session_commands())
    if (args[0] == c.name) cmd = &c;
  if (!cmd)
    return Status::fail(Msg::command_unknown, {{"name", args[0].substr(0, 40)}, {"known", join_choices(command_names())}});
  const int n = static_cast<int>(args.size()) - 1;
  if (cmd->max_args >= 0 && (n < cmd->min_args || n > cmd->max_args))
    return Status::fail(Msg::command_usage, {{"usage", cmd->usage}});
  if (cmd->flags & kCmdNeedsData) {
    Status st = need_data();
    if (!st) return st;
  }
  return cmd->run(*this, args);
}

}  // namespace pla

// pla: the command-line face of the Perceptron Lab core.
// Exit status: 0 success, 2 bad input or usage, 1 other failures.
#include <cstdio>
#include <string>
#include <vector>

#include "core/session.hpp"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: pla train --preset NAME [--eta X] [--epochs N] [--order cyclic|shuffle|random]\n"
               "                 [--init zero|random] [--seed S] [--restart]\n");
  return 2;
}

int train(const std::vector<std::string>& args) {
  pla::Session s;
  std::string preset = "textbook";
  std::vector<std::pair<std::string, std::string>> settings;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* key) {
      if (i + 1 >= args.size()) return false;
      settings.emplace_back(key, args[++i]);
      return true;
    };
    if (a == "--preset" && i + 1 < args.size()) preset = args[++i];
    else if (a == "--eta") { if (!value("eta")) return usage(); }
    else if (a == "--epochs") { if (!value("max_epochs")) return usage(); }
    else if (a == "--order") { if (!value("order")) return usage(); }
    else if (a == "--init") { if (!value("init")) return usage(); }
    else if (a == "--seed") { if (!value("seed")) return usage(); }
    else if (a == "--restart") settings.emplace_back("restart", "true");
    else return usage();
  }
  pla::Status st = s.load_preset(preset);
  for (const auto& kv : settings) {
    if (!st) break;
    st = s.set(kv.first, kv.second);
  }
  if (!st) {
    std::fprintf(stderr, "pla: %s\n", st.error.c_str());
    return 2;
  }
  s.run();
  std::printf("%s\n", s.state_json().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help") return usage();
  if (args[0] == "train") return train(std::vector<std::string>(args.begin() + 1, args.end()));
  std::fprintf(stderr, "pla: unknown command '%s'\n", args[0].c_str());
  return usage();
}

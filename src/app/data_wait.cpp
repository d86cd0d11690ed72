// Perceptron Lab app: the files this build left out (core/base/data_files.hpp): a command
// that needs one (a built-in lesson's text, a language's catalog) waits and runs again
// once nothing is pending; the catalog of the language in use is asked for and added when
// it comes; the platform's deliveries.
#include "app/app_internal.hpp"

namespace pla::app {

bool wait_for_data(App& app, const std::vector<std::string>& args, const Status& st) {
  if (st || st.code != Msg::data_pending) return false;
  app.waiting.push_back(args);
  return true;
}

Status need_catalog(App& app, const std::string& code) {
  Catalogs& catalogs = app.session.catalogs();
  if (!catalogs.contains(code) || catalogs.whole(code)) return Status::success();
  const std::string name = Catalogs::file(code);
  const Status st = app.session.files().status(name);
  if (!st) return st;
  return catalogs.add(code, *app.session.files().find(name));
}

void data_frame(App& app) {
  // The language in use, by any path (the menu, a link, the saved work): its texts.
  if (app.lang != app.lang_failed) {
    const Status st = need_catalog(app, app.lang);
    if (!st && st.code != Msg::data_pending) {
      app.lang_failed = app.lang;  // its texts stay English; said once
      show_result(app, st);
    }
  }
  if (app.waiting.empty() || app.session.files().pending()) return;
  std::vector<std::vector<std::string>> commands;
  commands.swap(app.waiting);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const Status st = run_command(app, commands[i]);
    if (!app.waiting.empty()) {  // waits again (another file): the rest after it, in order
      app.waiting.insert(app.waiting.end(), commands.begin() + static_cast<std::ptrdiff_t>(i) + 1, commands.end());
      return;
    }
    if (!st) show_result(app, st);
  }
}

void provide_data(App& app, const std::string& name, bool ok, std::string text) {
  if (ok) app.session.files().provide(name, std::move(text));
  else app.session.files().fail(name, std::move(text));
  ++app.files_arrived;
}

}  // namespace pla::app

// Perceptron Lab app: the link maker, for teachers. Choose the lesson, the language, the
// panels, the theme and compact (embed) mode; it gives the link, the iframe snippet and
// how to use the single-file page. The link is this page's address with the query the
// choices make (the page completes it when copying).
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/lab/lesson/lesson.hpp"

namespace pla::app {

namespace {

Params maker_params(const LinkMaker& m) {
  Params p;
  if (m.lesson > 0 && static_cast<std::size_t>(m.lesson) <= builtin_lesson_ids().size())
    p.emplace_back("lesson", builtin_lesson_ids()[static_cast<std::size_t>(m.lesson - 1)]);
  p.emplace_back("lang", m.lang);
  p.emplace_back("panels", panels_text(m.panels));
  if (m.theme != themes().front().theme) p.emplace_back("theme", theme_info(m.theme).name);
  if (m.embed) p.emplace_back("embed", "1");
  if (m.embed && m.lessons_menu) p.emplace_back("lessons_menu", "1");
  return p;
}

// A theme's name as the menus show it.
std::string theme_name(const App& app, Theme theme) {
  const ThemeInfo& t = theme_info(theme);
  return std::string(app.tr(t.label_key)) + "##maker_theme_" + t.name;
}

std::string lesson_title(const App& app, int i) {
  if (i == 0) return app.tr("maker.no_lesson");
  const std::vector<LessonInfo> infos = builtin_lesson_infos();
  if (static_cast<std::size_t>(i) > infos.size()) return "?";
  const LessonText& title = infos[static_cast<std::size_t>(i - 1)].title;  // the build's own: no text needed
  return app.shown_lang() == "pseudo" ? title.en + " " + title.en : title.in(app.shown_lang());
}

}  // namespace

std::string link_maker_query(const LinkMaker& m) { return encode_query(maker_params(m)); }

void link_maker(App& app) {
  LinkMaker& m = app.maker;
  if (!m.open) return;
  if (begin_dialog(app, "maker.title", "link_maker", 34.0f, &m.open)) {
    if (form_begin("maker_form")) {
      form_row(app.tr("maker.lesson"));
      if (begin_combo("##maker_lesson", lesson_title(app, m.lesson))) {
        for (int i = 0; i <= static_cast<int>(builtin_lesson_ids().size()); ++i)
          if (ImGui::Selectable((lesson_title(app, i) + "##lesson" + std::to_string(i)).c_str(), m.lesson == i)) m.lesson = i;
        ImGui::EndCombo();
      }
      form_row(app.tr("app.language"));
      language_combo(app, "##maker_lang", m.lang);
      form_row(app.tr("app.theme"));
      if (begin_combo("##maker_theme", app.tr(theme_info(m.theme).label_key))) {
        for (const ThemeInfo& t : themes())
          if (ImGui::Selectable(theme_name(app, t.theme).c_str(), m.theme == t.theme)) m.theme = t.theme;
        ImGui::EndCombo();
      }
      form_row(app.tr("maker.embed"));
      ImGui::Checkbox("##maker_embed", &m.embed);
      if (m.embed) {
        form_row(app.tr("maker.lessons_menu"));
        ImGui::Checkbox("##maker_lessons_menu", &m.lessons_menu);
      }
      ImGui::EndTable();
    }
    text_wrapped(app.tr("maker.panels"));
    Flow row;
    int i = 0;
    for (const PanelInfo& p : panel_list())
      row.checkbox(app.label(p.label_key, ("maker_panel" + std::to_string(i++)).c_str()).c_str(), &(m.panels.*p.shown));

    const std::string query = link_maker_query(m);
    ImGui::Separator();
    text_wrapped(app.tr("maker.link"));
    text_wrapped("index.html?" + query);
    text_wrapped(app.tr("maker.iframe"));
    const std::string snippet = "<iframe src=\"perceptron-lab/index.html?" + query +
                                "\" width=\"800\" height=\"500\" title=\"Perceptron Lab\"></iframe>";
    text_wrapped(snippet);
    text_wrapped(app.tr("maker.single"));
    Flow buttons;
    if (app.hooks.copy_link && buttons.button(app.label("maker.copy_link", "maker_copy_link").c_str())) app.hooks.copy_link(query);
    if (app.hooks.copy_text && buttons.button(app.label("maker.copy_iframe", "maker_copy_iframe").c_str()))
      app.hooks.copy_text(snippet);
    if (buttons.button(app.label("maker.close", "maker_close").c_str())) m.open = false;
  }
  ImGui::End();
}

}  // namespace pla::app

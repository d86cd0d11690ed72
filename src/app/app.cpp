// Perceptron Lab app: the ImGui interface.
//
// [SECTION] Helpers
// [SECTION] Data canvas
// [SECTION] Control panel
// [SECTION] Frame

#include "app/app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/presets.hpp"
#include "imgui.h"

namespace pla::app {

namespace {

// -----------------------------------------------------------------------------
// [SECTION] Helpers
// -----------------------------------------------------------------------------

constexpr float kPanelWidth = 300.0f;
// Colour-blind-safe pair (blue / orange) plus distinct shapes (circle / square).
const ImU32 kPosColor = IM_COL32(0, 114, 178, 255);
const ImU32 kNegColor = IM_COL32(230, 159, 0, 255);
const ImU32 kPosFill = IM_COL32(0, 114, 178, 38);
const ImU32 kNegFill = IM_COL32(230, 159, 0, 38);
const ImU32 kLineColor = IM_COL32(20, 20, 20, 255);
const ImU32 kGridColor = IM_COL32(0, 0, 0, 22);
const ImU32 kAxisColor = IM_COL32(0, 0, 0, 90);

ImVec2 to_im(Vec2d v) { return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

void HelpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// The data box of the current set (a default box when empty).
void data_bounds(const Dataset& ds, Vec2d& lo, Vec2d& hi) {
  if (ds.empty() || ds.d < 2) {
    lo = {-1.0, -1.0};
    hi = {5.0, 5.0};
    return;
  }
  lo = {ds.row(0)[0], ds.row(0)[1]};
  hi = lo;
  for (std::size_t i = 1; i < ds.size(); ++i) {
    lo.x = std::min(lo.x, ds.row(i)[0]);
    lo.y = std::min(lo.y, ds.row(i)[1]);
    hi.x = std::max(hi.x, ds.row(i)[0]);
    hi.y = std::max(hi.y, ds.row(i)[1]);
  }
  // Always show the origin's neighbourhood a little for tiny sets.
  const double pad = 0.5;
  lo.x -= pad; lo.y -= pad; hi.x += pad; hi.y += pad;
}

// Clips a convex polygon to the half-plane a*x + b*y + c >= 0 (Sutherland-Hodgman).
std::vector<Vec2d> clip_half_plane(const std::vector<Vec2d>& poly, double a, double b, double c) {
  std::vector<Vec2d> out;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2d p = poly[i], q = poly[(i + 1) % n];
    const double fp = a * p.x + b * p.y + c, fq = a * q.x + b * q.y + c;
    if (fp >= 0) out.push_back(p);
    if ((fp >= 0) != (fq >= 0)) {
      const double t = fp / (fp - fq);
      out.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
    }
  }
  return out;
}

void fill_polygon(ImDrawList* dl, const Mapping& m, const std::vector<Vec2d>& poly, ImU32 col) {
  if (poly.size() < 3) return;
  std::vector<ImVec2> px;
  px.reserve(poly.size());
  for (const Vec2d& p : poly) px.push_back(to_im(data_to_pixel(m, p)));
  dl->AddConvexPolyFilled(px.data(), static_cast<int>(px.size()), col);
}

// A "nice" grid step (1, 2 or 5 times a power of ten) for about `target` pixels.
double nice_step(double scale, double target) {
  const double raw = target / scale;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double k : {1.0, 2.0, 5.0, 10.0})
    if (k * p >= raw) return k * p;
  return 10.0 * p;
}

// -----------------------------------------------------------------------------
// [SECTION] Data canvas
// -----------------------------------------------------------------------------

void draw_grid(ImDrawList* dl, const Mapping& m) {
  const Vec2d lo = pixel_to_data(m, {m.pixel_min.x, m.pixel_max.y});
  const Vec2d hi = pixel_to_data(m, {m.pixel_max.x, m.pixel_min.y});
  const double step = nice_step(m.scale, 60.0);
  char label[32];
  for (double x = std::ceil(lo.x / step) * step; x <= hi.x; x += step) {
    const Vec2d a = data_to_pixel(m, {x, lo.y}), b = data_to_pixel(m, {x, hi.y});
    const bool axis = std::fabs(x) < step * 1e-9;
    dl->AddLine(to_im(a), to_im(b), axis ? kAxisColor : kGridColor, axis ? 1.5f : 1.0f);
    std::snprintf(label, sizeof label, "%g", std::fabs(x) < step * 1e-9 ? 0.0 : x);
    dl->AddText(ImVec2(static_cast<float>(a.x) + 2, static_cast<float>(m.pixel_max.y) - 16), kAxisColor, label);
  }
  for (double y = std::ceil(lo.y / step) * step; y <= hi.y; y += step) {
    const Vec2d a = data_to_pixel(m, {lo.x, y}), b = data_to_pixel(m, {hi.x, y});
    const bool axis = std::fabs(y) < step * 1e-9;
    dl->AddLine(to_im(a), to_im(b), axis ? kAxisColor : kGridColor, axis ? 1.5f : 1.0f);
    std::snprintf(label, sizeof label, "%g", std::fabs(y) < step * 1e-9 ? 0.0 : y);
    dl->AddText(ImVec2(static_cast<float>(m.pixel_min.x) + 4, static_cast<float>(a.y) - 15), kAxisColor, label);
  }
}

// The separating line w.x + b = 0, the two half-planes, and the normal w.
void draw_separator(ImDrawList* dl, const Mapping& m, const std::vector<double>& w, double b) {
  if (w.size() < 2 || (w[0] == 0.0 && w[1] == 0.0)) return;
  const Vec2d lo = pixel_to_data(m, {m.pixel_min.x, m.pixel_max.y});
  const Vec2d hi = pixel_to_data(m, {m.pixel_max.x, m.pixel_min.y});
  const std::vector<Vec2d> box = {{lo.x, lo.y}, {hi.x, lo.y}, {hi.x, hi.y}, {lo.x, hi.y}};
  fill_polygon(dl, m, clip_half_plane(box, w[0], w[1], b), kPosFill);
  fill_polygon(dl, m, clip_half_plane(box, -w[0], -w[1], -b), kNegFill);
  // The line: the boundary of the clipped positive region lying on w.x + b = 0.
  const std::vector<Vec2d> pos = clip_half_plane(box, w[0], w[1], b);
  std::vector<Vec2d> on_line;
  const double norm = std::sqrt(w[0] * w[0] + w[1] * w[1]);
  for (const Vec2d& p : pos)
    if (std::fabs(w[0] * p.x + w[1] * p.y + b) <= 1e-9 * (norm * (std::fabs(p.x) + std::fabs(p.y)) + std::fabs(b) + 1))
      on_line.push_back(p);
  if (on_line.size() >= 2) {
    const ImVec2 a = to_im(data_to_pixel(m, on_line.front())), c = to_im(data_to_pixel(m, on_line.back()));
    dl->AddLine(a, c, kLineColor, 2.5f);
    // The normal vector w, drawn from the line's visible midpoint (unit length on screen: 50 px).
    const Vec2d mid = {0.5 * (on_line.front().x + on_line.back().x), 0.5 * (on_line.front().y + on_line.back().y)};
    const Vec2d p0 = data_to_pixel(m, mid);
    const double ux = w[0] / norm, uy = -w[1] / norm;  // pixels: y down
    const ImVec2 tip(static_cast<float>(p0.x + 50 * ux), static_cast<float>(p0.y + 50 * uy));
    dl->AddLine(to_im(p0), tip, kPosColor, 2.0f);
    const ImVec2 left(static_cast<float>(tip.x - 9 * ux + 5 * uy), static_cast<float>(tip.y - 9 * uy - 5 * ux));
    const ImVec2 right(static_cast<float>(tip.x - 9 * ux - 5 * uy), static_cast<float>(tip.y - 9 * uy + 5 * ux));
    dl->AddTriangleFilled(tip, left, right, kPosColor);
    dl->AddText(ImVec2(tip.x + 4, tip.y - 8), kPosColor, "w");
  }
}

void draw_points(ImDrawList* dl, const Mapping& m, const Session& s) {
  const Dataset& ds = s.data();
  if (ds.d < 2) return;
  const float r = 6.0f;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const ImVec2 p = to_im(data_to_pixel(m, {ds.row(i)[0], ds.row(i)[1]}));
    if (ds.y[i] > 0) {
      dl->AddCircleFilled(p, r, kPosColor);
      dl->AddCircle(p, r, IM_COL32(255, 255, 255, 255), 0, 1.0f);
    } else {
      dl->AddRectFilled(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r), kNegColor);
      dl->AddRect(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r), IM_COL32(255, 255, 255, 255));
    }
  }
  if (s.has_last_step() && s.last_step().index < ds.size()) {
    const std::size_t i = s.last_step().index;
    const ImVec2 p = to_im(data_to_pixel(m, {ds.row(i)[0], ds.row(i)[1]}));
    dl->AddCircle(p, r + 5, s.last_step().mistake ? IM_COL32(213, 94, 0, 255) : IM_COL32(0, 158, 115, 255), 0, 2.5f);
  }
}

void canvas(App& app) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  Mapping& m = app.view;
  m.pixel_min = {pos.x, pos.y};
  m.pixel_max = {pos.x + size.x, pos.y + size.y};
  if (app.fit_pending) {
    Vec2d lo, hi;
    data_bounds(app.session.data(), lo, hi);
    fit(m, lo, hi);
    app.fit_pending = false;
  }

  ImGui::InvisibleButton("canvas", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), true);
  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), IM_COL32(250, 250, 252, 255));
  const Session& s = app.session;
  draw_separator(dl, m, s.learner().w(), s.learner().b());
  draw_grid(dl, m);
  draw_points(dl, m, s);
  dl->PopClipRect();

  // Click to add a point: left = the selected class, right = the other class.
  const ImGuiIO& io = ImGui::GetIO();
  if (hovered && s.data().d == 2) {
    const Vec2d at = pixel_to_data(m, {io.MousePos.x, io.MousePos.y});
    int label = 0;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) label = app.draw_label;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) label = -app.draw_label;
    if (label != 0) app.session.add_point({at.x, at.y}, label);
    ImGui::SetTooltip("(%.2f, %.2f)\nleft click: add %s, right click: add %s", at.x, at.y,
                      app.draw_label > 0 ? "+1" : "-1", app.draw_label > 0 ? "-1" : "+1");
  }
}

// -----------------------------------------------------------------------------
// [SECTION] Control panel
// -----------------------------------------------------------------------------

void data_controls(App& app) {
  Session& s = app.session;
  const std::string current = s.preset();
  if (ImGui::BeginCombo("preset", current.c_str())) {
    for (const std::string& name : preset_names()) {
      if (ImGui::Selectable(name.c_str(), name == current)) {
        s.load_preset(name);
        app.fit_pending = true;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::TextUnformatted("click adds:");
  ImGui::SameLine();
  ImGui::RadioButton("+1", &app.draw_label, 1);
  ImGui::SameLine();
  ImGui::RadioButton("-1", &app.draw_label, -1);
  if (ImGui::Button("Clear points")) s.clear();
  ImGui::SameLine();
  if (ImGui::Button("Fit view")) app.fit_pending = true;
}

void learner_controls(App& app) {
  Session& s = app.session;
  SessionSettings cfg = s.settings();
  bool changed = false;
  float log_eta = static_cast<float>(std::log10(cfg.pla.eta));
  char eta_label[32];
  std::snprintf(eta_label, sizeof eta_label, "%g", cfg.pla.eta);
  if (ImGui::SliderFloat("eta", &log_eta, -3.0f, 1.0f, eta_label)) {
    // Snap to 1, 2 or 5 times a power of ten so the numbers stay readable.
    const double raw = std::pow(10.0, static_cast<double>(log_eta));
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    const double k = raw / p < 1.5 ? 1.0 : raw / p < 3.5 ? 2.0 : raw / p < 7.5 ? 5.0 : 10.0;
    cfg.pla.eta = k * p;
    changed = true;
  }
  HelpMarker("Learning rate: on a mistake w <- w + eta * y * x and b <- b + eta * y.");
  int order = static_cast<int>(cfg.pla.order);
  if (ImGui::Combo("order", &order, "cyclic\0shuffle\0random\0")) {
    cfg.pla.order = static_cast<Order>(order);
    changed = true;
  }
  changed |= ImGui::Checkbox("restart after a mistake", &cfg.pla.restart);
  HelpMarker("The textbook rule: after each update, start again from the first point.");
  int init = static_cast<int>(cfg.pla.init);
  if (ImGui::Combo("start", &init, "zero\0random\0")) {
    cfg.pla.init = static_cast<Init>(init);
    changed = true;
  }
  int seed = static_cast<int>(std::min<std::uint64_t>(cfg.pla.seed, 2147483647u));
  if (ImGui::InputInt("seed", &seed) && seed >= 0) {
    cfg.pla.seed = static_cast<std::uint64_t>(seed);
    changed = true;
  }
  float speed = static_cast<float>(cfg.speed);
  if (ImGui::SliderFloat("steps/s", &speed, 1.0f, 100000.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
    cfg.speed = speed;
    changed = true;
  }
  if (changed) s.configure(cfg);
}

void run_controls(App& app) {
  Session& s = app.session;
  if (ImGui::Button(s.playing() ? "Pause" : "Play", ImVec2(64, 0))) s.playing() ? s.pause() : s.play();
  ImGui::SameLine();
  if (ImGui::Button("Step")) s.step();
  ImGui::SameLine();
  if (ImGui::Button("Epoch")) s.epoch();
  ImGui::SameLine();
  if (ImGui::Button("Run")) s.run();
  ImGui::SameLine();
  if (ImGui::Button("Reset")) s.reset();
}

void readout(const App& app) {
  const Session& s = app.session;
  const Perceptron& p = s.learner();
  ImGui::Text("points %zu (+1: %zu, -1: %zu)", s.data().size(), s.data().count(1), s.data().count(-1));
  ImGui::Text("epoch %llu   step %llu   updates k = %llu", static_cast<unsigned long long>(p.epoch()),
              static_cast<unsigned long long>(p.steps()), static_cast<unsigned long long>(p.updates()));
  std::string w = "w = (";
  char buf[48];
  for (std::size_t j = 0; j < p.w().size(); ++j) {
    std::snprintf(buf, sizeof buf, "%s%.6g", j ? ", " : "", p.w()[j]);
    w += buf;
  }
  std::snprintf(buf, sizeof buf, "),  b = %.6g", p.b());
  ImGui::TextUnformatted((w + buf).c_str());
  ImGui::Text("training mistakes J1 = %zu", s.train_mistakes());
  ImGui::TextUnformatted(p.converged() ? "converged: an epoch with no mistake" : "not converged yet");
  if (!s.notice().empty()) ImGui::TextWrapped("%s", s.notice().c_str());
}

void control_panel(App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float width = std::min(kPanelWidth, vp->WorkSize.x * 0.5f);
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(ImVec2(width, vp->WorkSize.y));
  ImGui::Begin("Perceptron Lab", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushItemWidth(-110);
  if (ImGui::CollapsingHeader("Data", ImGuiTreeNodeFlags_DefaultOpen)) data_controls(app);
  if (ImGui::CollapsingHeader("Perceptron", ImGuiTreeNodeFlags_DefaultOpen)) learner_controls(app);
  ImGui::Separator();
  run_controls(app);
  ImGui::Separator();
  readout(app);
  ImGui::PopItemWidth();
  ImGui::End();
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] Frame
// -----------------------------------------------------------------------------

void init(App& app) {
  app.session.load_preset("six");
  app.session.run();
  app.fit_pending = true;
}

void frame(App& app, float dt) {
  app.session.advance(static_cast<double>(dt));
  control_panel(app);

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float panel = std::min(kPanelWidth, vp->WorkSize.x * 0.5f);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + panel, vp->WorkPos.y));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - panel, vp->WorkSize.y));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("Data", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  canvas(app);
  ImGui::End();
  ImGui::PopStyleVar();
}

Vec2d to_screen(const App& app, double x, double y) { return data_to_pixel(app.view, {x, y}); }

}  // namespace pla::app

// Perceptron Lab app: the Dear ImGui interface. It reads the core's Session and
// sends it commands; it owns only small UI state (the view, the class to draw).
#pragma once
#include "app/mapping.hpp"
#include "core/session.hpp"

namespace pla::app {

struct App {
  Session session;
  Mapping view;          // data <-> display pixels of the canvas
  bool fit_pending = true;  // refit the view to the data on the next frame
  int draw_label = 1;    // class a left click adds (right click adds the other)
  bool show_help = false;
};

// Sets up a fresh lesson: the six-point preset trained by the classic perceptron.
void init(App& app);
// Builds one frame of the interface; dt is the time since the last frame (seconds).
void frame(App& app, float dt);
// Display position (ImGui pixels) where data point (x, y) is drawn.
Vec2d to_screen(const App& app, double x, double y);

}  // namespace pla::app

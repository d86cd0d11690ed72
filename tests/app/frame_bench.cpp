// Prints the CPU time the app spends building one frame (NewFrame, the whole
// interface, Render: everything but the GPU) for data sets of several sizes.
// A benchmark that prints figures, not a timed test.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include "app/app.hpp"
#include "headless.hpp"
#include "imgui.h"

namespace {
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
}  // namespace

int main() {
  using pla::app::test::Context;
  const Context context(1600, 1000);
  pla::app::test::build_default_font();
  ImGuiIO& io = ImGui::GetIO();
  std::printf("%-10s %-10s %14s %14s %12s\n", "points", "state", "cpu ms/frame", "wall ms/frame", "vertices");
  for (std::size_t n : {100u, 10000u, 100000u}) {
    for (const char* state : {"trained", "playing"}) {
      pla::app::App app;
      pla::app::init(app);
      app.session.command({"generate", "separable", std::to_string(n), "2", "0.01", "0", "7"});
      app.session.set("max_epochs", "3");
      if (std::string(state) == "trained") app.session.train();
      else {
        app.session.set("speed", "1000");
        app.session.play();
      }
      io.MousePos = ImVec2(900, 400);  // hovering the canvas
      int vertices = 0;
      const int warmup = 3, frames = 20;
      double c0 = 0;
      std::chrono::steady_clock::time_point w0;
      for (int f = 0; f < warmup + frames; ++f) {
        if (f == warmup) {
          c0 = cpu_seconds();
          w0 = std::chrono::steady_clock::now();
        }
        vertices = pla::app::test::run_frame(app, 1.0f / 60.0f);
      }
      const double cpu = (cpu_seconds() - c0) / frames * 1000.0;
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count() / frames * 1000.0;
      std::printf("%-10zu %-10s %14.2f %14.2f %12d\n", n, state, cpu, wall, vertices);
    }
  }
  return 0;
}

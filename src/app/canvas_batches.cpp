// Perceptron Lab app: the canvas's points as one batch (point_batch.hpp): what they are drawn
// from as the batch's key, and the cues their recording drew, told again when it is reused.
#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

void draw_points_batched(ImDrawList* dl, App& app, void (*marks)(ImDrawList*, App&)) {
  const Session& s = app.session;
  const Dataset& ds = s.data();
  const Mapping& m = app.view.map;
  const Palette& pal = palette(app);
  BatchKey key;
  // The data (and its train / validation split: both change the revision), the view, the colours.
  key.add(&ds).add(ds.x.data()).add(static_cast<std::uint64_t>(ds.size())).add(s.revision());
  key.add(m.center.x).add(m.center.y).add(m.scale_x).add(m.scale_y);
  key.add(m.pixel_min.x).add(m.pixel_min.y).add(m.pixel_max.x).add(m.pixel_max.y);
  for (ImU32 c : {pal.pos, pal.neg, pal.point_edge, pal.mistake}) key.add(static_cast<std::uint64_t>(c));
  key.add(static_cast<double>(pal.point_scale)).add(static_cast<double>(pal.thick));
  key.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(app.input.drag_point)));
  if (app.input.drag_point >= 0) key.add(app.input.drag_to.x).add(app.input.drag_to.y);
  // Up to 5,000 points the marks show the model too (crosses on mistakes, alpha as sizes):
  // recorded again whenever the session changes.
  if (ds.size() <= 5000) {
    key.add(s.changes()).add(&s.learner()).add(s.viewed_step());
    key.add(static_cast<std::uint64_t>(app.view.show_alpha)).add(static_cast<std::uint64_t>(app.view.show_mistakes));
    key.add(static_cast<std::uint64_t>(hides(app, kCueAlpha))).add(static_cast<std::uint64_t>(hides(app, kCueMistakes)));
  }
  CanvasBatches& b = app.view.batches;
  draw_batched(dl, b.points, key, app.hooks.draw_batch, [&](ImDrawList* list) {
    const CanvasView::Cues before = app.view.drawn;
    marks(list, app);
    b.point_crosses = app.view.drawn.crosses - before.crosses;
    b.point_alpha_size = app.view.drawn.alpha_size && !before.alpha_size;
    app.view.drawn = before;
  });
  app.view.drawn.crosses += b.point_crosses;
  app.view.drawn.alpha_size = app.view.drawn.alpha_size || b.point_alpha_size;
}

}  // namespace pla::app

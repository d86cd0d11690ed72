// Perceptron Lab app: layers of the canvas kept as batched geometry (the points with their
// crosses, the decision field): a layer is recorded once, as ImGui's own triangles, into a
// vertex and an index buffer, and drawn again from them for as long as what it was drawn
// from (its key: the data, the view, the colours, and for some layers the model) stays
// the same. Where the platform draws batches itself (PlatformHooks::draw_batch: the
// buffers kept on the GPU, uploaded only when a batch is recorded anew, and drawn through
// an ImDrawList callback), a frame that changes none of them sends no vertex of them; else
// the recorded triangles are copied into the frame's draw list. Either way the triangles,
// and so the pixels, are those the layer's drawing code makes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "imgui.h"

namespace pla::app {

// What a layer was drawn from, as 64-bit words (numbers by their bits).
class BatchKey {
 public:
  BatchKey& add(std::uint64_t v) {
    words_.push_back(v);
    return *this;
  }
  BatchKey& add(double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    return add(bits);
  }
  BatchKey& add(const void* p) { return add(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p))); }
  bool operator==(const BatchKey& o) const { return words_ == o.words_; }
  bool operator!=(const BatchKey& o) const { return !(*this == o); }

 private:
  std::vector<std::uint64_t> words_;
};

// One recorded layer. The platform knows a batch by its address and uploads its copy again
// when `recordings` differs from the count it holds.
struct DrawBatch {
  BatchKey key;
  bool recorded = false;
  std::vector<ImDrawVert> vtx;
  std::vector<ImDrawIdx> idx;
  std::uint64_t recordings = 0;  // how many times it was recorded
};

// The canvas's batched layers.
struct CanvasBatches {
  DrawBatch points;  // the data points (and, up to 5,000 points, their crosses)
  DrawBatch field;   // the decision field of a non-linear hypothesis
  // What the points' recording drew of the cues a lesson may hide (CanvasView::drawn).
  std::size_t point_crosses = 0;
  bool point_alpha_size = false;
};

// Draws batch `b` into `dl`: first records it with `record(list)` (the layer's drawing code,
// given a list of its own with dl's clip rectangle, texture and flags) when `key` is not the
// key it was recorded with; then draws it through `draw` (PlatformHooks::draw_batch) or,
// without one, copies its triangles into dl.
void draw_batched(ImDrawList* dl, DrawBatch& b, const BatchKey& key, ImDrawCallback draw,
                  void (*record)(ImDrawList* list, void* ctx), void* ctx);

template <class F>
void draw_batched(ImDrawList* dl, DrawBatch& b, const BatchKey& key, ImDrawCallback draw, F&& record) {
  using Fn = std::remove_reference_t<F>;
  draw_batched(dl, b, key, draw, [](ImDrawList* list, void* f) { (*static_cast<Fn*>(f))(list); }, &record);
}

}  // namespace pla::app

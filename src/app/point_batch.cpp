// Perceptron Lab app: a canvas layer recorded once as ImGui triangles and drawn again from
// them while its key stays the same (point_batch.hpp).
#include "app/point_batch.hpp"

#include <algorithm>

namespace pla::app {

namespace {

// Records the layer into a list of its own, set up as dl is (clip rectangle, texture, flags),
// and keeps its triangles.
void record_batch(ImDrawList* dl, DrawBatch& b, void (*record)(ImDrawList*, void*), void* ctx) {
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.Flags = dl->Flags;
  list.PushClipRect(dl->GetClipRectMin(), dl->GetClipRectMax());
  list.PushTextureID(dl->_CmdHeader.TextureId);
  record(&list, ctx);
  b.vtx.assign(list.VtxBuffer.Data, list.VtxBuffer.Data + list.VtxBuffer.Size);
  b.idx.assign(list.IdxBuffer.Data, list.IdxBuffer.Data + list.IdxBuffer.Size);
  ++b.recordings;
  b.recorded = true;
}

}  // namespace

void draw_batched(ImDrawList* dl, DrawBatch& b, const BatchKey& key, ImDrawCallback draw,
                  void (*record)(ImDrawList* list, void* ctx), void* ctx) {
  // Also what ImGui's triangles depend on beyond the layer's own key: the font atlas (its
  // white pixel), the texture and the list's anti-aliasing flags.
  BatchKey full = key;
  const ImVec2 white = ImGui::GetFontTexUvWhitePixel();
  full.add(static_cast<double>(white.x)).add(static_cast<double>(white.y)).add(dl->_CmdHeader.TextureId);
  full.add(static_cast<std::uint64_t>(dl->Flags));
  if (!b.recorded || b.key != full) {
    record_batch(dl, b, record, ctx);
    b.key = full;
  }
  if (b.idx.empty()) return;
  if (draw != nullptr) {
    // The platform draws the buffers it keeps (with the clip rectangle of this command), then
    // the renderer sets its own state up again for what follows.
    dl->AddCallback(draw, &b);
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    return;
  }
  const int nv = static_cast<int>(b.vtx.size()), ni = static_cast<int>(b.idx.size());
  dl->PrimReserve(ni, nv);
  const ImDrawIdx base = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
  std::copy(b.vtx.begin(), b.vtx.end(), dl->_VtxWritePtr);
  for (int k = 0; k < ni; ++k) dl->_IdxWritePtr[k] = static_cast<ImDrawIdx>(base + b.idx[static_cast<std::size_t>(k)]);
  dl->_VtxWritePtr += nv;
  dl->_IdxWritePtr += ni;
  dl->_VtxCurrentIdx += static_cast<unsigned int>(nv);
}

}  // namespace pla::app

// The canvas's batched layers (app/point_batch.hpp): the points are recorded once and drawn
// again while the data, the view and the colours stay the same (playing changes none of them
// with many points), recorded anew when one changes; drawn through the platform's callback
// when there is one (their vertices then leave the frame's lists), else copied into the list;
// the cues a recording drew are told again when it is reused.
#include <gtest/gtest.h>

#include "app/app.hpp"
#include "headless.hpp"
#include "imgui.h"

namespace pla::app::point_batch_test {
namespace {

// The app in a 1280 x 800 context with ImGui's own font.
class Headless : public test::Headless {
 public:
  Headless() : test::Headless(Fonts::ImGuiDefault, {}) {}
};

// The draw callback of a platform that draws nothing (the test counts its calls).
int g_calls = 0;
void count_call(const ImDrawList*, const ImDrawCmd*) { ++g_calls; }

// The commands of this frame's lists that call `fn` with `data`.
int callbacks(ImDrawCallback fn, const void* data) {
  int n = 0;
  const ImDrawData* dd = ImGui::GetDrawData();
  for (int l = 0; l < dd->CmdListsCount; ++l)
    for (const ImDrawCmd& c : dd->CmdLists[l]->CmdBuffer)
      if (c.UserCallback == fn && c.UserCallbackData == data) ++n;
  return n;
}

// 100,000 noisy points in view; the vertices of the first frame drawn.
int hundred_thousand(Headless& h) {
  EXPECT_TRUE(h.app.session.command({"generate", "noisy", "100000", "2", "0.01", "0.05", "7"}).ok);
  h.app.view.fit_pending = true;
  return h.frame();
}

TEST(PointBatch, ManyPointsAreRecordedOnceWhilePlayingAndAgainWhenTheViewMoves) {
  Headless h;
  Session& s = h.app.session;
  EXPECT_GT(hundred_thousand(h), 400000);  // without a platform callback the quads are copied into the list
  DrawBatch& b = h.app.view.batches.points;
  ASSERT_TRUE(b.recorded);
  EXPECT_GE(b.vtx.size(), 4u * 90000u);
  const std::uint64_t recorded = b.recordings;
  for (int k = 0; k < 5; ++k) {
    s.step();
    h.frame();
  }
  EXPECT_EQ(b.recordings, recorded) << "steps change neither the data nor the view";
  h.app.view.map.center.x += 0.25;  // the view moves: recorded again
  h.frame();
  EXPECT_EQ(b.recordings, recorded + 1);
  ASSERT_TRUE(s.command({"generate", "noisy", "100000", "2", "0.01", "0.05", "8"}).ok);  // new data
  h.frame();
  EXPECT_EQ(b.recordings, recorded + 2);
}

TEST(PointBatch, ThePlatformCallbackDrawsTheBatchInsteadOfTheList) {
  Headless h;
  hundred_thousand(h);
  const int copied = h.frame();  // a settled frame, the points copied into the list
  const std::size_t batch_vertices = h.app.view.batches.points.vtx.size();
  h.app.hooks.draw_batch = count_call;
  const int drawn = h.frame();
  // The points' vertices left the frame's lists; one callback command draws them, and the
  // renderer's state is set again after it.
  EXPECT_EQ(static_cast<std::size_t>(copied - drawn), batch_vertices);
  EXPECT_EQ(callbacks(count_call, &h.app.view.batches.points), 1);
  EXPECT_GE(callbacks(ImDrawCallback_ResetRenderState, nullptr), 1);
}

TEST(PointBatch, FewPointsFollowTheModelAndKeepTheirCues) {
  Headless h;
  Session& s = h.app.session;
  ASSERT_TRUE(s.command({"generate", "xor", "40", "2", "0", "0", "3"}).ok);  // XOR: a line leaves mistakes
  h.frame();
  h.frame();
  const std::size_t crosses = h.app.view.drawn.crosses;
  ASSERT_GT(crosses, 0u);  // every mistake is crossed
  const std::uint64_t recorded = h.app.view.batches.points.recordings;
  h.frame();
  EXPECT_EQ(h.app.view.batches.points.recordings, recorded) << "nothing changed";
  EXPECT_EQ(h.app.view.drawn.crosses, crosses) << "the reused recording tells its crosses again";
  s.step();  // the model changes: the crosses may, so the points are recorded again
  h.frame();
  EXPECT_EQ(h.app.view.batches.points.recordings, recorded + 1);
}

}  // namespace
}  // namespace pla::app::point_batch_test

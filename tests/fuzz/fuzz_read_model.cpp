// Fuzz target: pla::read_model (model files of `pla predict`). Properties:
//   - a refusal says why, after the file name (its "file" argument), and leaves the
//     output model unchanged;
//   - an accepted model writes (write_model) and reads back to the same model, and
//     model_score runs on a zero point of its input dimension.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/learn/model.hpp"
#include "core/lab/session/session.hpp"
#include "fuzz_util.hpp"

namespace {

bool same_model(const pla::Model& a, const pla::Model& b) {
  if (a.algo != b.algo || a.d != b.d || a.lift != b.lift || !fuzz::same_bits(a.w, b.w) || !fuzz::same_bits(a.b, b.b) ||
      a.kernel_model != b.kernel_model || a.support.size() != b.support.size())
    return false;
  if (a.kernel_model && (pla::kernel_spec(a.kernel) != pla::kernel_spec(b.kernel) || !fuzz::same_bits(a.eta, b.eta)))
    return false;
  for (std::size_t i = 0; i < a.support.size(); ++i) {
    const pla::SupportVector &u = a.support[i], &v = b.support[i];
    if (!fuzz::same_bits(u.alpha, v.alpha) || u.y != v.y || !fuzz::same_bits(u.x, v.x)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  pla::Model m;
  m.algo = pla::Algo::Voted;  // sentinels: a refusal must leave them alone
  m.d = -7;
  const pla::Status st = pla::read_model(text, "fuzz.model", m);
  if (!st) {
    const std::string* file = st.arg("file");
    FUZZ_CHECK(file != nullptr && *file == "fuzz.model", st.error);
    FUZZ_CHECK(st.error.rfind("fuzz.model:", 0) == 0 && st.error.size() > 12, st.error);
    FUZZ_CHECK(m.algo == pla::Algo::Voted && m.d == -7 && m.w.empty() && m.support.empty(),
               "refused input changed the model");
    return 0;
  }
  FUZZ_CHECK(m.d >= 1 && m.d <= pla::kMaxDimension, "accepted d out of range");
  const std::string written = pla::write_model(m);
  pla::Model back;
  const pla::Status again = pla::read_model(written, "roundtrip.model", back);
  FUZZ_CHECK(again.ok, "write_model output does not read back: " + again.error + "\n" + written);
  FUZZ_CHECK(same_model(m, back), "write_model -> read_model changed the model:\n" + written);
  const std::vector<double> zero(static_cast<std::size_t>(m.d), 0.0);
  (void)pla::model_score(m, zero.data());
  return 0;
}

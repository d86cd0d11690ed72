#include "core/data/generators.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "core/data/read/io.hpp"
#include "core/data/presets.hpp"
#include "core/base/rng.hpp"

namespace pla {

namespace {

constexpr std::size_t kMaxPoints = 10000000;

bool is_preset(const std::string& kind) {
  for (const std::string& name : preset_names())
    if (name == kind) return true;
  return false;
}

// A random unit vector: normal coordinates, normalised.
std::vector<double> random_unit(Rng& rng, std::size_t d) {
  std::vector<double> u(d);
  while (true) {
    double sq = 0.0;
    for (double& v : u) {
      v = rng.normal();
      sq += v * v;
    }
    if (sq > 0.0) {
      const double norm = std::sqrt(sq);
      for (double& v : u) v /= norm;
      return u;
    }
  }
}

double dot(const std::vector<double>& w, const double* x) {
  double s = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) s += w[j] * x[j];
  return s;
}

Status separable(const GenSpec& spec, Rng& rng, Dataset& ds, GenTruth& truth) {
  const auto d = static_cast<std::size_t>(spec.d);
  const double gamma = spec.margin;
  std::vector<double> w = random_unit(rng, d);
  const double b = rng.uniform(-0.25, 0.25);
  double norm_sq = 0.0;
  for (double v : w) norm_sq += v * v;
  // Accept y (w.x + b) >= gamma ||w||, with a relative slack of 1e-12 so that the
  // check y (w.x + b) / ||w|| >= gamma also holds after rounding.
  const double threshold = gamma * std::sqrt(norm_sq) * (1.0 + 1e-12);
  const std::size_t budget = 1000 + 200 * spec.n;
  std::size_t draws = 0, accepted_far = 0;
  ds.x.resize(spec.n * d);
  ds.y.resize(spec.n);
  std::size_t positives = 0;
  for (std::size_t i = 0; i < spec.n; ++i) {
    double* x = ds.x.data() + i * d;
    // The last point must supply the missing class if all others share one.
    const int needed = (i + 1 == spec.n) ? (positives == 0 ? 1 : positives == i ? -1 : 0) : 0;
    while (true) {
      if (draws++ >= budget)
        return Status::fail(Msg::gen_separable_failed, {{"n", msg_uint(spec.n)},
                                                         {"margin", format_number(gamma)},
                                                         {"d", msg_uint(d)},
                                                         {"far", msg_uint(accepted_far)},
                                                         {"budget", msg_uint(budget)}});
      for (std::size_t j = 0; j < d; ++j) x[j] = rng.uniform(-1.0, 1.0);
      const double s = dot(w, x) + b;
      if (std::fabs(s) < threshold || s == 0.0) continue;
      ++accepted_far;
      const int label = s > 0.0 ? 1 : -1;
      if (needed != 0 && label != needed) continue;
      ds.y[i] = label;
      positives += label > 0;
      break;
    }
  }
  truth.has_plane = true;
  truth.w = std::move(w);
  truth.b = b;
  return Status::success();
}

Status noisy(const GenSpec& spec, Rng& rng, Dataset& ds, GenTruth& truth) {
  Status st = separable(spec, rng, ds, truth);
  if (!st) return st;
  const std::size_t n = spec.n;
  const auto k = static_cast<std::size_t>(std::floor(spec.noise * static_cast<double>(n) + 0.5));
  // Floyd's sampling of k distinct indices; redrawn if the flips leave one class.
  std::vector<char> flip(n);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::fill(flip.begin(), flip.end(), 0);
    for (std::size_t j = n - k; j < n; ++j) {
      const auto t = static_cast<std::size_t>(rng.below(j + 1));
      flip[flip[t] ? j : t] = 1;
    }
    std::size_t positives = 0;
    for (std::size_t i = 0; i < n; ++i) positives += (flip[i] ? -ds.y[i] : ds.y[i]) > 0;
    if (positives == 0 || positives == n) continue;
    truth.flipped.clear();
    for (std::size_t i = 0; i < n; ++i) {
      if (!flip[i]) continue;
      ds.y[i] = -ds.y[i];
      truth.flipped.push_back(i);
    }
    return Status::success();
  }
  return Status::fail(Msg::gen_noisy_one_class, {{"flipped", msg_uint(k)}, {"n", msg_uint(n)}});
}

Status xor_clusters(const GenSpec& spec, Rng& rng, Dataset& ds) {
  // Cluster order (+,+) +1, (+,-) -1, (-,-) +1, (-,+) -1: classes alternate.
  static const double kSigns[4][2] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
  for (std::size_t i = 0; i < spec.n; ++i) {
    const double* s = kSigns[i % 4];
    const double a = s[0] * rng.uniform(0.1, 1.0) + spec.noise * rng.normal();
    const double c = s[1] * rng.uniform(0.1, 1.0) + spec.noise * rng.normal();
    ds.x.push_back(a);
    ds.x.push_back(c);
    ds.y.push_back(s[0] * s[1] > 0 ? 1 : -1);
  }
  return Status::success();
}

Status circles(const GenSpec& spec, Rng& rng, Dataset& ds) {
  for (std::size_t i = 0; i < spec.n; ++i) {
    const bool inner = i % 2 == 0;
    const double r = inner ? 0.5 : 1.0;
    const double t = rng.uniform(0.0, 2.0 * kPi);
    const double a = r * det_cos(t) + spec.noise * rng.normal();
    const double c = r * det_sin(t) + spec.noise * rng.normal();
    ds.x.push_back(a);
    ds.x.push_back(c);
    ds.y.push_back(inner ? 1 : -1);
  }
  return Status::success();
}

Status moons(const GenSpec& spec, Rng& rng, Dataset& ds) {
  // Upper moon (cos t, sin t), lower moon (1 - cos t, 0.5 - sin t), t in [0, pi],
  // shifted by (-0.5, -0.25) to centre the pair on the origin.
  for (std::size_t i = 0; i < spec.n; ++i) {
    const bool upper = i % 2 == 0;
    const double t = rng.uniform(0.0, kPi);
    const double ct = det_cos(t), st = det_sin(t);
    double a = upper ? ct : 1.0 - ct;
    double c = upper ? st : 0.5 - st;
    a += -0.5 + spec.noise * rng.normal();
    c += -0.25 + spec.noise * rng.normal();
    ds.x.push_back(a);
    ds.x.push_back(c);
    ds.y.push_back(upper ? -1 : 1);
  }
  return Status::success();
}

Status blobs(const GenSpec& spec, Rng& rng, Dataset& ds) {
  const auto d = static_cast<std::size_t>(spec.d);
  const std::vector<double> u = random_unit(rng, d);
  std::vector<double> o(d);
  for (double& v : o) v = rng.uniform(-0.5, 0.5);
  ds.x.reserve(spec.n * d);
  for (std::size_t i = 0; i < spec.n; ++i) {
    const int label = i % 2 == 0 ? 1 : -1;
    for (std::size_t j = 0; j < d; ++j) ds.x.push_back(o[j] + 0.5 * label * u[j] + spec.noise * rng.normal());
    ds.y.push_back(label);
  }
  return Status::success();
}

Status validate(const GenSpec& spec) {
  const std::string& k = spec.kind;
  if (spec.n < 2 || spec.n > kMaxPoints)
    return Status::fail(Msg::gen_n_range, {{"kind", k}, {"n", msg_uint(spec.n)}, {"limit", msg_uint(kMaxPoints)}});
  if (spec.d < 1 || spec.d > kMaxDimension)
    return Status::fail(Msg::gen_d_range, {{"kind", k}, {"d", msg_int(spec.d)}, {"limit", msg_int(kMaxDimension)}});
  const bool planar = k == "xor" || k == "circles" || k == "moons";
  if (planar && spec.d != 2)
    return Status::fail(Msg::gen_planar, {{"kind", k}, {"d", msg_int(spec.d)}});
  if (spec.n > kMaxValues / static_cast<std::size_t>(spec.d))
    return Status::fail(Msg::gen_too_many_values,
                        {{"kind", k}, {"n", msg_uint(spec.n)}, {"d", msg_int(spec.d)}, {"limit", msg_uint(kMaxValues)}});
  if ((k == "separable" || k == "noisy") && !(spec.margin >= 0.0 && spec.margin <= 1.0))
    return Status::fail(Msg::gen_margin_range, {{"kind", k}, {"margin", format_number(spec.margin)}});
  if (k != "separable" && !(spec.noise >= 0.0 && spec.noise <= 0.5))
    return Status::fail(Msg::gen_noise_range, {{"kind", k}, {"noise", format_number(spec.noise)}});
  return Status::success();
}

}  // namespace

const std::vector<std::string>& generator_kinds() {
  static const std::vector<std::string> kinds = {"separable", "noisy", "xor", "circles", "moons",     "blobs",
                                                 "textbook",  "six",   "and", "or",      "customers", "iris"};
  return kinds;
}

Status generate(const GenSpec& spec, Dataset& out, GenTruth* truth) {
  if (is_preset(spec.kind)) {
    Dataset ds;
    Status st = make_preset(spec.kind, ds);
    if (!st) return st;
    out = std::move(ds);
    if (truth) *truth = GenTruth{};
    return Status::success();
  }
  bool known = false;
  for (const std::string& k : generator_kinds()) known = known || k == spec.kind;
  if (!known) {
    std::string list;
    for (const std::string& k : generator_kinds()) list += (list.empty() ? "" : ", ") + k;
    return Status::fail(Msg::gen_unknown, {{"kind", spec.kind}, {"known", list}});
  }
  Status st = validate(spec);
  if (!st) return st;

  Rng rng(spec.seed);
  Dataset ds;
  ds.d = spec.d;
  GenTruth t;
  if (spec.kind == "separable")
    st = separable(spec, rng, ds, t);
  else if (spec.kind == "noisy")
    st = noisy(spec, rng, ds, t);
  else if (spec.kind == "xor")
    st = xor_clusters(spec, rng, ds);
  else if (spec.kind == "circles")
    st = circles(spec, rng, ds);
  else if (spec.kind == "moons")
    st = moons(spec, rng, ds);
  else
    st = blobs(spec, rng, ds);
  if (!st) return st;
  out = std::move(ds);
  if (truth) *truth = std::move(t);
  return Status::success();
}

// ---------------------------------------------------------------- generate_stream

namespace {

// The plane of a streamed separable set: a random unit normal (normal coordinates,
// normalised) and b uniform in [-0.25, 0.25).
void stream_plane(Rng& rng, std::size_t d, std::vector<double>& w, double& b) {
  w.assign(d, 0.0);
  double norm_sq = 0.0;
  while (norm_sq == 0.0) {
    norm_sq = 0.0;
    for (double& v : w) {
      v = rng.normal();
      norm_sq += v * v;
    }
  }
  const double norm = std::sqrt(norm_sq);
  for (double& v : w) v /= norm;
  b = rng.uniform(-0.25, 0.25);
}

// A file written through a buffer of rows (each at most row_max bytes long).
struct RowFile {
  std::FILE* f = nullptr;
  std::vector<char> out;
  std::size_t used = 0;
  std::uint64_t bytes = 0;
  bool ok = true;
  void flush() {
    if (used > 0 && std::fwrite(out.data(), 1, used, f) != used) ok = false;
    bytes += used;
    used = 0;
  }
  // Where the next row goes (room for row_max bytes).
  char* next_row(std::size_t row_max) {
    if (out.size() - used < row_max) flush();
    return out.data() + used;
  }
  void row_ends_at(const char* p) { used = static_cast<std::size_t>(p - out.data()); }
};

// One row of values k_j / 10000 and a label: "k1,...,kd,label" (CSV) or "label 1:k1 ... d:kd" (LIBSVM).
char* write_stream_row(char* p, bool libsvm, const std::vector<int>& k, int label) {
  if (libsvm) {
    *p++ = label > 0 ? '+' : '-';
    *p++ = '1';
    for (std::size_t j = 0; j < k.size(); ++j) {
      *p++ = ' ';
      p = write_uint(p, j + 1);
      *p++ = ':';
      p = write_fixed4(p, k[j]);
    }
  } else {
    for (int v : k) {
      p = write_fixed4(p, v);
      *p++ = ',';
    }
    if (label < 0) *p++ = '-';
    *p++ = '1';
  }
  *p++ = '\n';
  return p;
}

}  // namespace

Status generate_stream(const GenSpec& spec, const std::string& path, GenTruth* truth, StreamGenStats* stats,
                       const std::function<void(std::uint64_t)>& progress) {
  if (spec.kind != "separable") return Status::fail(Msg::stream_gen_kind, {{"kind", spec.kind}});
  if (spec.n < 2 || static_cast<std::uint64_t>(spec.n) > 1000000000000ULL) return Status::fail(Msg::stream_gen_n);
  if (spec.d < 1 || spec.d > kMaxDimension) return Status::fail(Msg::stream_gen_d, {{"limit", msg_int(kMaxDimension)}});
  if (!(spec.margin >= 0.0) || !(spec.margin < 1.0)) return Status::fail(Msg::stream_gen_margin);
  const auto d = static_cast<std::size_t>(spec.d);
  const bool libsvm = has_libsvm_extension(path);

  Rng rng(spec.seed);
  std::vector<double> w;
  double b = 0.0;
  stream_plane(rng, d, w, b);
  double norm_sq = 0.0;
  for (double v : w) norm_sq += v * v;
  const double threshold = spec.margin * std::sqrt(norm_sq) * (1.0 + 1e-12);

  RowFile file;
  file.f = std::fopen(path.c_str(), "wb");
  if (!file.f) return Status::fail(Msg::io_cannot_open_write, {{"path", path}, {"reason", std::strerror(errno)}});
  file.out.resize(std::size_t{4} << 20);
  if (!libsvm) {
    std::string header;
    for (std::size_t j = 0; j < d; ++j) header += "x" + std::to_string(j + 1) + ",";
    header += "label\n";
    if (std::fwrite(header.data(), 1, header.size(), file.f) != header.size()) file.ok = false;
    file.bytes += header.size();
  }
  // The longest row: d values of up to 7 characters, d indices and separators, a label.
  const std::size_t row_max = d * (libsvm ? 16 : 8) + 8;
  if (file.out.size() < 2 * row_max) file.out.resize(2 * row_max);

  std::vector<int> k(d);
  const std::uint64_t budget = 1000 + 200 * static_cast<std::uint64_t>(spec.n);
  std::uint64_t draws = 0, positives = 0;
  for (std::size_t i = 0; i < spec.n && file.ok; ++i) {
    // The last row takes the class no row has had yet, if any.
    const int needed = (i + 1 == spec.n) ? (positives == 0 ? 1 : positives == i ? -1 : 0) : 0;
    int label = 0;
    while (label == 0) {
      if (draws++ >= budget) {
        std::fclose(file.f);
        return Status::fail(Msg::stream_gen_separable, {{"n", msg_uint(spec.n)}, {"margin", format_number(spec.margin)}});
      }
      double s = 0.0;
      for (std::size_t j = 0; j < d; ++j) {
        k[j] = static_cast<int>(rng.below(20001)) - 10000;
        s += w[j] * (k[j] / 10000.0);  // correctly rounded: the double the text reads back as
      }
      s += b;
      if (std::fabs(s) < threshold || s == 0.0) continue;
      label = s > 0.0 ? 1 : -1;
      if (needed != 0 && label != needed) label = 0;
    }
    positives += label > 0;
    file.row_ends_at(write_stream_row(file.next_row(row_max), libsvm, k, label));
    if (progress && (i & 0xFFFF) == 0xFFFF) progress(i + 1);
  }
  file.flush();
  const bool closed = std::fclose(file.f) == 0;
  if (!file.ok || !closed) return Status::fail(Msg::io_cannot_write, {{"path", path}});
  if (progress) progress(spec.n);
  if (truth) {
    truth->has_plane = true;
    truth->w = w;
    truth->b = b;
    truth->flipped.clear();
  }
  if (stats) {
    stats->rows = spec.n;
    stats->positives = positives;
    stats->bytes = file.bytes;
  }
  return Status::success();
}

}  // namespace pla

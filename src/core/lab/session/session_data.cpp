// Perceptron Lab core: the session's data (session.hpp): presets, generated, imported and
// loaded data sets, points added, moved and removed, and the decision value at a point.
#include "core/lab/session/session.hpp"

#include <algorithm>
#include <cmath>

#include "core/data/read/io.hpp"
#include "core/data/presets.hpp"

namespace pla {

Status Session::load_preset(const std::string& name) {
  Dataset ds;
  Status st = make_preset(name, ds);
  if (!st) return st;
  data_ = std::move(ds);
  preset_ = name;
  source_ = DataSource::Preset;
  queries_.clear();
  data_changed(Message());
  return st;
}

Status Session::generate(const GenSpec& spec) {
  Dataset ds;
  Status st = pla::generate(spec, ds);
  if (!st) return st;
  data_ = std::move(ds);
  gen_ = spec;
  source_ = DataSource::Generated;
  data_changed(Message(Msg::session_generated, {{"n", msg_uint(data_.size())}, {"kind", spec.kind}}));
  return st;
}

Status Session::import_csv(const std::string& text, const std::string& source_name) {
  Dataset ds;
  Status st = read_data(text, source_name, ds);
  if (!st) {
    notice_ = Status::fail(Msg::session_import_failed, {}, st);
    return st;
  }
  data_ = std::move(ds);
  source_ = DataSource::Imported;
  data_changed(Message(Msg::session_imported, {{"n", msg_uint(data_.size())}, {"source", source_name}}));
  return st;
}

Status Session::load_data(Dataset ds, const std::string& name) {
  if (ds.d < 1) return Status::fail(Msg::data_no_coordinates, {{"source", name}});
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d)) return Status::fail(Msg::data_ragged, {{"source", name}});
  for (double v : ds.x)
    if (!std::isfinite(v)) return Status::fail(Msg::data_not_finite, {{"source", name}});
  for (int y : ds.y)
    if (y != 1 && y != -1) return Status::fail(Msg::data_bad_labels, {{"source", name}});
  data_ = std::move(ds);
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_loaded, {{"n", msg_uint(data_.size())}, {"source", name}}));
  return Status::success();
}

Status Session::add_point(const std::vector<double>& x, int label) {
  Status st = data_.add(x, label);
  if (!st) return st;
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_data_changed));
  return st;
}

Status Session::move_point(std::size_t i, const std::vector<double>& x) {
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  if (static_cast<int>(x.size()) != data_.d)
    return Status::fail(Msg::point_size, {{"command", "move_point"}, {"d", msg_int(data_.d)}});
  for (double v : x)
    if (!std::isfinite(v)) return Status::fail(Msg::point_not_finite, {{"command", "move_point"}});
  std::copy(x.begin(), x.end(), data_.row(i));
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_point_moved));
  return Status::success();
}

Status Session::remove_point(std::size_t i) {
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  data_.remove(i);
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_point_removed));
  return Status::success();
}

void Session::clear() {
  const int d = data_.d;
  data_ = Dataset();
  data_.d = d >= 1 ? d : 2;
  source_ = DataSource::Custom;
  queries_.clear();
  data_changed(Message(Msg::session_cleared));
}

bool Session::in_validation(std::size_t data_row) const {
  return std::binary_search(valid_index_.begin(), valid_index_.end(), data_row);
}

double Session::decision(const double* x) const {
  if (has_lift_) {
    std::vector<double> z(static_cast<std::size_t>(lift_.output_d()));
    lift_point(lift_, x, z.data());
    return learner().score(z.data());
  }
  return learner().score(x);
}

std::size_t Session::train_mistakes() const { return count_mistakes(learner(), train_); }

std::string Session::preset() const {
  switch (source_) {
    case DataSource::Preset: return preset_;
    case DataSource::Generated: return "gen:" + gen_.kind;
    case DataSource::Imported: return "import";
    default: return "custom";
  }
}

}  // namespace pla

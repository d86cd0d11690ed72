// Perceptron Lab core: the session's update by hand and its records (session.hpp): "you
// choose the point" (update_on), query points, and the iteration table as rows and as CSV.
#include "core/lab/session/session.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iterator>

#include "core/base/values.hpp"

namespace pla {

namespace {
// "(4, 3)": a point's coordinates for a message.
std::string msg_point(const double* x, int d) {
  std::string out = "(";
  for (int j = 0; j < d; ++j) out += (j ? ", " : "") + msg_num(x[j]);
  return out + ")";
}
}  // namespace

Status Session::update_on(std::size_t i) {
  Status ready = need_data();
  if (!ready) return ready;
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  const std::string name = "x" + std::to_string(i + 1);
  const Learner& l = learner();
  if (!Trace::chosen_update_supported(l)) return Status::fail(Msg::iteration_algo, {{"algo", to_string(l.config().algo)}, {"algos", learner_list_where(&LearnerInfo::chosen_update)}});
  const auto at = std::find(train_index_.begin(), train_index_.end(), i);
  if (at == train_index_.end()) return Status::fail(Msg::iteration_validation_point, {{"point", name}});
  if (l.diverged()) return Status::fail(Msg::iteration_diverged);
  const std::size_t t = static_cast<std::size_t>(at - train_index_.begin());
  const double value = train_.y[t] * pla::score(l.running_w(), l.running_b(), train_.row(t));
  const double tau = l.config().pla.tau;
  if (!(value <= tau)) {
    MsgArgs args = {{"point", name}, {"x", msg_point(data_.row(i), data_.d)}, {"value", msg_num(value)}};
    if (tau > 0.0) {
      args.emplace_back("tau", msg_num(tau));
      return Status::fail(Msg::iteration_not_margin_mistake, args);
    }
    return Status::fail(Msg::iteration_not_mistake, args);
  }
  drop_view();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  last_ = trace_.update_on(*learner_, train_, t);
  has_last_ = last_.index < train_.size();
  if (has_last_) record_step(last_);
  if (learner_->diverged()) {
    playing_ = false;
    finish_notice();
  }
  return Status::success();
}

Status Session::add_query(const std::vector<double>& x) {
  if (static_cast<int>(x.size()) != data_.d)
    return Status::fail(Msg::point_size, {{"command", "add_query"}, {"d", msg_int(data_.d)}});
  for (double v : x)
    if (!std::isfinite(v)) return Status::fail(Msg::point_not_finite, {{"command", "add_query"}});
  if (queries_.size() >= kMaxQueries) return Status::fail(Msg::query_limit, {{"max", msg_uint(kMaxQueries)}});
  queries_.push_back(x);
  return Status::success();
}

std::vector<IterationRow> Session::iteration_table() const {
  std::deque<IterationRow> rows;
  const Status st = trace_.replay(
      train_, viewed_step(),
      [&](const TraceStep& rec, const StepInfo& info, const std::vector<double>& w_before, double b_before,
          const Learner& after) {
        if (!info.mistake) return;
        IterationRow r;
        r.k = after.updates();
        r.step = rec.step;
        r.epoch = rec.epoch;
        r.index = rec.index < train_index_.size() ? train_index_[rec.index] : rec.index;
        if (r.index < data_.size()) r.x.assign(data_.row(r.index), data_.row(r.index) + data_.d);
        r.y = train_.y[rec.index];
        r.w_before = w_before;
        r.b_before = b_before;
        r.score = info.score;
        r.w_after = after.running_w();
        r.b_after = after.running_b();
        r.chosen = rec.chosen;
        rows.push_back(std::move(r));
        if (rows.size() > kMaxIterationRows) rows.pop_front();
      });
  if (!st) return {};
  return std::vector<IterationRow>(std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
}

Status Session::iteration_csv(std::string& out) const {
  const std::vector<IterationRow> rows = iteration_table();
  const std::size_t d = static_cast<std::size_t>(data_.d);
  const std::size_t wd = rows.empty() ? learner().running_w().size() : rows.front().w_before.size();
  std::string csv = "k,step,epoch,point,index";
  for (std::size_t j = 1; j <= d; ++j) csv += ",x_" + std::to_string(j);
  csv += ",y,b_before";
  for (std::size_t j = 1; j <= wd; ++j) csv += ",w_before_" + std::to_string(j);
  csv += ",score,y_score,b_after";
  for (std::size_t j = 1; j <= wd; ++j) csv += ",w_after_" + std::to_string(j);
  csv += ",chosen\n";
  for (const IterationRow& r : rows) {
    csv += std::to_string(r.k) + "," + std::to_string(r.step) + "," + std::to_string(r.epoch) + ",x" +
           std::to_string(r.index + 1) + "," + std::to_string(r.index);
    for (double v : r.x) csv += "," + table_number(v);
    csv += "," + std::to_string(r.y) + "," + table_number(r.b_before);
    for (double v : r.w_before) csv += "," + table_number(v);
    csv += "," + table_number(r.score) + "," + table_number(r.y * r.score) + "," + table_number(r.b_after);
    for (double v : r.w_after) csv += "," + table_number(v);
    csv += r.chosen ? ",1\n" : ",0\n";
  }
  out = std::move(csv);
  return Status::success();
}

}  // namespace pla

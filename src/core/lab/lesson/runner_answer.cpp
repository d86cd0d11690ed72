// Perceptron Lab core: LessonRunner's answers (runner.hpp): the answer a question expects
// (computed from the session when its step is shown), a reply checked against it, and the
// first answer recorded (its answer_given event, the question's effect queued) or a
// practice reply on a "retry" question.
#include "core/lab/lesson/runner.hpp"

#include <cctype>
#include <cmath>
#include <memory>

#include "core/base/values.hpp"
#include "core/lab/lesson/text_tools.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/stop.hpp"

namespace pla {

using namespace lesson_text;

namespace {

// The learner after the next update (false when none comes before a stop rule).
bool simulate_next_update(const Session& s, std::unique_ptr<Learner>& out, std::size_t& row) {
  std::unique_ptr<Learner> c = s.learner().clone();
  const Dataset& train = s.train_set();
  if (!c || train.empty() || !c->bound_to(train)) return false;
  for (std::uint64_t n = 0; n < kMaxNextUpdateSteps; ++n) {
    if (stop_rule(s.settings().stop, progress_of(*c)) != StopReason::None) return false;
    const StepInfo st = c->step(train);
    if (st.index >= train.size()) return false;
    if (st.mistake) {
      row = st.index < s.train_index().size() ? s.train_index()[st.index] : st.index;
      out = std::move(c);
      return true;
    }
  }
  return false;
}

std::string lower(std::string v) {
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v;
}

}  // namespace

Status LessonRunner::compute_expected(const Session& s) {
  expected_.clear();
  expected_number_ = 0.0;
  const LessonQuestion& q = lesson_.steps[step_].question;
  const std::string field = at(step_field(step_), q.kind == QuestionKind::PlaceLine ? "question.kind"
                                                  : q.from.empty()                  ? "question.answer"
                                                                                    : "question.from");
  expected_line_.clear();
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}, {"field", field}};
  switch (q.kind) {
    case QuestionKind::None: return Status::success();
    case QuestionKind::Choice: expected_ = q.answer; return Status::success();
    case QuestionKind::YesNo:
      if (q.from.empty()) {
        expected_ = q.answer;
      } else if (q.from == "converged") {
        expected_ = s.learner().converged() ? "yes" : "no";
      } else {  // mistake: the next visit
        std::unique_ptr<Learner> c = s.learner().clone();
        if (!c || s.train_set().empty() || !c->bound_to(s.train_set())) return Status::fail(Msg::lesson_no_update, where);
        expected_ = c->step(s.train_set()).mistake ? "yes" : "no";
      }
      return Status::success();
    case QuestionKind::PickPoint: {
      std::unique_ptr<Learner> c;
      std::size_t row = 0;
      expected_ = simulate_next_update(s, c, row) ? std::to_string(row) : "none";
      return Status::success();
    }
    case QuestionKind::Number: {
      if (q.from.empty()) {
        expected_number_ = q.number;
      } else {
        std::unique_ptr<Learner> c;
        std::size_t row = 0;
        if (!simulate_next_update(s, c, row)) return Status::fail(Msg::lesson_no_update, where);
        std::size_t i = 0;
        if (q.from == "b_after") expected_number_ = c->running_b();
        else if (q.from == "k_after") expected_number_ = static_cast<double>(c->updates());
        else if (indexed(q.from.substr(0, q.from.size() - 6), "w", i)) {
          if (i > c->running_w().size()) {
            MsgArgs args = where;
            args.emplace_back("d", std::to_string(c->running_w().size()));
            return Status::fail(Msg::lesson_dimension, args);
          }
          expected_number_ = c->running_w()[i - 1];
        }
      }
      expected_ = msg_num(expected_number_);
      return Status::success();
    }
    case QuestionKind::PlaceLine: return expect_line(s, where);
  }
  return Status::success();
}

// place_line: the line after the next update ("w1 w2 b", or "none" when w = 0 after it; none
// coming: the line stays where it is), and the data's box its offset is measured in.
Status LessonRunner::expect_line(const Session& s, const MsgArgs& where) {
  const Learner& l = s.learner();
  if (s.data().d != 2 || s.lift() || !l.linear() || l.running_w().size() != 2) {
    MsgArgs args = where;
    args.emplace_back("d", std::to_string(l.running_w().size() == 2 ? static_cast<std::size_t>(s.data().d)
                                                                    : l.running_w().size()));
    return Status::fail(Msg::lesson_line_not_2d, args);
  }
  // The data's bounding box: the offset is measured at its centre, over its diagonal.
  const Dataset& ds = s.data();
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double* r = ds.row(i);
    if (i == 0 || r[0] < x0) x0 = r[0];
    if (i == 0 || r[0] > x1) x1 = r[0];
    if (i == 0 || r[1] < y0) y0 = r[1];
    if (i == 0 || r[1] > y1) y1 = r[1];
  }
  box_cx_ = (x0 + x1) * 0.5;
  box_cy_ = (y0 + y1) * 0.5;
  box_diag_ = std::hypot(x1 - x0, y1 - y0);
  if (!(box_diag_ > 0.0) || !std::isfinite(box_diag_)) box_diag_ = 1.0;
  std::unique_ptr<Learner> c;
  std::size_t row = 0;
  const Learner& after = simulate_next_update(s, c, row) ? *c : l;
  const std::vector<double>& w = after.running_w();
  const double b = after.running_b();
  if (w.size() != 2 || (w[0] == 0.0 && w[1] == 0.0)) {
    expected_ = "none";
  } else {
    expected_line_ = {w[0], w[1], b};
    expected_ = msg_num(w[0]) + " " + msg_num(w[1]) + " " + msg_num(b);
  }
  return Status::success();
}

// Checks a reply against the question shown; changes nothing but, for a place_line
// question whose line could not be computed, its expected answer (computed again).
Status LessonRunner::check_reply(Session& s, const std::string& value, Checked& out) {
  const LessonQuestion& q = lesson_.steps[step_].question;
  MsgArgs bad = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  bad.emplace_back("value", value.substr(0, 40));
  out.right = false;
  out.given = value;
  switch (q.kind) {
    case QuestionKind::YesNo: {
      const std::string v = lower(value);
      if (v != "yes" && v != "no") return Status::fail(Msg::lesson_reply_yes_no, bad);
      out.right = v == expected_;
      out.given = v;
      break;
    }
    case QuestionKind::Number: {
      double v = 0;
      if (!parse_double(value, v) || !std::isfinite(v)) return Status::fail(Msg::lesson_reply_number, bad);
      out.right = std::fabs(v - expected_number_) <= q.tolerance;
      break;
    }
    case QuestionKind::PickPoint:
    case QuestionKind::Choice: {
      const std::size_t n = q.kind == QuestionKind::Choice ? q.options.size() : s.data().size();
      std::uint64_t v = 0;
      if (q.kind == QuestionKind::PickPoint && value == "none") {
        out.right = expected_ == "none";
        break;
      }
      if (!parse_u64(value, v) || v >= n || n == 0) {
        bad.emplace_back("max", std::to_string(n ? n - 1 : 0));
        return Status::fail(Msg::lesson_reply_index, bad);
      }
      out.given = std::to_string(v);
      out.right = out.given == expected_;
      break;
    }
    case QuestionKind::PlaceLine: return check_line(s, value, bad, out);
    default: break;
  }
  return Status::success();
}

// A place_line reply: "none", or the line "a b c" measured against the expected one.
Status LessonRunner::check_line(Session& s, const std::string& value, const MsgArgs& bad, Checked& out) {
  const LessonQuestion& q = lesson_.steps[step_].question;
  if (expected_.empty()) {  // the step could not compute its line (not 2-D): say why again
    Status why = compute_expected(s);
    if (!why) return why;
  }
  std::string v = lower(value);
  v.erase(0, v.find_first_not_of(" \t"));
  v.erase(v.find_last_not_of(" \t") + 1);
  if (v == "none") {
    out.right = expected_ == "none";
    out.given = "none";
    return Status::success();
  }
  std::vector<double> g;
  if (!parse_line(value, g) || (g[0] == 0.0 && g[1] == 0.0)) return Status::fail(Msg::lesson_reply_line, bad);
  out.given = msg_num(g[0]) + " " + msg_num(g[1]) + " " + msg_num(g[2]);
  if (expected_line_.size() != 3) return Status::success();  // expected none: any line is wrong
  // (a, b, c) and (-a, -b, -c) are one line: align the reply's normal with the expected one.
  const double A = expected_line_[0], B = expected_line_[1], C = expected_line_[2];
  const double ne = std::hypot(A, B), ng = std::hypot(g[0], g[1]);
  // The angle between the unit normals from atan2(|cross|, |dot|): exactly 0 for the
  // expected line itself (acos of a cosine rounded below 1 gave 1e-6 degrees, more
  // than a small angle_deg).
  const double ua = A / ne, ub = B / ne, va = g[0] / ng, vb = g[1] / ng;
  const double dot = ua * va + ub * vb, cross = ua * vb - ub * va;
  const double sign = dot < 0 ? -1.0 : 1.0;
  const double de = (A * box_cx_ + B * box_cy_ + C) / ne;
  const double dg = sign * (g[0] * box_cx_ + g[1] * box_cy_ + g[2]) / ng;
  out.angle = std::atan2(std::fabs(cross), std::fabs(dot)) * 180.0 / 3.14159265358979323846;
  out.offset = std::fabs(de - dg) / box_diag_;
  out.line = true;
  out.right = out.angle <= q.angle_deg + 1e-9 && out.offset <= q.offset + 1e-12;
  return Status::success();
}

// A reply to the question shown: its first answer (checked, recorded, the answer_given
// event with what its texts are written from, the question's effect and the feedback's
// numbers queued), or practice on a closed "retry" question (checked only).
Status LessonRunner::answer_now(Session& s, const std::string& value, bool* correct) {
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  const LessonQuestion& q = lesson_.steps[step_].question;
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  if (q.kind == QuestionKind::None) return Status::fail(Msg::lesson_no_question, where);
  const bool recorded = closed() || results_[step_] != 0;
  if (recorded && !q.retry)
    return Status::fail(passed_ || results_[step_] == 3 ? Msg::lesson_passed : Msg::lesson_answered, where);
  Checked c;
  const Status st = check_reply(s, value, c);
  if (!st) return st;
  if (correct) *correct = c.right;
  if (recorded) {  // practice: never recorded
    practicing_ = false;
    practiced_ = true;
    practice_correct_ = c.right;
    practice_given_ = c.given;
    return Status::success();
  }
  answered_ = true;
  correct_ = c.right;
  given_ = c.given;
  line_errors_ = c.line;
  if (c.line) {
    angle_error_ = c.angle;
    offset_error_ = c.offset;
  }
  results_[step_] = c.right ? 1 : 2;
  replies_[step_] = c.given;
  AnswerTexts texts;
  texts.event = events_.size();
  texts.vars = shown_;
  texts.source = source(shown_);
  answer_texts_.push_back(std::move(texts));
  event(Json{{"event", "answer_given"}, {"id", lesson_.id}, {"question", step_}, {"answer", c.given}, {"correct", c.right}});
  Op effect{Op::Effect, step_, 0, next_group_++};
  push(effect);
  push(Op{Op::AnswerDone, step_, 0, effect.group});
  return Status::success();
}

}  // namespace pla

// Perceptron Lab core: .npy data of a DataStream (stream_state.hpp): the arrays (a 2-D
// float64 / float32 array with the label last, or the features with a label vector of their
// own), checked when opened, and rows read from them (mapped natively, else read whole).
#include <algorithm>

#include "core/data/read/stream_state.hpp"

namespace pla {

using namespace text;

Status DataStream::Impl::open_npy(const char* bytes, std::size_t n_bytes) {
  Status st = npy_array(std::string_view(bytes, n_bytes), path, npy_x);
  if (!st) return st;
  const std::vector<std::uint64_t>& shape = npy_x.h.shape;
  const std::string shape_text = npy_shape_text(shape);
  if (npy_x.h.kind != 'f') return Status::fail(Msg::npy_data_kind, {{"file", path}, {"descr", npy_x.h.descr}});
  if (npy_labels) {
    if (shape.size() != 2 || shape[0] == 0 || shape[1] == 0)
      return Status::fail(Msg::npy_shape_labels, {{"file", path}, {"shape", shape_text}});
    st = labels_file.load(opts.labels_path);
    if (!st) return st;
    st = npy_array(std::string_view(labels_file.data, labels_file.size), opts.labels_path, npy_y);
    if (!st) return st;
    const std::vector<std::uint64_t>& ys = npy_y.h.shape;
    if (!((ys.size() == 1 && ys[0] == shape[0]) || (ys.size() == 2 && ys[0] == shape[0] && ys[1] == 1)))
      return Status::fail(Msg::npy_labels_shape,
                          {{"file", opts.labels_path}, {"shape", npy_shape_text(ys)}, {"n", msg_uint(shape[0])}});
    d = shape[1] > static_cast<std::uint64_t>(kMaxDimension) ? kMaxDimension + 1 : static_cast<int>(shape[1]);
  } else {
    if (shape.size() != 2 || shape[0] == 0 || shape[1] < 2)
      return Status::fail(Msg::npy_shape, {{"file", path}, {"shape", shape_text}});
    d = shape[1] - 1 > static_cast<std::uint64_t>(kMaxDimension) ? kMaxDimension + 1 : static_cast<int>(shape[1] - 1);
  }
  if (d > kMaxDimension)
    return fail_at(path, 0, 0, Msg::csv_too_many_columns,
                   {{"columns", msg_uint(npy_labels ? shape[1] : shape[1] - 1)}, {"limit", msg_int(kMaxDimension)}});
  if (opts.expected_d > 0 && d != opts.expected_d)
    return fail_at(path, 0, 0, Msg::read_d_mismatch, {{"d", msg_int(d)}, {"expected_d", msg_int(opts.expected_d)}});
  if (opts.max_values > 0 && shape[0] > opts.max_values / static_cast<std::uint64_t>(d))
    return fail_at(path, 0, 0, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
  estimate = shape[0];
  return Status::success();
}

template <class T>
Status DataStream::Impl::npy_read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
  const auto width = static_cast<std::size_t>(d);
  const std::uint64_t n = npy_x.rows;
  const std::uint64_t stop = std::min<std::uint64_t>(n, rows + max_rows);
  if (rows >= n) return finish_pass();
  const std::size_t at = x.size();
  x.resize(at + static_cast<std::size_t>(stop - rows) * width);
  T* out = x.data() + at;
  const bool c64 = npy_x.h.kind == 'f' && npy_x.h.item_size == 8 && !npy_x.h.fortran;
  for (std::uint64_t i = rows; i < stop; ++i, out += width) {
    if (c64) {
      // C order float64: the row's values are contiguous
      const unsigned char* src = npy_x.data + static_cast<std::size_t>(i * npy_x.cols) * 8;
      for (std::size_t j = 0; j < width; ++j) {
        double v;
        std::memcpy(&v, src + j * 8, 8);
        if (!std::isfinite(v) || !stream::store_value(v, out[j])) return npy_value_error(i, j, v);
      }
    } else {
      for (std::size_t j = 0; j < width; ++j) {
        const double v = npy_x.item(i, j);
        if (!std::isfinite(v) || !stream::store_value(v, out[j])) return npy_value_error(i, j, v);
      }
    }
    const double lv = npy_labels ? npy_y.item(i, 0) : npy_x.item(i, width);
    int label = 0;
    const long long row = static_cast<long long>(i) + 1;
    if (lv == 1.0) label = 1;
    else if (lv == -1.0 || lv == 0.0) {
      long long& mine = lv == -1.0 ? npy_row_of_minus : npy_row_of_zero;
      const long long other = lv == -1.0 ? npy_row_of_zero : npy_row_of_minus;
      if (other > 0)
        return fail_at(npy_labels ? opts.labels_path : path, 0, 0, Msg::npy_label_mixed,
                       {{"row", msg_int(row)},
                        {"value", format_number(lv)},
                        {"other_row", msg_int(other)},
                        {"other", lv == -1.0 ? "0" : "-1"}});
      if (mine == 0) mine = row;
      label = -1;
    } else {
      return fail_at(npy_labels ? opts.labels_path : path, 0, 0, Msg::npy_label_unknown,
                     {{"row", msg_int(row)}, {"value", format_number(lv)}});
    }
    y.push_back(label);
    positives += label > 0;
  }
  rows = stop;
  return Status::success();
}

Status DataStream::Impl::npy_value_error(std::uint64_t i, std::size_t j, double v) const {
  const MsgArgs where = {{"row", msg_uint(i + 1)}, {"feature", msg_uint(j + 1)}, {"value", format_number(v)}};
  return fail_at(path, 0, 0, std::isfinite(v) ? Msg::npy_float32_range : Msg::npy_not_finite, where);
}

template Status DataStream::Impl::npy_read<double>(std::size_t, std::vector<double>&, std::vector<int>&);
template Status DataStream::Impl::npy_read<float>(std::size_t, std::vector<float>&, std::vector<int>&);

}  // namespace pla

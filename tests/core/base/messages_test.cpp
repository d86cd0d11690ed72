// The message table (status.hpp, messages_*.def): every code well formed, and the exact
// English of every code the data side and training use (readers, data sets, generators,
// kernels, learners, stop messages, lifting, margin, models, traces, files) for sample
// arguments: the words users, the README and the CLI tests see.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "core/base/status.hpp"
#include "core/learn/stop.hpp"

namespace pla::messages_test {
namespace {

// ---------------------------------------------------------------- the table

TEST(Messages, TableIsInCodeOrder) {
  const std::vector<MsgInfo>& t = message_table();
  ASSERT_EQ(t.size(), static_cast<std::size_t>(Msg::count_) - 1);
  for (std::size_t i = 0; i < t.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(t[i].code), i + 1) << t[i].key;
    EXPECT_EQ(&message_info(t[i].code), &t[i]) << t[i].key;
  }
  EXPECT_STREQ(message_info(Msg::none).key, "none");
}

TEST(Messages, KeysAreUniqueDottedAndFindTheirCode) {
  std::set<std::string> seen;
  for (const MsgInfo& m : message_table()) {
    const std::string key = m.key;
    EXPECT_TRUE(seen.insert(key).second) << "duplicate key " << key;
    // area.name: lower-case words joined by '_', one dot between area and name.
    const std::size_t dot = key.find('.');
    ASSERT_NE(dot, std::string::npos) << key;
    EXPECT_EQ(key.find('.', dot + 1), std::string::npos) << key;
    EXPECT_GT(dot, 0u) << key;
    EXPECT_LT(dot + 1, key.size()) << key;
    for (char c : key) EXPECT_TRUE(c == '.' || c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) << key;
    Msg back = Msg::none;
    EXPECT_TRUE(message_from_key(key, back)) << key;
    EXPECT_EQ(back, m.code) << key;
  }
  Msg none = Msg::csv_empty;
  EXPECT_FALSE(message_from_key("no.such_key", none));
  EXPECT_EQ(none, Msg::csv_empty);
}

// The names of the {placeholders} of a template; false when a brace is unbalanced, a
// placeholder empty or not an identifier (lower case, digits, '_').
bool placeholders(const std::string& tmpl, std::vector<std::string>& names) {
  names.clear();
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == '}') return false;
    if (tmpl[i] != '{') continue;
    const std::size_t close = tmpl.find('}', i + 1);
    if (close == std::string::npos) return false;
    const std::string name = tmpl.substr(i + 1, close - i - 1);
    if (name.empty() || !(std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
    for (char c : name)
      if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_'))
        return false;
    names.push_back(name);
    i = close;
  }
  return true;
}

TEST(Messages, TemplatesAreNonEmptyWithWellFormedPlaceholders) {
  for (const MsgInfo& m : message_table()) {
    const std::string tmpl = m.english;
    EXPECT_FALSE(tmpl.empty()) << m.key;
    std::vector<std::string> names;
    EXPECT_TRUE(placeholders(tmpl, names)) << m.key << ": " << tmpl;
    // The location is the rendering's prefix, never part of a template.
    for (const std::string& n : names) {
      EXPECT_NE(n, "file") << m.key;
      EXPECT_NE(n, "column") << m.key;
    }
    EXPECT_NE(tmpl.back(), ' ') << m.key;
    EXPECT_NE(tmpl.front(), ' ') << m.key;
  }
  std::vector<std::string> names;
  EXPECT_TRUE(placeholders("a {b_1} c {d}", names));
  EXPECT_EQ(names, (std::vector<std::string>{"b_1", "d"}));
  for (const char* bad : {"a {", "a }", "{}", "{Big}", "{a b}", "{a{b}"}) EXPECT_FALSE(placeholders(bad, names)) << bad;
}

// Info codes are notices, never failures; every failure code has an exit status.
TEST(Messages, StopMessagesAreNoticesAndFailuresHaveExitCodes) {
  for (Msg c : {Msg::stop_converged, Msg::stop_max_epochs, Msg::stop_max_updates, Msg::stop_early, Msg::stop_diverged})
    EXPECT_EQ(message_info(c).kind, MsgKind::Info) << message_info(c).key;
  EXPECT_EQ(Status::fail(Msg::csv_empty).exit_code(), 2);
  EXPECT_EQ(Status::fail(Msg::train_unbound).exit_code(), 2);
  EXPECT_EQ(Status::fail(Msg::io_cannot_open, {{"path", "p"}, {"reason", "r"}}).exit_code(), 1);
  EXPECT_EQ(Status::fail(Msg::kernel_gram_too_large).exit_code(), 1);
  EXPECT_EQ(Status::success().exit_code(), 0);
}

// ---------------------------------------------------------------- the English of each code

struct Rendering {
  Msg code;
  MsgArgs args;
  const char* english;
};

// The table of renderings: sample arguments and the exact English, one row per code. The
// location (file, line, column) is the prefix.
const Rendering kRenderings[] = {
    // general file codes used by the readers, writers and streaming
    {Msg::io_cannot_open, {{"path", "d.csv"}, {"reason", "No such file or directory"}},
     "cannot open 'd.csv': No such file or directory"},
    {Msg::io_cannot_open_write, {{"path", "/x/d.csv"}, {"reason", "No such file or directory"}},
     "cannot open '/x/d.csv' for writing: No such file or directory"},
    {Msg::io_cannot_read, {{"path", "dir"}}, "cannot read 'dir'"},
    {Msg::io_cannot_read_reason, {{"path", "dir"}, {"reason", "Is a directory"}}, "cannot read 'dir': Is a directory"},
    {Msg::io_cannot_write, {{"path", "o.csv"}}, "cannot write 'o.csv' (disk full or no permission?)"},
    {Msg::io_cannot_rewind, {{"path", "big.csv"}}, "cannot rewind 'big.csv'"},
    // readers
    {Msg::read_line_too_long,
     {{"file", "long.csv"}, {"line", "2"}, {"column", "1"}, {"bytes", "16777217"}, {"limit", "16777216"}},
     "long.csv:2:1: line 2 is 16777217 bytes long, more than the limit of 16777216 bytes (16 MiB) per line"},
    {Msg::read_nul_byte, {{"file", "bin.csv"}, {"line", "2"}, {"column", "1"}, {"byte", "3"}},
     "bin.csv:2:1: line 2 has a NUL byte (byte 3): this is binary data, not CSV or LIBSVM text"},
    {Msg::read_utf16, {{"file", "d.csv"}, {"line", "1"}, {"column", "1"}},
     "d.csv:1:1: the text is UTF-16 encoded; save it as UTF-8 (or ASCII)"},
    {Msg::read_expected_d_range, {{"file", "d.csv"}, {"expected_d", "-1"}, {"limit", "100000"}},
     "d.csv: expected d = -1 is out of range (0 = any, or 1..100000)"},
    {Msg::read_d_mismatch, {{"file", "d.csv"}, {"line", "2"}, {"column", "1"}, {"d", "2"}, {"expected_d", "3"}},
     "d.csv:2:1: the file has d = 2 feature columns, expected d = 3"},
    {Msg::read_too_much_data, {{"file", "many.libsvm"}, {"line", "201"}, {"column", "1"}, {"limit", "20000000"}},
     "many.libsvm:201:1: too much data: more than 20000000 values (n * d) in one data set"},
    {Msg::read_one_class, {{"file", "d.csv"}, {"line", "2"}, {"column", "3"}, {"count", "2"}, {"label", "+1"}},
     "d.csv:2:3: all 2 labels are +1: a perceptron needs both classes (-1 and +1)"},
    {Msg::read_file_too_large, {{"path", "/tmp/big.csv"}, {"bytes", "1073741825"}, {"limit", "1073741824"}},
     "'/tmp/big.csv' is 1073741825 bytes, more than the limit of 1073741824 bytes (1 GiB) per data file"},
    {Msg::read_file_over_limit, {{"path", "-"}, {"limit", "1073741824"}},
     "'-' is over 1073741824 bytes, more than the limit of 1073741824 bytes (1 GiB) per data file"},
    {Msg::number_empty, {{"file", "d.csv"}, {"line", "2"}, {"column", "2"}}, "d.csv:2:2: empty field, expected a number"},
    {Msg::number_not_finite, {{"value", "nan"}}, "'nan' is not a finite number"},
    {Msg::number_out_of_range, {{"value", "1e999"}}, "'1e999' is out of range for a double"},
    {Msg::number_not_number, {{"file", "data.csv"}, {"line", "7"}, {"column", "3"}, {"value", "abc"}},
     "data.csv:7:3: 'abc' is not a number"},
    {Msg::label_empty, {}, "empty label (labels must be -1/+1 or 0/1)"},
    {Msg::label_unknown, {{"file", "b.csv"}, {"line", "3"}, {"column", "3"}, {"value", "7"}},
     "b.csv:3:3: unknown label '7' (labels must be -1/+1 or 0/1)"},
    {Msg::label_mixed_minus, {{"other_line", "1"}},
     "label -1 mixes conventions: line 1 uses 0/1 labels (use -1/+1 or 0/1 throughout)"},
    {Msg::label_mixed_zero, {{"file", "data.csv"}, {"line", "3"}, {"column", "3"}, {"other_line", "1"}},
     "data.csv:3:3: label 0 mixes conventions: line 1 uses -1/+1 labels (use -1/+1 or 0/1 throughout)"},
    {Msg::header_number_empty, {}, "empty field, expected a number (a header row must contain only column names)"},
    {Msg::header_number_not_finite, {{"value", "inf"}},
     "'inf' is not a finite number (a header row must contain only column names)"},
    {Msg::header_number_out_of_range, {{"value", "1e400"}},
     "'1e400' is out of range for a double (a header row must contain only column names)"},
    {Msg::header_number_not_number, {{"file", "data.csv"}, {"line", "1"}, {"column", "2"}, {"value", "abc"}},
     "data.csv:1:2: 'abc' is not a number (a header row must contain only column names)"},
    {Msg::header_label_empty, {},
     "empty label (labels must be -1/+1 or 0/1) (a header row must contain only column names)"},
    {Msg::header_label_unknown, {{"value", "cat"}},
     "unknown label 'cat' (labels must be -1/+1 or 0/1) (a header row must contain only column names)"},
    {Msg::csv_empty, {{"file", "d.csv"}, {"line", "1"}, {"column", "1"}}, "d.csv:1:1: no data rows (the text is empty)"},
    {Msg::csv_no_rows_after_header, {}, "no data rows after the header"},
    {Msg::csv_unterminated_quote, {}, "unterminated quoted field (a closing \" is missing on this line)"},
    {Msg::csv_text_after_quote, {{"value", "x,1"}}, "unexpected text 'x,1' after the closing quote"},
    {Msg::csv_too_many_fields, {{"fields", "100001"}, {"limit", "100000"}},
     "more than 100001 fields: the limit is 100000 feature columns and a label column"},
    {Msg::csv_one_column, {{"separator", "comma"}},
     "only one column (separator comma): need at least one feature column and a label column"},
    {Msg::csv_too_many_columns, {{"columns", "100001"}, {"limit", "100000"}},
     "100001 feature columns, more than the limit of 100000"},
    {Msg::csv_duplicate_label_column, {{"name", "LABEL"}, {"first", "1"}, {"second", "3"}},
     "two columns are named 'LABEL' (columns 1 and 3): which one holds the labels?"},
    {Msg::csv_row_fields, {{"fields", "2"}, {"expected", "3"}, {"first_line", "1"}, {"separator", "semicolon"}},
     "row has 2 fields, expected 3 (as on line 1; separator semicolon)"},
    {Msg::libsvm_empty, {}, "no data rows (the text is empty or only comments)"},
    {Msg::libsvm_label_first, {{"value", "1:1"}}, "the line starts with '1:1', expected a label first"},
    {Msg::libsvm_not_pair, {{"value", "5"}}, "'5' is not an index:value pair"},
    {Msg::libsvm_qid, {}, "'qid:' (ranking query id) is not supported"},
    {Msg::libsvm_index_not_whole, {{"value", "x"}}, "feature index 'x' is not a positive whole number"},
    {Msg::libsvm_index_zero, {}, "feature index 0: LIBSVM indices start at 1"},
    {Msg::libsvm_index_above_expected, {{"index", "3"}, {"expected_d", "2"}},
     "feature index 3 is above the expected d = 2"},
    {Msg::libsvm_index_above_limit, {{"file", "wide.libsvm"}, {"line", "2"}, {"column", "4"}, {"index", "100001"}, {"limit", "100000"}},
     "wide.libsvm:2:4: feature index 100001 is above the limit d <= 100000"},
    {Msg::libsvm_index_order, {{"file", "data.libsvm"}, {"line", "1"}, {"column", "10"}, {"index", "1"}, {"previous", "1"}},
     "data.libsvm:1:10: feature index 1 does not follow the previous index 1 (indices must increase)"},
    {Msg::libsvm_no_value, {{"index", "1"}}, "feature 1 has no value after ':'"},
    {Msg::libsvm_no_pairs, {}, "no index:value pair in any row, so d is unknown (pass the expected d)"},
    {Msg::libsvm_too_many_rows, {{"rows", "201"}, {"d", "100000"}, {"limit", "20000000"}},
     "201 rows of d = 100000 are more than 20000000 values (n * d) in one data set"},
    // decimal commas, .npy
    {Msg::csv_decimal_mixed_point, {{"file", "m.csv"}, {"line", "4"}, {"column", "2"}, {"value", "3,5"}, {"first_line", "2"}},
     "m.csv:4:2: '3,5' has a decimal comma, but this file writes numbers with a decimal point (as on line 2)"},
    {Msg::csv_decimal_mixed_comma, {{"value", "3.5"}, {"first_line", "2"}},
     "'3.5' has a decimal point, but this file writes numbers with a decimal comma (as on line 2)"},
    {Msg::csv_decimal_want_point, {{"value", "3,5"}}, "'3,5' has a decimal comma, but a decimal point was asked for"},
    {Msg::csv_decimal_want_comma, {{"value", "3.5"}}, "'3.5' has a decimal point, but a decimal comma was asked for"},
    {Msg::csv_decimal_separator, {},
     "a decimal comma needs ';' or tab between the fields, but this file separates them with commas"},
    {Msg::npy_bad_magic, {{"file", "x.npy"}}, "x.npy: not a NumPy .npy file (its first bytes are not the .npy magic)"},
    {Msg::npy_truncated_header, {{"file", "x.npy"}}, "x.npy: the .npy header is cut short"},
    {Msg::npy_version, {{"version", "4.0"}}, ".npy format version 4.0 is not supported (1.0, 2.0 and 3.0 are)"},
    {Msg::npy_bad_header, {},
     "the .npy header is malformed (expected a dict with 'descr', 'fortran_order' and 'shape')"},
    {Msg::npy_dtype, {{"descr", "<c16"}},
     "the .npy data type '<c16' is not supported: save float64 ('<f8') or float32 ('<f4')"},
    {Msg::npy_big_endian, {{"descr", ">f8"}}, "the .npy data are big-endian ('>f8'): save them little-endian"},
    {Msg::npy_data_kind, {{"descr", "<i8"}},
     "the .npy data type '<i8' is not supported for the points: save float64 ('<f8') or float32 ('<f4')"},
    {Msg::npy_shape, {{"shape", "(5,)"}},
     "the array has shape (5,): expected 2 dimensions (n, d + 1), the label in the last column"},
    {Msg::npy_shape_labels, {{"shape", "(5,)"}},
     "the array has shape (5,): expected 2 dimensions (n, d), the labels in their own file"},
    {Msg::npy_labels_shape, {{"shape", "(4,)"}, {"n", "5"}},
     "the labels have shape (4,): expected (5,) or (5, 1), one per point"},
    {Msg::npy_truncated, {{"bytes", "16"}, {"shape", "(3, 2)"}, {"needed", "48"}},
     "the file holds 16 bytes of data, the shape (3, 2) needs 48"},
    {Msg::npy_not_finite, {{"file", "x.npy"}, {"row", "3"}, {"feature", "2"}, {"value", "nan"}},
     "x.npy: row 3, feature 2: nan is not a finite number"},
    {Msg::npy_label_unknown, {{"row", "3"}, {"value", "2"}},
     "row 3: unknown label 2 (labels must be -1/+1 or 0/1)"},
    {Msg::npy_label_mixed, {{"row", "3"}, {"value", "0"}, {"other_row", "1"}, {"other", "-1"}},
     "row 3: label 0 mixes conventions: row 1 has label -1 (use -1/+1 or 0/1 throughout)"},
    {Msg::npy_labels_need_npy, {}, "separate labels need the points in a .npy file too"},
    {Msg::npy_float32_range, {{"row", "1"}, {"feature", "1"}, {"value", "1e+39"}},
     "row 1, feature 1: 1e+39 is beyond the float32 range (|x| <= 3.4e38): use --dtype float64"},
    // streaming
    {Msg::stream_not_open, {}, "no file is open"},
    {Msg::stream_file_changed, {{"file", "s.csv"}, {"first_rows", "3"}, {"rows", "4"}},
     "s.csv: the file changed between passes (3 rows, now 4)"},
    {Msg::stream_index_above_d, {{"index", "5"}, {"d", "4"}},
     "feature index 5 is above d = 4 found when the file was opened (did the file change?)"},
    {Msg::stream_float32_range, {{"file", "big.csv"}, {"line", "2"}, {"column", "2"}, {"value", "1e39"}},
     "big.csv:2:2: '1e39' is beyond the float32 range (|x| <= 3.4e38): use --dtype float64"},
    {Msg::stream_no_validation, {}, "early stopping needs a validation set, which streaming does not split off"},
    {Msg::stream_gen_kind, {{"kind", "moons"}}, "streamed generation makes kind 'separable' only (asked for 'moons')"},
    {Msg::stream_gen_n, {}, "n must be in 2..1e12"},
    {Msg::stream_gen_d, {{"limit", "100000"}}, "d must be in 1..100000"},
    {Msg::stream_gen_margin, {}, "margin must be in [0, 1)"},
    {Msg::stream_gen_separable, {{"n", "10"}, {"margin", "0.999"}},
     "separable: could not place 10 points at margin gamma = 0.999 from a random plane: choose a smaller margin"},
    // data sets and splits
    {Msg::dataset_point_size, {{"coordinates", "1"}, {"d", "2"}}, "point has 1 coordinates, the data set has d = 2"},
    {Msg::dataset_label, {{"label", "0"}}, "label must be +1 or -1, got 0"},
    {Msg::dataset_not_finite, {}, "coordinates must be finite numbers"},
    {Msg::dataset_bad_d, {{"d", "0"}}, "data set dimension d = 0 (d must be at least 1)"},
    {Msg::dataset_size_mismatch, {{"values", "4"}, {"points", "1"}, {"d", "3"}},
     "data set holds 4 coordinates for 1 points of d = 3"},
    {Msg::dataset_names, {{"names", "1"}, {"d", "3"}}, "data set has 1 feature names for d = 3"},
    {Msg::dataset_point_label, {{"point", "0"}, {"label", "2"}}, "point 0 has label 2 (must be +1 or -1)"},
    {Msg::dataset_point_not_finite, {{"point", "0"}, {"coordinate", "2"}}, "point 0 coordinate 2 is not finite"},
    {Msg::split_validation_fraction, {{"value", "-0.1"}}, "validation fraction must be in [0, 1), got -0.1"},
    {Msg::split_test_fraction, {{"value", "1"}}, "test fraction must be in [0, 1), got 1"},
    {Msg::split_fraction_sum, {{"validation", "0.6"}, {"test", "0.4"}},
     "validation fraction + test fraction must be below 1 (got 0.6 + 0.4)"},
    {Msg::split_no_training, {{"n", "2"}, {"validation", "1"}, {"test", "1"}},
     "a split of 2 points into 1 validation and 1 test points leaves no training point"},
    // generators and presets
    {Msg::gen_unknown, {{"kind", "spiral"}, {"known", "separable, noisy"}},
     "unknown generator 'spiral' (known: separable, noisy)"},
    {Msg::gen_n_range, {{"kind", "blobs"}, {"n", "1"}, {"limit", "10000000"}},
     "blobs: n = 1 points is out of range (2..10000000)"},
    {Msg::gen_d_range, {{"kind", "blobs"}, {"d", "0"}, {"limit", "100000"}}, "blobs: d = 0 is out of range (1..100000)"},
    {Msg::gen_planar, {{"kind", "xor"}, {"d", "3"}}, "xor data is two-dimensional: d must be 2, got d = 3"},
    {Msg::gen_too_many_values, {{"kind", "blobs"}, {"n", "10000000"}, {"d", "3"}, {"limit", "20000000"}},
     "blobs: n * d = 10000000 * 3 values is above the limit of 20000000"},
    {Msg::gen_margin_range, {{"kind", "noisy"}, {"margin", "1.5"}}, "noisy: margin gamma = 1.5 is out of range [0, 1]"},
    {Msg::gen_noise_range, {{"kind", "noisy"}, {"noise", "0.6"}}, "noisy: noise = 0.6 is out of range [0, 0.5]"},
    {Msg::gen_separable_failed, {{"n", "100"}, {"margin", "1"}, {"d", "1"}, {"far", "0"}, {"budget", "21000"}},
     "separable: could not place 100 points at margin gamma = 1 from a random plane in [-1,1]^1 (only 0 of 21000 "
     "random points were that far): choose a smaller margin"},
    {Msg::gen_noisy_one_class, {{"flipped", "1"}, {"n", "2"}},
     "noisy: flipping 1 of 2 labels always leaves a single class: use more points or less noise"},
    {Msg::preset_unknown, {{"name", "titanic"}, {"known", "textbook, six, and, or, customers, iris"}},
     "unknown preset 'titanic' (known: textbook, six, and, or, customers, iris)"},
    // kernels
    {Msg::kernel_poly_degree, {{"degree", "21"}}, "poly kernel degree must be a whole number in 1..20, got 21"},
    {Msg::kernel_poly_coef0, {}, "poly kernel coef0 (c) must be a finite number"},
    {Msg::kernel_rbf_gamma, {}, "rbf kernel gamma must be a finite number > 0"},
    {Msg::kernel_gram_too_large, {{"n", "6000"}, {"megabytes", "288"}, {"limit", "5000"}},
     "the dual/kernel perceptron stores an N x N Gram matrix: N = 6000 points would take 288 MB, above the limit "
     "of 5000 points; use fewer points, a primal learner, or a feature lift"},
    // learners and training
    {Msg::learner_unknown, {{"algo", "magic"}, {"known", "classic|pocket"}},
     "unknown learner algo 'magic' (known: classic|pocket)"},
    {Msg::learner_eta, {}, "eta must be a finite number > 0"},
    {Msg::learner_tau, {}, "tau of the margin perceptron must be a finite number >= 0"},
    {Msg::learner_dual_init, {{"algo", "kernel"}}, "the kernel perceptron starts from alpha = 0: init must be zero"},
    {Msg::learner_max_gram_points, {}, "max_gram_points must be > 0"},
    {Msg::train_empty, {}, "the training set is empty: nothing to train on"},
    {Msg::train_unbound, {}, "the learner is not bound to this training set (call reset on it first)"},
    {Msg::train_no_stop_rule, {}, "no stop rule: set max_epochs or max_updates > 0 (non-separable data never converges)"},
    {Msg::train_patience_needs_validation, {}, "early stopping (patience > 0) needs a non-empty validation set"},
    {Msg::train_validation_d, {{"validation_d", "3"}, {"d", "2"}}, "the validation set has d = 3, the training set d = 2"},
    {Msg::train_no_step, {}, "the learner did not step on the training set"},
    {Msg::train_restore_failed, {}, "could not restore the best learner"},
    {Msg::fast_float32_range, {{"point", "2"}, {"coordinate", "1"}, {"value", "1000000000000000044885712678075916785549312.000000"}},
     "point 2, coordinate 1: 1000000000000000044885712678075916785549312.000000 is beyond the float32 range "
     "(|x| <= 3.4e38); use float64"},
    {Msg::fast_bad_d, {}, "the dimension d must be >= 1"},
    {Msg::fast_order, {{"order", "shuffle"}}, "the fast perceptron visits the points in cyclic order, not shuffle"},
    {Msg::fast_restart, {}, "the fast perceptron has no restart rule"},
    {Msg::fast_path_algo, {{"algo", "pocket"}, {"algos", "classic, margin"}}, "the fast path runs these learners only: classic, margin (not pocket)"},
    {Msg::fast_path_order, {{"order", "random"}}, "the fast path visits the points in cyclic order, not random"},
    {Msg::fast_path_restart, {}, "the fast path has no restart rule (it needs the whole set in memory)"},
    {Msg::fast_malformed, {}, "the data set is malformed (x does not hold size * d values)"},
    // why training stopped
    {Msg::stop_converged, {{"epochs", "8"}, {"updates", "7"}}, "converged: epoch 8 made no mistake (7 updates in all)"},
    {Msg::stop_max_epochs, {{"max_epochs", "50"}, {"mistakes", "2"}, {"points", "4"}},
     "stopped at max_epochs = 50 without converging (2 of 4 training points wrong; the data may not be linearly "
     "separable)"},
    {Msg::stop_max_updates, {{"max_updates", "17"}, {"mistakes", "3"}, {"points", "203"}},
     "stopped at max_updates = 17 (3 of 203 training points wrong)"},
    {Msg::stop_early,
     {{"patience", "3"}, {"best_epoch", "4"}, {"stop_epoch", "7"}, {"validation_mistakes", "2"}, {"validation_points", "80"}},
     "early stopping: no fewer validation mistakes for 3 epochs after epoch 4 (stopped at epoch 7, restored epoch 4 "
     "with 2 of 80 validation points wrong)"},
    {Msg::stop_diverged, {{"steps", "1"}}, "diverged: w or b became inf/NaN at step 1 (eta or the coordinates are too large)"},
    // lifting
    {Msg::lift_no_coordinates, {}, "lift: the points must have at least 1 coordinate"},
    {Msg::lift_empty_feature, {{"spec", "x1,,x2"}}, "lift spec 'x1,,x2' has an empty feature (write e.g. x1^2,x2^2,x1*x2)"},
    {Msg::lift_bad_factor, {{"feature", "y1"}, {"factor", "y1"}}, "lift feature 'y1': 'y1' is not x<k> or x<k>^<p>"},
    {Msg::lift_no_variable, {{"feature", "x3"}, {"index", "3"}, {"d", "2"}},
     "lift feature 'x3': x3 does not exist, the points have 2 coordinates"},
    {Msg::lift_bad_power, {{"feature", "x1^0"}, {"factor", "x1^0"}},
     "lift feature 'x1^0': the power in 'x1^0' must be a whole number >= 1"},
    {Msg::lift_degree, {{"feature", "x1^13"}, {"degree", "13"}, {"limit", "12"}},
     "lift feature 'x1^13' has degree 13, above 12"},
    {Msg::lift_poly_degree, {{"feature", "poly0"}, {"limit", "12"}}, "lift 'poly0': polyK needs K in 1..12"},
    {Msg::lift_too_many, {{"file", "wide.model"}, {"spec", "poly1"}, {"limit", "512"}},
     "wide.model: lift spec 'poly1' makes more than 512 features"},
    {Msg::lift_duplicate, {{"spec", "x1*x2,x2*x1"}, {"feature", "x1*x2"}},
     "lift spec 'x1*x2,x2*x1' lists the feature x1*x2 twice"},
    {Msg::lift_wrong_d, {{"lift_d", "2"}, {"d", "3"}}, "lift is for points of 2 coordinates, the data set has d = 3"},
    {Msg::lift_none, {}, "lift has no features"},
    {Msg::lift_overflow, {{"point", "1"}, {"feature", "x1^2"}}, "lifting point 1 overflows in feature x1^2"},
    // the margin
    {Msg::margin_bad_d, {{"d", "0"}}, "the data set has dimension d = 0: the margin needs d >= 1"},
    {Msg::margin_empty, {}, "the data set is empty: the margin needs at least one point"},
    {Msg::margin_size_mismatch, {{"values", "3"}, {"points", "2"}, {"d", "2"}},
     "the data set holds 3 coordinates for 2 points of dimension 2"},
    {Msg::margin_label, {{"point", "0"}, {"label", "0"}}, "label of point 0 is 0: labels must be +1 or -1"},
    {Msg::margin_not_finite, {{"coordinate", "1"}, {"point", "1"}}, "coordinate 1 of point 1 is not a finite number"},
    {Msg::margin_coordinate_too_large, {},
     "compute_margin: a coordinate exceeds 1e150 in size, out of range for the exact margin (its squared distances "
     "would overflow)"},
    // models
    {Msg::model_no_alpha, {}, "the kernel learner has no alpha for its training set"},
    {Msg::model_no_hyperplane, {}, "the learner has no hyperplane to save"},
    {Msg::model_line_too_long, {{"file", "big.model"}, {"line", "3"}}, "big.model:3: line too long"},
    {Msg::model_not_model, {{"file", "m"}, {"line", "1"}},
     "m:1: not a Perceptron Lab model (expected 'perceptron-lab-model 1')"},
    {Msg::model_algo_arity, {}, "algo takes one name"},
    {Msg::model_d, {{"file", "big.model"}, {"line", "2"}, {"limit", "100000"}},
     "big.model:2: d must be a whole number in [1, 100000]"},
    {Msg::model_lift_arity, {}, "lift takes one spec without spaces"},
    {Msg::model_kernel_arity, {}, "kernel takes one spec"},
    {Msg::model_eta, {}, "eta must be a number > 0"},
    {Msg::model_w_empty, {}, "w needs at least one number"},
    {Msg::model_not_finite, {{"value", "inf"}}, "'inf' is not a finite number"},
    {Msg::model_b, {}, "b must be a finite number"},
    {Msg::model_sv_arity, {}, "sv needs ALPHA Y and the point"},
    {Msg::model_sv_alpha, {}, "sv alpha must be a number >= 0"},
    {Msg::model_sv_label, {}, "sv label must be +1 or -1"},
    {Msg::model_sv_sizes, {}, "support points differ in size"},
    {Msg::model_unknown_key, {{"key", "v"}}, "unknown key 'v'"},
    {Msg::model_empty, {{"file", "e.model"}}, "e.model: empty file, not a model"},
    {Msg::model_incomplete, {{"file", "e.model"}}, "e.model: incomplete model (needs d and b)"},
    {Msg::model_kernel_has_w, {{"file", "mixed.model"}, {"line", "4"}},
     "mixed.model:4: a kernel model has no w (its hyperplane is the sv lines)"},
    {Msg::model_sv_without_kernel, {{"file", "mixed.model"}, {"line", "5"}},
     "mixed.model:5: sv lines need a kernel line (a linear model is w and b)"},
    {Msg::model_sv_d, {{"values", "3"}, {"expected", "2"}}, "support points have 3 values, expected 2"},
    {Msg::model_needs_w, {}, "a linear model needs w"},
    {Msg::model_w_d, {{"values", "1"}, {"expected", "2"}}, "w has 1 values, expected 2"},
    // traces
    {Msg::trace_not_started, {}, "the trace has not been started"},
    {Msg::trace_out_of_range, {{"step", "31"}, {"first", "0"}, {"last", "30"}}, "step 31 is outside the trace (steps 0..30)"},
    {Msg::trace_other_data, {}, "the data set has another size or dimension than the one the trace was recorded on"},
    {Msg::trace_replay_mismatch, {{"step", "12"}},
     "replaying step 12 does not match the trace: the data set changed since it was recorded"},
    {Msg::trace_wrong_learner, {}, "rewind needs a learner of the kind the trace recorded"},
};

TEST(Messages, EnglishOfEachDataCode) {
  for (const Rendering& r : kRenderings) {
    const Status st = Status::fail(r.code, r.args);
    EXPECT_EQ(st.error, r.english) << message_info(r.code).key;
    EXPECT_EQ(Message(r.code, r.args).english(), r.english) << message_info(r.code).key;
    // Every placeholder of the template is filled by the sample.
    EXPECT_EQ(st.error.find('{'), std::string::npos) << message_info(r.code).key << ": " << st.error;
  }
}

TEST(Messages, EveryDataCodeHasItsEnglishChecked) {
  std::set<Msg> checked;
  for (const Rendering& r : kRenderings) checked.insert(r.code);
  // The codes of messages_data.def are contiguous in the table, from the first reader
  // code to the last trace code.
  const auto first = static_cast<std::size_t>(Msg::read_line_too_long);
  const auto last = static_cast<std::size_t>(Msg::trace_wrong_learner);
  ASSERT_LT(first, last);
  for (std::size_t i = first; i <= last; ++i) {
    const Msg code = static_cast<Msg>(i);
    EXPECT_TRUE(checked.count(code)) << "no English check for " << message_info(code).key;
  }
}

TEST(Messages, AWrappedFailureRendersAsOuterColonInner) {
  const Status inner = Status::fail(Msg::dataset_bad_d, {{"d", "0"}});
  const Status st = Status::fail(Msg::io_cannot_write_cause, {{"path", "o.csv"}}, inner);
  EXPECT_EQ(st.error, "cannot write 'o.csv': data set dimension d = 0 (d must be at least 1)");
  EXPECT_EQ(st.code, Msg::io_cannot_write_cause);
  ASSERT_TRUE(st.cause);
  EXPECT_EQ(st.cause->code, Msg::dataset_bad_d);
}

// The stop messages are stop_message's: each reason words itself with its own arguments.
TEST(Messages, StopMessageFillsEachReasonsArguments) {
  StopRules rules;
  rules.max_epochs = 50;
  rules.max_updates = 17;
  rules.patience = 3;
  StopProgress p;
  p.epochs = 8;
  p.updates = 7;
  StopDetails d;
  d.steps = 24;
  d.train_mistakes = 2;
  d.train_points = 4;
  d.best_epoch = 4;
  d.stop_epoch = 7;
  d.validation_mistakes = 1;
  d.validation_points = 80;
  EXPECT_EQ(stop_message(StopReason::Converged, rules, p, d).english(),
            "converged: epoch 8 made no mistake (7 updates in all)");
  EXPECT_EQ(stop_message(StopReason::MaxEpochs, rules, p, d).english(),
            "stopped at max_epochs = 50 without converging (2 of 4 training points wrong; the data may not be "
            "linearly separable)");
  EXPECT_EQ(stop_message(StopReason::MaxUpdates, rules, p, d).english(),
            "stopped at max_updates = 17 (2 of 4 training points wrong)");
  EXPECT_EQ(stop_message(StopReason::EarlyStopping, rules, p, d).english(),
            "early stopping: no fewer validation mistakes for 3 epochs after epoch 4 (stopped at epoch 7, restored "
            "epoch 4 with 1 of 80 validation points wrong)");
  EXPECT_EQ(stop_message(StopReason::Diverged, rules, p, d).english(),
            "diverged: w or b became inf/NaN at step 24 (eta or the coordinates are too large)");
  EXPECT_TRUE(stop_message(StopReason::None, rules, p, d).empty());
}

}  // namespace
}  // namespace pla::messages_test

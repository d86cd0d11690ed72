#include "core/data/presets.hpp"

#include <utility>

#include "core/data/read/io.hpp"

namespace pla {

// src/core/data/iris_setosa_versicolor.csv, embedded by CMake (a generated .cpp in the build folder).
extern const char kIrisSetosaVersicolorCsv[];

namespace {
struct Row {
  double a, b;
  int y;
};

Dataset from_rows(std::initializer_list<Row> rows) {
  Dataset ds;
  ds.d = 2;
  for (const Row& r : rows) {
    ds.x.push_back(r.a);
    ds.x.push_back(r.b);
    ds.y.push_back(r.y);
  }
  return ds;
}

// Shop customers: unit price paid (EUR) and quantity per order. Big customers (+1) buy
// in bulk at wholesale prices, small ones (-1) buy a few units at retail prices.
// Listed alternately big / small; linearly separable.
Dataset customers() {
  Dataset ds =
      from_rows({{8, 85, 1},  {30, 12, -1}, {10, 72, 1},  {35, 6, -1},  {12, 90, 1},  {28, 20, -1}, {14, 64, 1},
                 {42, 9, -1}, {16, 78, 1},  {22, 18, -1}, {18, 55, 1},  {17, 30, -1}, {21, 68, 1},  {46, 4, -1},
                 {24, 48, 1}, {33, 26, -1}, {11, 58, 1},  {25, 35, -1}, {27, 52, 1},  {38, 16, -1}});
  ds.feature_names = {"price", "quantity"};
  return ds;
}
}  // namespace

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {"textbook", "six", "and", "or", "customers", "iris"};
  return names;
}

Status make_preset(const std::string& name, Dataset& out) {
  if (name == "textbook") {
    // The textbook example: (3,3)+1, (4,3)+1, (1,1)-1.
    out = from_rows({{3, 3, 1}, {4, 3, 1}, {1, 1, -1}});
  } else if (name == "six") {
    out = from_rows({{3, 3, 1}, {4, 3, 1}, {1, 1, -1}, {2, 2, -1}, {3, 1, -1}, {5, 2, 1}});
  } else if (name == "and") {
    out = from_rows({{0, 0, -1}, {0, 1, -1}, {1, 0, -1}, {1, 1, 1}});
  } else if (name == "or") {
    out = from_rows({{0, 0, -1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 1}});
  } else if (name == "customers") {
    out = customers();
  } else if (name == "iris") {
    // Fisher's Iris, setosa (-1) vs versicolor (+1) on (sepal length, petal length) in cm.
    Dataset ds;
    Status st = read_csv(kIrisSetosaVersicolorCsv, "iris_setosa_versicolor.csv", ds, 2);
    if (!st) return st;
    out = std::move(ds);
  } else {
    std::string list;
    for (const auto& n : preset_names()) list += (list.empty() ? "" : ", ") + n;
    return Status::fail(Msg::preset_unknown, {{"name", name}, {"known", list}});
  }
  return Status::success();
}

}  // namespace pla

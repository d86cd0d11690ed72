#include "core/presets.hpp"

namespace pla {

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
}  // namespace

const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {"textbook", "six", "and", "or"};
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
  } else {
    std::string list;
    for (const auto& n : preset_names()) list += (list.empty() ? "" : ", ") + n;
    return Status::fail("unknown preset '" + name + "' (known: " + list + ")");
  }
  return Status::success();
}

}  // namespace pla

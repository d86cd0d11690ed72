// Perceptron Lab core: the built-in lesson data sets.
#pragma once
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

// Names accepted by make_preset, in menu order.
const std::vector<std::string>& preset_names();
// Fills `out` with the named preset; fails with the list of names otherwise.
Status make_preset(const std::string& name, Dataset& out);

}  // namespace pla

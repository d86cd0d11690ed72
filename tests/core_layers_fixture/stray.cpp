// A file outside every layer folder (refused).
#include "core/base/low.hpp"

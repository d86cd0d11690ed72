// A file missing from the layer table (refused).
#include "core/low.hpp"

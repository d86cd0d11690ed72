// A base file that includes a lab file (refused).
#pragma once
#include "core/high.hpp"

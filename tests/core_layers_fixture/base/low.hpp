// A base file that includes a lab file (refused).
#pragma once
#include "core/lab/lesson/high.hpp"

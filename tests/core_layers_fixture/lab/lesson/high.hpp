// A lab file that includes a base file (allowed).
#pragma once
#include "core/base/low.hpp"

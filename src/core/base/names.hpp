// Perceptron Lab core: one name table per enum (Algo, Order, Init, KernelType, ...):
// the names are written once, and to_string, parse and the list of names for menus and
// messages all read the same table. Names are parsed once, at the edge (settings,
// commands, files), and enums are used everywhere inside.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace pla {

template <class E>
struct EnumName {
  E value;
  const char* name;
};

template <class E, std::size_t N>
const char* enum_name(const EnumName<E> (&table)[N], E v) {
  for (const EnumName<E>& n : table)
    if (n.value == v) return n.name;
  return "";
}

template <class E, std::size_t N>
bool enum_parse(const EnumName<E> (&table)[N], const std::string& s, E& out) {
  for (const EnumName<E>& n : table)
    if (s == n.name) {
      out = n.value;
      return true;
    }
  return false;
}

template <class E, std::size_t N>
std::vector<std::string> enum_names(const EnumName<E> (&table)[N]) {
  std::vector<std::string> out;
  for (const EnumName<E>& n : table) out.emplace_back(n.name);
  return out;
}

}  // namespace pla

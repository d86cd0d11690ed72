// Perceptron Lab core: the text files a build may leave out of its binary (data_files.hpp):
// what was asked for, what came and what failed.
#include "core/base/data_files.hpp"

#include <algorithm>
#include <utility>

namespace pla {

const std::string* DataFiles::find(const std::string& name) const {
  const auto it = files_.find(name);
  return it != files_.end() && it->second.state == State::Here ? &it->second.text : nullptr;
}

void DataFiles::want(const std::string& name) {
  if (files_.count(name)) return;
  File& f = files_[name];
  f.order = ++asked_;
}

std::vector<std::string> DataFiles::take_wanted() {
  std::vector<std::pair<std::size_t, std::string>> asked;
  for (auto& kv : files_)
    if (kv.second.state == State::Wanted) {
      asked.emplace_back(kv.second.order, kv.first);
      kv.second.state = State::HandedOut;
    }
  std::sort(asked.begin(), asked.end());
  std::vector<std::string> out;
  for (auto& a : asked) out.push_back(std::move(a.second));
  return out;
}

void DataFiles::provide(const std::string& name, std::string text) {
  File& f = files_[name];
  f.state = State::Here;
  f.text = std::move(text);
}

void DataFiles::fail(const std::string& name, std::string reason) {
  File& f = files_[name];
  if (f.state == State::Here) return;  // a late failure of a second fetch: the text stays
  f.state = State::Failed;
  f.text = std::move(reason);
}

bool DataFiles::pending() const {
  for (const auto& kv : files_)
    if (kv.second.state == State::Wanted || kv.second.state == State::HandedOut) return true;
  return false;
}

Status DataFiles::status(const std::string& name) {
  want(name);
  const File& f = files_[name];
  if (f.state == State::Here) return Status::success();
  if (f.state == State::Failed) return Status::fail(Msg::data_failed, {{"name", name}, {"reason", f.text}});
  return Status::fail(Msg::data_pending, {{"name", name}});
}

void DataFiles::forget_failure(const std::string& name) {
  const auto it = files_.find(name);
  if (it != files_.end() && it->second.state == State::Failed) files_.erase(it);
}

}  // namespace pla

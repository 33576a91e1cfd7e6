#include "server/http/languages.hpp"

#include <algorithm>

namespace dvonn::server {
namespace {

// A language code: 2 to 16 of a-z A-Z 0-9 '-' '_' (en, fr, pt-BR).
bool is_code(std::string_view code) {
  if (code.size() < 2 || code.size() > 16) return false;
  for (char c : code)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

}  // namespace

nlohmann::json list_languages(const StaticFiles& files) {
  std::vector<std::string> codes;
  for (const std::string& name : files.list("/i18n/")) {
    if (!name.ends_with(".json")) continue;
    std::string code = name.substr(0, name.size() - 5);
    if (is_code(code)) codes.push_back(code);
  }
  std::sort(codes.begin(), codes.end());
  nlohmann::json list = nlohmann::json::array();
  for (const std::string& code : codes) {
    auto file = files.find("/i18n/" + code + ".json");
    if (!file) continue;
    nlohmann::json text = nlohmann::json::parse(file->body, nullptr, false);
    std::string name = code;
    if (text.is_object())
      if (auto f = text.find("language.name"); f != text.end() && f->is_string()) name = f->get<std::string>();
    list.push_back({{"code", code}, {"name", name}});
  }
  return {{"languages", list}};
}

}  // namespace dvonn::server

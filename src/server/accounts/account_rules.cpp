#include "server/accounts/account_rules.hpp"

namespace dvonn::server {

std::string check_new_name(std::string_view name) {
  if (name.size() < 3 || name.size() > 20) return "a name has 3 to 20 characters";
  for (char c : name)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return "a name may use only the letters A-Z and a-z, digits, '_' and '-'";
  if (!((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z'))) return "a name starts with a letter";
  if (name_key(name).starts_with("engine")) return "names starting with \"engine\" are reserved for the engine";
  return "";
}

std::string check_password(std::string_view password) {
  if (password.size() < 8) return "a password has at least 8 characters";
  if (password.size() > 128) return "a password has at most 128 bytes";
  return "";
}

std::string name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

}  // namespace dvonn::server
